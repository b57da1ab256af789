//! `fieldtag`: the whole product in one binary.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(config) => fieldtag_server::serve::run(config),
    }
}
