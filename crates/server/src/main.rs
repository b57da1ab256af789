//! `fieldtag`: the whole product in one binary.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fieldtag_server::cli::alerts::AlertAction;
use fieldtag_server::config::Config;

#[derive(Parser)]
#[command(name = "fieldtag", version, about = "Offline-first equipment inspection and service tracker")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start the server (API and web app).
    Serve(Config),
    /// Print what is due for one piece of equipment, from records as synced.
    Due {
        /// A JSON file {now, site, equipment, equipmentType, serviceTypes, performedServices,
        /// locationOverrides, serviceMonths, deficiencies, history}; `-` reads standard input.
        #[arg(long)]
        input: PathBuf,
        /// Add the steps that produced each date.
        #[arg(long)]
        explain: bool,
    },
    /// Create a demo organisation with a login and a living set of records.
    SeedDemo {
        #[command(flatten)]
        config: Config,
        #[command(flatten)]
        demo: fieldtag_server::cli::seed_demo::SeedDemoArgs,
    },
    /// Manage the banners every user sees.
    Alerts {
        #[command(flatten)]
        config: Config,
        #[command(subcommand)]
        action: AlertAction,
    },
    /// Copy the SQLite database to a new file while the server runs (PostgreSQL: pg_dump).
    Backup {
        #[command(flatten)]
        config: Config,
        /// The file to write; it must not exist.
        file: PathBuf,
    },
    /// Replace the SQLite database with a backup (stop the server first); clients resynchronise.
    Restore {
        #[command(flatten)]
        config: Config,
        /// A file written by `fieldtag backup`.
        file: PathBuf,
    },
    /// Start a new server epoch, after restoring the database by other means (pg_restore).
    NewEpoch {
        #[command(flatten)]
        config: Config,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(config) => fieldtag_server::serve::run(config),
        Command::Due { input, explain } => fieldtag_server::cli::due::run(&input, explain),
        Command::SeedDemo { config, demo } => fieldtag_server::cli::seed_demo::run(config, demo),
        Command::Alerts { config, action } => fieldtag_server::cli::alerts::run(config, action),
        Command::Backup { config, file } => fieldtag_server::cli::backup::backup(config, &file),
        Command::Restore { config, file } => fieldtag_server::cli::backup::restore(config, &file),
        Command::NewEpoch { config } => fieldtag_server::cli::backup::new_epoch(config),
    }
}
