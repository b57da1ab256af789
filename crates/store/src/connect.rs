//! Opening the database, whichever engine the URL names, and migrating it.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

use crate::Result;

pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Which database engine a store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    /// The engine a database URL names, or `None` for one Fieldtag does not support.
    pub fn of_url(url: &str) -> Option<Engine> {
        if url.starts_with("sqlite:") {
            Some(Engine::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Engine::Postgres)
        } else {
            None
        }
    }
}

/// The handle every part of the server uses to reach the database.
#[derive(Clone)]
pub struct Store {
    pub(crate) pool: AnyPool,
    engine: Engine,
}

impl Store {
    /// Connects to `url` (`sqlite://path` or `postgres://...`) and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let engine = Engine::of_url(url).ok_or_else(|| {
            crate::StoreError::Database(sqlx::Error::Configuration(
                format!("unsupported database URL '{url}': use sqlite://PATH or postgres://...").into(),
            ))
        })?;
        let options = AnyConnectOptions::from_str(url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(match engine {
                Engine::Sqlite => 8,
                Engine::Postgres => 16,
            })
            // One SQLite connection stays open while the server runs: `fieldtag restore` sees
            // the database is in use by the lock it holds.
            .min_connections(match engine {
                Engine::Sqlite => 1,
                Engine::Postgres => 0,
            })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if engine == Engine::Sqlite {
                        // WAL for readers beside a writer; FULL so an acknowledged write survives a power cut.
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                             PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        if engine == Engine::Sqlite {
            // SQLite gathers planner statistics only when asked (PostgreSQL's autovacuum does it
            // by itself); without them a large records table can get a poor plan. Bounded work.
            sqlx::query("PRAGMA analysis_limit = 400; PRAGMA optimize = 0x10002").execute(&pool).await?;
        }
        Ok(Store { pool, engine })
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}
