//! PostgreSQL restarted under load. Not the shared test cluster (other tests use it): a
//! throwaway cluster of this test's own (initdb and pg_ctl in a temp dir, on a free port,
//! as the `postgres` user when the test runs as root, since initdb refuses root). Uploads
//! run while it is restarted, cleanly (`-m fast`: sessions are cut) and as a crash
//! (`-m immediate`: recovery from the WAL), each at least once. A request that fails answers 503
//! DatabaseUnavailable, the server recovers without a restart of its own, and every
//! acknowledged record is there at the end.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fieldtag_server::error::DATABASE_UNAVAILABLE_MESSAGE;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{ids, new_sites, now_ms, seeded};
use crate::calls::{Owner, answer, download_all, http, sign_up, upload};
use crate::server::{Database, ServerProcess};

/// A PostgreSQL cluster of this test's own, stopped and removed when dropped.
struct PrivateCluster {
    dir: tempfile::TempDir,
    port: u16,
    bin: PathBuf,
}

impl PrivateCluster {
    fn start() -> PrivateCluster {
        let bin = postgres_bin();
        let dir = tempfile::tempdir().expect("temp dir");
        if is_root() {
            // initdb refuses root: the cluster belongs to the postgres user Debian's package makes.
            run(Command::new("chown").args(["-R", "postgres:postgres", &dir.path().display().to_string()]), "chown");
        }
        let port = TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("addr").port();
        let cluster = PrivateCluster { dir, port, bin };
        cluster.pg(&["initdb", "-D", &cluster.data(), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
        cluster.ctl(&["start"]);
        cluster
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// `pg_ctl` with `action` (and its mode), waiting until it is done.
    fn ctl(&self, action: &[&str]) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", self.port, self.dir.path().display());
        let log = self.dir.path().join("postgres.log").display().to_string();
        let data = self.data();
        let mut args = vec!["pg_ctl", "-D", &data, "-o", &options, "-l", &log, "-w", "-t", "60"];
        args.extend(action);
        self.pg(&args);
    }

    fn pg(&self, args: &[&str]) -> Output {
        let program = self.bin.join(args[0]);
        let mut command = if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        };
        run(command.args(&args[1..]).current_dir(self.dir.path()), args[0])
    }
}

impl Drop for PrivateCluster {
    fn drop(&mut self) {
        let _ = self.pg_quiet(&["pg_ctl", "-D", &self.data(), "-m", "immediate", "-w", "stop"]);
    }
}

impl PrivateCluster {
    fn pg_quiet(&self, args: &[&str]) -> std::io::Result<Output> {
        let program = self.bin.join(args[0]);
        if is_root() {
            Command::new("runuser").args(["-u", "postgres", "--"]).arg(program).args(&args[1..]).output()
        } else {
            Command::new(program).args(&args[1..]).output()
        }
    }
}

fn run(command: &mut Command, what: &str) -> Output {
    let output = command.output().unwrap_or_else(|error| panic!("{what}: {error}"));
    assert!(
        output.status.success(),
        "{what} failed: {}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|output| output.stdout.trim_ascii() == b"0")
}

/// The newest installed PostgreSQL's programs (`make test` installs PostgreSQL first,
/// through scripts/test-postgres.sh).
fn postgres_bin() -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path().join("bin"))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    found.sort_by_key(|bin| bin.parent().and_then(Path::file_name).and_then(|v| v.to_str()).and_then(|v| v.parse::<u32>().ok()));
    found.pop().expect("no PostgreSQL under /usr/lib/postgresql: run scripts/test-postgres.sh, which installs it")
}

/// What the writers saw: acknowledged sites, and batches that answered 503 (retried later).
#[derive(Default)]
struct Outcomes {
    acknowledged: Vec<String>,
    unavailable: Vec<Value>,
    /// Anything else: a violation.
    unexpected: Vec<String>,
}

