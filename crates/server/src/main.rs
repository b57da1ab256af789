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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(config) => fieldtag_server::serve::run(config),
        Command::Due { input, explain } => fieldtag_server::cli::due::run(&input, explain),
        Command::SeedDemo { config, demo } => fieldtag_server::cli::seed_demo::run(config, demo),
        Command::Alerts { config, action } => fieldtag_server::cli::alerts::run(config, action),
    }
}
