//! Opening the database, whichever engine the URL names, and migrating it.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

use crate::Result;
use crate::group_commit::Lanes;

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
    /// Where sync uploads write. On SQLite one connection, so uploads queue for it in order
    /// (the pool's wait is fair) instead of polling SQLite's lock: a writer held up by a slow
    /// fsync no longer costs each one behind it up to 100 ms of busy-wait sleep, or its turn.
    /// On PostgreSQL the main pool (rows lock there, not the whole database).
    pub(crate) writer: AnyPool,
    /// Sync uploads waiting to be committed together (`group_commit`).
    pub(crate) upload_lanes: Arc<Lanes>,
    engine: Engine,
    /// Where PostgreSQL's sync notices are listened for (docs/sync.md "Live sync").
    pub(crate) postgres_url: Option<std::sync::Arc<str>>,
    /// Versions committed, for the live sync streams.
    pub(crate) notices: tokio::sync::broadcast::Sender<crate::VersionNotice>,
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
        let pool = pool_options(engine)
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
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&pool).await?;
        if engine == Engine::Sqlite {
            // SQLite gathers planner statistics only when asked (PostgreSQL's autovacuum does it
            // by itself); without them a large records table can get a poor plan. Bounded work.
            sqlx::query("PRAGMA analysis_limit = 400; PRAGMA optimize = 0x10002").execute(&pool).await?;
        }
        let writer = match engine {
            Engine::Sqlite => pool_options(engine).max_connections(1).connect_with(options).await?,
            Engine::Postgres => pool.clone(),
        };
        let postgres_url = (engine == Engine::Postgres).then(|| url.into());
        let (notices, _) = tokio::sync::broadcast::channel(1024);
        Ok(Store { pool, writer, upload_lanes: Arc::default(), engine, postgres_url, notices })
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
        self.writer.close().await;
        self.pool.close().await;
    }
}

/// What every connection of either pool shares.
fn pool_options(engine: Engine) -> AnyPoolOptions {
    AnyPoolOptions::new().acquire_timeout(Duration::from_secs(30)).after_connect(move |conn, _meta| {
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
}