/// Sends batches of new sites until told to stop.
async fn writer(base: String, owner: Arc<Owner>, seed: u64, stop: Arc<AtomicBool>, outcomes: Arc<Mutex<Outcomes>>) {
    let http = http();
    let mut rng = seeded(seed);
    while !stop.load(Ordering::SeqCst) {
        let batch = json!({"locations": new_sites(&mut rng, &owner.org_id, 25, now_ms())});
        let outcome = match upload(&http, &base, &owner, &batch).await {
            Ok(response) => answer(response).await,
            Err(error) => (StatusCode::IM_A_TEAPOT, json!(format!("no answer: {error}"))),
        };
        let mut outcomes = outcomes.lock().unwrap();
        match outcome {
            (StatusCode::OK, body) if body["locations"].as_array().is_some_and(|a| a.iter().all(|s| s["status"] == "accepted")) => {
                outcomes.acknowledged.extend(ids(batch["locations"].as_array().unwrap()));
            }
            (StatusCode::SERVICE_UNAVAILABLE, body)
                if body["code"] == "DatabaseUnavailable" && body["message"] == DATABASE_UNAVAILABLE_MESSAGE =>
            {
                outcomes.unavailable.push(batch);
            }
            (status, body) => outcomes.unexpected.push(format!("{status}: {body}")),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_mid_request_answers_503_and_loses_nothing_acknowledged() {
    let cluster = PrivateCluster::start();
    let database = Database::on_postgres_url(cluster.url());
    let server = ServerProcess::start(&database, "server0").await;
    let owner = Arc::new(sign_up(&http(), &server.base, "owner@restart.fieldtag.test").await);

    let stop = Arc::new(AtomicBool::new(false));
    let outcomes = Arc::new(Mutex::new(Outcomes::default()));
    let writers: Vec<_> =
        (0..4).map(|n| tokio::spawn(writer(server.base.clone(), owner.clone(), 0x9e57 + n, stop.clone(), outcomes.clone()))).collect();
    // Both kinds of restart at least once, and more (up to six) until one has cut a request.
    for (round, mode) in ["fast", "immediate"].iter().cycle().take(6).enumerate() {
        tokio::time::sleep(Duration::from_millis(700)).await;
        tokio::task::block_in_place(|| cluster.ctl(&["-m", mode, "restart"]));
        if round >= 1 && !outcomes.lock().unwrap().unavailable.is_empty() {
            break;
        }
    }
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.await.unwrap();
    }

    let outcomes = std::mem::take(&mut *outcomes.lock().unwrap());
    assert!(outcomes.unexpected.is_empty(), "only 200 or 503 DatabaseUnavailable: {:?}", outcomes.unexpected);
    assert!(!outcomes.unavailable.is_empty(), "a restart cut at least one request (else this test showed nothing)");
    println!("faults::postgres_restart acknowledged={} batches answered 503={}", outcomes.acknowledged.len(), outcomes.unavailable.len());

    // The same process serves again; the 503 batches are retried and accepted (a batch the
    // database committed just before the cut answers with the versions it already has).
    let http = http();
    let mut retried = Vec::new();
    for batch in &outcomes.unavailable {
        let (status, body) = answer(upload(&http, &server.base, &owner, batch).await.unwrap()).await;
        assert_eq!(status, StatusCode::OK, "retry after the restart: {body}");
        assert!(body["locations"].as_array().unwrap().iter().all(|s| s["status"] == "accepted"), "{body}");
        retried.extend(ids(batch["locations"].as_array().unwrap()));
    }
    let stored = download_all(&http, &server.base, &owner, "locations").await;
    for id in outcomes.acknowledged.iter().chain(&retried) {
        assert!(stored.contains_key(id), "acknowledged site {id} is stored after the restarts");
    }
    assert_eq!(stored.len(), outcomes.acknowledged.len() + retried.len(), "nothing stored that was not sent");
    drop(server);
}
