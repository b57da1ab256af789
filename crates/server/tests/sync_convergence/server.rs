//! The real `fieldtag serve` as a child process, so the simulation can SIGKILL
//! it mid-request and start it again on the same database and port.

use std::fs::File;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use sqlx::Connection;

use crate::file_store::FileStore;

/// The database the servers share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        }
    }
}

/// Where the servers keep their data: a data dir in `dir`, for PostgreSQL a URL on
/// a fresh schema of the test database, and the file store they share.
pub struct Database {
    pub dir: tempfile::TempDir,
    pub url: Option<String>,
    pub files: FileStore,
}

impl Database {
    pub async fn create(engine: Engine) -> Database {
        Database::create_with_files(engine, FileStore::SharedFolder).await
    }

    pub async fn create_with_files(engine: Engine, files: FileStore) -> Database {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = match engine {
            Engine::Sqlite => None,
            Engine::Postgres => Some(fresh_postgres_schema().await),
        };
        Database { dir, url, files }
    }

    /// A database on a PostgreSQL of the test's own (e.g. a private cluster it restarts).
    pub fn on_postgres_url(url: String) -> Database {
        Database { dir: tempfile::tempdir().expect("temp dir"), url: Some(url), files: FileStore::SharedFolder }
    }

    /// The data dir of the server called `name`: one for all on SQLite or a shared folder,
    /// else each its own, so nothing can pass between them on local disk.
    pub fn data_dir(&self, name: &str) -> PathBuf {
        if self.url.is_none() || self.files.needs_shared_data_dir() {
            self.dir.path().join("data")
        } else {
            self.dir.path().join(format!("data-{name}"))
        }
    }
}

/// A fresh schema in the test database, and a URL whose connections use it (as tests/api/common.rs does).
async fn fresh_postgres_schema() -> String {
    let url = std::env::var("FIELDTAG_TEST_POSTGRES_URL").unwrap_or_else(|_| {
        panic!(
            "FIELDTAG_TEST_POSTGRES_URL is not set: run with `export FIELDTAG_TEST_POSTGRES_URL=$(scripts/test-postgres.sh)` or `make test`"
        )
    });
    let schema = format!("sim_{}", fieldtag_store::new_id());
    let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect to test PostgreSQL");
    sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&mut conn).await.expect("create schema");
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-c%20search_path%3D{schema}")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").expect("bind a free port").local_addr().expect("local addr").port()
}

/// One `fieldtag serve` process; restarts keep its port, so clients keep their URL.
pub struct ServerProcess {
    pub base: String,
    port: u16,
    data_dir: PathBuf,
    database_url: Option<String>,
    file_store_env: Vec<(&'static str, String)>,
    log: PathBuf,
    child: Option<Child>,
}

impl ServerProcess {
    /// Starts a server on `database` and waits until it answers.
    pub async fn start(database: &Database, name: &str) -> ServerProcess {
        let port = free_port();
        let mut server = ServerProcess {
            base: format!("http://127.0.0.1:{port}"),
            port,
            data_dir: database.data_dir(name),
            database_url: database.url.clone(),
            file_store_env: database.files.server_env(),
            log: database.dir.path().join(format!("{name}.log")),
            child: None,
        };
        server.spawn().await;
        server
    }

    async fn spawn(&mut self) {
        let log = File::options().create(true).append(true).open(&self.log).expect("server log file");
        let mut command = Command::new(env!("CARGO_BIN_EXE_fieldtag"));
        command.arg("serve");
        // Only our settings: the caller's FIELDTAG_* (e.g. the Makefile's port) must not leak in.
        for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("FIELDTAG_")) {
            command.env_remove(name);
        }
        command
            .env("FIELDTAG_BIND", "127.0.0.1")
            .env("FIELDTAG_PORT", self.port.to_string())
            .env("FIELDTAG_DATA_DIR", &self.data_dir)
            .env("FIELDTAG_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log handle"))
            .stderr(log);
        if let Some(url) = &self.database_url {
            command.env("FIELDTAG_DATABASE_URL", url);
        }
        command.envs(self.file_store_env.iter().map(|(name, value)| (name, value)));
        self.child = Some(command.spawn().expect("spawn fieldtag serve"));
        self.wait_until_healthy().await;
    }

    async fn wait_until_healthy(&mut self) {
        let url = format!("{}/healthz", self.base);
        let started = Instant::now();
        loop {
            if let Ok(response) = reqwest::get(&url).await
                && response.status().is_success()
            {
                return;
            }
            if let Some(status) = self.child.as_mut().and_then(|child| child.try_wait().ok().flatten()) {
                panic!("fieldtag serve exited with {status} while starting; log:\n{}", self.log_tail(40));
            }
            assert!(started.elapsed() < Duration::from_secs(60), "fieldtag serve did not answer within 60 s; log:\n{}", self.log_tail(40));
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// SIGKILL: no graceful shutdown, requests in flight are cut off wherever they are.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub async fn restart(&mut self) {
        self.kill();
        self.spawn().await;
    }

    /// Some(status) if the process ended without being killed by us.
    pub fn exited(&mut self) -> Option<String> {
        let child = self.child.as_mut()?;
        child.try_wait().ok().flatten().map(|status| status.to_string())
    }

    pub fn log_path(&self) -> &Path {
        &self.log
    }

    pub fn log_tail(&self, lines: usize) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
