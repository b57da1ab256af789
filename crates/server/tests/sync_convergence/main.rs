//! The sync protocol under a seeded, randomized multi-client simulation against
//! the real `fieldtag serve` binary: clients with skewed clocks work offline,
//! upload and download with dropped and duplicated answers, while servers are
//! SIGKILLed mid-batch and restarted. At the end it checks that
//!
//! 1. every client's records equal the server's (read from cursor 0 with a fresh login);
//! 2. every acknowledged write is on the server, or superseded by a later-or-equal stamp or a tombstone;
//! 3. nothing acknowledged as deleted comes back undeleted (also checked on every answer during the run);
//! 4. each client's cursor only moves forward, and pages hold only changes after it;
//! 5. no 5xx answers (requests to a killed server fail to connect, which is not an answer).
//!
//! Size and seed come from the environment: FIELDTAG_SYNC_SEED (printed at the start of
//! every run), FIELDTAG_SYNC_OPS, FIELDTAG_SYNC_CLIENTS, FIELDTAG_SYNC_RESTARTS. A seed
//! replays every client's choices (ids, edits, faults, clock skews) and the kill plan;
//! how the concurrent clients interleave still depends on timing.
//! `make bench` runs the same tests bigger, e.g. FIELDTAG_SYNC_OPS=50000.

mod calls;
mod client;
mod faults;
mod file_store;
mod ledger;
mod net;
mod records;
mod scale_out;
mod server;
mod simulation;

use file_store::FileStore;
use server::{Database, Engine};
use simulation::Settings;

/// Local operations across all clients in the default (`make test`) run.
const DEFAULT_OPS: usize = 5_000;
/// The two-server run is smaller: it is about interleaving, not volume.
const DEFAULT_OPS_TWO_SERVERS: usize = 2_500;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_converge_on_sqlite() {
    simulation::run(Engine::Sqlite, 1, Settings::from_env(DEFAULT_OPS)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_converge_on_postgres() {
    simulation::run(Engine::Postgres, 1, Settings::from_env(DEFAULT_OPS)).await;
}

/// The scale-out test: two `fieldtag serve` processes on one PostgreSQL schema and one
/// file store (moto's S3 under `make test`, else a shared folder) first show they share
/// sessions, logouts, login limits and files, then the clients send each request to
/// either at random.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_converge_across_two_servers_on_one_postgres() {
    let settings = Settings::from_env(DEFAULT_OPS_TWO_SERVERS);
    let database = Database::create_with_files(Engine::Postgres, FileStore::from_env().await).await;
    let servers = simulation::start_servers(&database, 2).await;
    scale_out::check_instances_share_state(&servers).await;
    simulation::run_on(Engine::Postgres, &database, servers, settings).await;
}
