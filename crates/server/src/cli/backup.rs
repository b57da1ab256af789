//! `fieldtag backup`, `restore` and `new-epoch`: copies of the database, and telling clients
//! that the server's history of changes started again (docs/operations.md).

use std::path::Path;
use std::process::ExitCode;

use fieldtag_store::{Engine, Store, restore_sqlite};

use crate::config::Config;

/// Writes a consistent copy of the SQLite database to `target` while the server runs.
pub fn backup(config: Config, target: &Path) -> ExitCode {
    run("backup", async {
        let url = config.database_url();
        if Engine::of_url(&url) == Some(Engine::Postgres) {
            return Err(fieldtag_store::BackupError::Postgres.to_string());
        }
        if !Path::new(&config.data_dir).join("fieldtag.db").exists() && config.database_url.is_none() {
            return Err(format!("there is no database in {} to back up", config.data_dir.display()));
        }
        let store = Store::connect(&url).await.map_err(|e| format!("cannot open the database: {e}"))?;
        let done = store.backup_to(target).await;
        store.close().await;
        done.map_err(|e| e.to_string())?;
        println!("backed up to {}", target.display());
        Ok(())
    })
}

/// Replaces the SQLite database with a backup (the server must be stopped) and gives it a new epoch.
pub fn restore(config: Config, backup: &Path) -> ExitCode {
    run("restore", async {
        let url = config.database_url();
        if url.starts_with("sqlite:") {
            std::fs::create_dir_all(&config.data_dir).map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
        }
        let epoch = restore_sqlite(&url, backup).await.map_err(|e| e.to_string())?;
        println!("restored {}; new server epoch {epoch}: clients will download everything again", backup.display());
        Ok(())
    })
}

/// Gives the database a new epoch: after pg_restore, or any restore done by other means.
pub fn new_epoch(config: Config) -> ExitCode {
    run("new-epoch", async {
        let store = Store::connect(&config.database_url()).await.map_err(|e| format!("cannot open the database: {e}"))?;
        let epoch = store.new_server_epoch().await;
        store.close().await;
        let epoch = epoch.map_err(|e| e.to_string())?;
        println!("new server epoch {epoch}: clients will download everything again");
        Ok(())
    })
}

fn run(command: &str, work: impl Future<Output = Result<(), String>>) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fieldtag {command}: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(work) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fieldtag {command}: {message}");
            ExitCode::FAILURE
        }
    }
}
