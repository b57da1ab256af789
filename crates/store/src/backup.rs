//! Backing up and restoring the embedded SQLite database (`fieldtag backup` and `restore`).
//! PostgreSQL has pg_dump and pg_restore for this (docs/operations.md).

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::sqlite::{SqliteConnectOptions, SqliteLockingMode};
use sqlx::{ConnectOptions, Connection, Row};

use crate::connect::MIGRATOR;
use crate::{Engine, Store, StoreError};

/// Why a backup or a restore did not happen.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists; a backup never overwrites a file")]
    TargetExists(PathBuf),
    #[error(
        "this is a PostgreSQL database: back it up with pg_dump and restore it with pg_restore, then run `fieldtag new-epoch` (docs/operations.md)"
    )]
    Postgres,
    #[error("{path} is not a Fieldtag database: {reason}")]
    NotFieldtag { path: PathBuf, reason: String },
    #[error("{path} was made by a newer Fieldtag (migration {found}; this one knows up to {known}): upgrade first")]
    Newer { path: PathBuf, found: i64, known: i64 },
    #[error("the database {0} is in use: stop every `fieldtag serve` (and other program) using it, then restore")]
    InUse(PathBuf),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for BackupError {
    fn from(error: sqlx::Error) -> Self {
        BackupError::Store(error.into())
    }
}

impl Store {
    /// Writes a consistent copy of the database to `target` while the server runs: `VACUUM INTO`
    /// reads one snapshot, so writes during the backup are either wholly in it or not at all.
    pub async fn backup_to(&self, target: &Path) -> Result<(), BackupError> {
        if self.engine() == Engine::Postgres {
            return Err(BackupError::Postgres);
        }
        if target.exists() {
            return Err(BackupError::TargetExists(target.to_path_buf()));
        }
        let target_text = target.to_str().ok_or_else(|| std::io::Error::other("the backup path is not valid UTF-8"))?;
        sqlx::query("VACUUM INTO $1").bind(target_text).execute(&self.pool).await?;
        Ok(())
    }
}

/// Replaces the SQLite database at `database_url` with the backup `backup`, once it is known to
/// be a Fieldtag database no newer than this program and nothing has the live one open. The
/// restored database gets a new server epoch, so clients download everything again.
pub async fn restore_sqlite(database_url: &str, backup: &Path) -> Result<String, BackupError> {
    if Engine::of_url(database_url) != Some(Engine::Sqlite) {
        return Err(BackupError::Postgres);
    }
    let target = SqliteConnectOptions::from_str(database_url)?.get_filename().to_path_buf();
    if !backup.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, format!("no backup file {}", backup.display())).into());
    }
    // Checked on a copy beside the live file: the backup itself is never written to, and the
    // final step is a rename within one file system.
    let staging = sibling(&target, "restoring");
    std::fs::copy(backup, &staging)?;
    let prepared = async {
        check_backup(&staging, backup).await?;
        std::fs::File::open(&staging)?.sync_all()?;
        if target.exists() {
            release_live_database(&target).await?;
        }
        Ok::<(), BackupError>(())
    }
    .await;
    if let Err(error) = prepared {
        let _ = std::fs::remove_file(&staging);
        return Err(error);
    }
    // The old database's write-ahead log must not be applied to the restored file.
    for leftover in [sibling(&target, "wal"), sibling(&target, "shm")] {
        match std::fs::remove_file(&leftover) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(error.into()),
            _ => {}
        }
    }
    std::fs::rename(&staging, &target)?;
    if let Some(dir) = target.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        std::fs::File::open(dir)?.sync_all()?;
    }
    let store = Store::connect(database_url).await?;
    let epoch = store.new_server_epoch().await;
    store.close().await;
    Ok(epoch?)
}

/// `fieldtag.db` → `fieldtag.db-wal`, the names SQLite gives its side files.
fn sibling(database: &Path, suffix: &str) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(format!("-{suffix}"));
    PathBuf::from(name)
}

/// Opens `copy` (of `original`) and checks it is whole and has Fieldtag's migrations table.
async fn check_backup(copy: &Path, original: &Path) -> Result<(), BackupError> {
    let not_fieldtag = |reason: String| BackupError::NotFieldtag { path: original.to_path_buf(), reason };
    let mut conn = SqliteConnectOptions::new()
        .filename(copy)
        .connect()
        .await
        .map_err(|error| not_fieldtag(format!("cannot open it as SQLite ({error})")))?;
    let checked = async {
        let integrity: String = sqlx::query("PRAGMA quick_check")
            .fetch_one(&mut conn)
            .await
            .and_then(|row| row.try_get(0))
            .map_err(|error| not_fieldtag(format!("not a readable SQLite database ({error})")))?;
        if integrity != "ok" {
            return Err(not_fieldtag(format!("damaged ({integrity})")));
        }
        let found: Option<i64> = sqlx::query("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
            .fetch_one(&mut conn)
            .await
            .and_then(|row| row.try_get(0))
            .map_err(|_| not_fieldtag("it has no migrations table".into()))?;
        let found = found.ok_or_else(|| not_fieldtag("no migration was ever applied to it".into()))?;
        let known = MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0);
        if found > known {
            return Err(BackupError::Newer { path: original.to_path_buf(), found, known });
        }
        Ok(())
    }
    .await;
    let _ = conn.close().await;
    checked
}

/// Takes the live database for this process alone, checkpoints its log into the file and lets
/// it go. A running server keeps a connection open, which makes the lock fail at once.
async fn release_live_database(target: &Path) -> Result<(), BackupError> {
    let in_use = |error: sqlx::Error| match &error {
        sqlx::Error::Database(db) if db.message().contains("locked") || db.message().contains("busy") => {
            BackupError::InUse(target.to_path_buf())
        }
        _ => error.into(),
    };
    let mut conn = SqliteConnectOptions::new()
        .filename(target)
        .locking_mode(SqliteLockingMode::Exclusive)
        .busy_timeout(std::time::Duration::ZERO)
        .connect()
        .await
        .map_err(in_use)?;
    let released = async {
        sqlx::query("BEGIN EXCLUSIVE").execute(&mut conn).await?;
        sqlx::query("COMMIT").execute(&mut conn).await?;
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&mut conn).await?;
        Ok::<(), sqlx::Error>(())
    }
    .await
    .map_err(in_use);
    let _ = conn.close().await;
    released
}
