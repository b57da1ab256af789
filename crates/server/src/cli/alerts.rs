//! `fieldtag alerts add|list|remove`: the banners every user sees (spec §1).

use std::process::ExitCode;

use clap::Subcommand;
use fieldtag_store::{Store, StoreError};

use crate::config::Config;

#[derive(Debug, Subcommand)]
pub enum AlertAction {
    /// Show a banner to every user.
    Add {
        /// info, warning or error.
        #[arg(long = "type", default_value = "info", value_parser = ["info", "warning", "error"])]
        alert_type: String,
        /// The text of the banner.
        message: String,
    },
    /// List the banners shown now.
    List,
    /// Stop showing a banner.
    Remove {
        /// The id `list` shows.
        id: String,
    },
}

pub fn run(config: Config, action: AlertAction) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fieldtag: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        match act(&config, action).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("fieldtag alerts: {message}");
                ExitCode::FAILURE
            }
        }
    })
}

async fn act(config: &Config, action: AlertAction) -> Result<(), String> {
    let url = config.database_url();
    if url.starts_with("sqlite:") {
        std::fs::create_dir_all(&config.data_dir).map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
    }
    let store = Store::connect(&url).await.map_err(|e| format!("cannot open the database: {e}"))?;
    let outcome = match action {
        AlertAction::Add { alert_type, message } => {
            if message.trim().is_empty() {
                return Err("the message is empty".into());
            }
            let id = store.add_global_alert(&alert_type, message.trim()).await.map_err(|e| e.to_string())?;
            println!("{id}");
            Ok(())
        }
        AlertAction::List => {
            for alert in store.global_alerts().await.map_err(|e| e.to_string())? {
                println!(
                    "{}\t{}\t{}",
                    alert["id"].as_str().unwrap_or(""),
                    alert["type"].as_str().unwrap_or(""),
                    alert["message"].as_str().unwrap_or("")
                );
            }
            Ok(())
        }
        AlertAction::Remove { id } => match store.remove_global_alert(&id).await {
            Err(StoreError::NotFound) => Err(format!("no alert {id}")),
            other => other.map_err(|e| e.to_string()),
        },
    };
    store.close().await;
    outcome
}
