//! One run: servers up, an organisation with one user per client, the clients
//! working concurrently while a chaos task SIGKILLs and restarts servers, then
//! everyone settles and the invariants are checked against the server's state.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

use crate::client::{Identity, Shared, SimClient, differences};
use crate::ledger::Ledger;
use crate::net::{Cluster, Reply};
use crate::records::{self, Key, Kind};
use crate::server::{Database, Engine, ServerProcess};

/// Size and seed of a run, from the environment so `make bench` can scale it up.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    pub ops: usize,
    pub clients: usize,
    pub restarts: usize,
}

fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(text) => text.trim().parse().unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

impl Settings {
    /// FIELDTAG_SYNC_SEED (default: random, printed), FIELDTAG_SYNC_OPS, FIELDTAG_SYNC_CLIENTS
    /// (default 5) and FIELDTAG_SYNC_RESTARTS (default 3 kills).
    pub fn from_env(default_ops: usize) -> Settings {
        let settings = Settings {
            seed: env_number("FIELDTAG_SYNC_SEED", rand::random::<u64>() >> 12),
            ops: env_number("FIELDTAG_SYNC_OPS", default_ops),
            clients: env_number("FIELDTAG_SYNC_CLIENTS", 5),
            restarts: env_number("FIELDTAG_SYNC_RESTARTS", 3),
        };
        assert!(settings.clients >= 2, "FIELDTAG_SYNC_CLIENTS must be at least 2");
        settings
    }
}

const PASSWORD: &str = "simulated password 1";

/// A planned SIGKILL: when, which server, how long after an upload went out, and for how long.
struct Kill {
    after_ops: usize,
    server: usize,
    delay_micros: u64,
    outage_ms: u64,
}

/// `server_count` servers on a fresh database of `engine`, then the run.
pub async fn run(engine: Engine, server_count: usize, settings: Settings) {
    let database = Database::create(engine).await;
    let servers = start_servers(&database, server_count).await;
    run_on(engine, &database, servers, settings).await;
}

pub async fn start_servers(database: &Database, count: usize) -> Vec<ServerProcess> {
    let mut servers = Vec::new();
    for n in 0..count {
        servers.push(ServerProcess::start(database, &format!("server{n}")).await);
    }
    servers
}

/// The run against servers already up on `database` (which must outlive them).
pub async fn run_on(engine: Engine, database: &Database, servers: Vec<ServerProcess>, settings: Settings) {
    let started = Instant::now();
    let server_count = servers.len();
    let label = format!("engine={} servers={server_count} files={} seed={}", engine.name(), database.files.describe(), settings.seed);
    eprintln!(
        "sync_convergence start {label} clients={} ops={} (replay with FIELDTAG_SYNC_SEED={})",
        settings.clients, settings.ops, settings.seed
    );
    let mut master = StdRng::seed_from_u64(settings.seed);

    let cluster = Cluster::new(servers.iter().map(|s| s.base.clone()).collect());
    let owner_email = "owner@sim.fieldtag.test";
    let (org_id, owner_token) = cluster.sign_up(owner_email, PASSWORD).await;
    let mut identities = Vec::new();
    for n in 0..settings.clients {
        let email = format!("tech{n}@sim.fieldtag.test");
        let token = cluster.add_user(&org_id, &owner_token, &records::new_id(&mut master), &email, PASSWORD).await;
        identities.push((Identity { org_id: org_id.clone(), email, password: PASSWORD.into() }, token));
    }
    let shared = Arc::new(Shared {
        cluster,
        ledger: Arc::new(Mutex::new(Ledger::default())),
        ops_done: AtomicUsize::new(0),
        uploads_in_flight: AtomicUsize::new(0),
    });
    let clients: Vec<SimClient> = identities
        .into_iter()
        .enumerate()
        .map(|(n, (identity, token))| SimClient::new(n, identity, token, master.random(), shared.clone()))
        .collect();
    for client in &clients {
        eprintln!("sync_convergence {}", client.describe());
    }

    // Kills spread over the run, each timed a random few hundred microseconds after an upload left.
    let kills: Vec<Kill> = (0..settings.restarts)
        .map(|n| Kill {
            after_ops: (settings.ops * (2 * n + 1)) / (2 * settings.restarts + 1) + master.random_range(0..=settings.ops / 20),
            server: master.random_range(0..server_count),
            delay_micros: master.random_range(0..3_000),
            outage_ms: master.random_range(50..400),
        })
        .collect();
    let servers = Arc::new(tokio::sync::Mutex::new(servers));
    let stop = Arc::new(AtomicBool::new(false));
    let chaos = tokio::spawn(chaos(servers.clone(), shared.clone(), kills, stop.clone()));

    let quota = settings.ops.div_ceil(settings.clients);
    let tasks: Vec<_> = clients.into_iter().map(|client| tokio::spawn(client.run(quota))).collect();
    let mut clients = Vec::new();
    for task in tasks {
        clients.push(task.await.expect("client task"));
    }
    stop.store(true, Ordering::SeqCst);
    chaos.await.expect("chaos task");
    let work_done = started.elapsed();

    // Every server is up again; every client uploads until clean, then downloads to the end.
    for client in &mut clients {
        client.settle().await;
    }
    for client in &mut clients {
        client.catch_up().await;
    }
    let server_state = full_state(&shared.cluster, owner_email, &org_id).await;
    let mut servers = servers.lock().await;
    let mut ledger = shared.ledger.lock().unwrap();
    for server in servers.iter_mut() {
        if let Some(status) = server.exited() {
            ledger.violation(format!("{} exited on its own with {status}", server.base));
        }
    }
    ledger.check_acknowledged_writes(&server_state);
    for client in &clients {
        for text in differences(client, &server_state) {
            ledger.violation(text);
        }
    }

    let s = &ledger.stats;
    println!(
        "sync_convergence {label} clients={} ops={} records={} restarts={} (mid-upload {}) uploads={} (avg {:.1} ms) accepted={} stale={} dropped={} duplicated={} failed_requests={} pages={} (avg {:.1} ms) downloaded={} relogins={} violations={} work={:.1}s wall={:.1}s",
        settings.clients,
        settings.ops,
        server_state.len(),
        s.restarts,
        s.kills_mid_upload,
        s.uploads,
        average_ms(s.upload_wait, s.uploads),
        s.accepted,
        s.stale,
        s.dropped,
        s.duplicated,
        s.failed_requests,
        s.pages,
        average_ms(s.page_wait, s.pages),
        s.downloaded_records,
        s.relogins,
        ledger.violations().len(),
        work_done.as_secs_f64(),
        started.elapsed().as_secs_f64(),
    );
    if !ledger.violations().is_empty() {
        for server in servers.iter() {
            eprintln!("--- last lines of {} ({}):\n{}", server.base, server.log_path().display(), server.log_tail(30));
        }
        eprintln!("last network failure: {:?}", s.last_failure);
        let shown: Vec<&String> = ledger.violations().iter().take(20).collect();
        panic!(
            "{} invariant violation(s) with {label} clients={} ops={}; first ones:\n{}",
            ledger.violations().len(),
            settings.clients,
            settings.ops,
            shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
        );
    }
    assert!(s.restarts == settings.restarts, "only {} of {} planned restarts happened", s.restarts, settings.restarts);
}

fn average_ms(total: Duration, count: usize) -> f64 {
    total.as_secs_f64() * 1000.0 / count.max(1) as f64
}

/// Kills servers as planned and watches that none dies on its own.
async fn chaos(servers: Arc<tokio::sync::Mutex<Vec<ServerProcess>>>, shared: Arc<Shared>, kills: Vec<Kill>, stop: Arc<AtomicBool>) {
    for kill in kills {
        while shared.ops_done.load(Ordering::Relaxed) < kill.after_ops {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // Mid-batch: wait (a little) for an upload on the wire, then give it a head start.
        let waiting = Instant::now();
        while shared.uploads_in_flight.load(Ordering::SeqCst) == 0 && waiting.elapsed() < Duration::from_secs(2) {
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
        tokio::time::sleep(Duration::from_micros(kill.delay_micros)).await;
        let mut servers = servers.lock().await;
        let mid_upload = shared.uploads_in_flight.load(Ordering::SeqCst) > 0;
        servers[kill.server].kill();
        tokio::time::sleep(Duration::from_millis(kill.outage_ms)).await;
        servers[kill.server].restart().await;
        let mut ledger = shared.ledger.lock().unwrap();
        ledger.stats.restarts += 1;
        ledger.stats.kills_mid_upload += usize::from(mid_upload);
        for server in servers.iter_mut() {
            if let Some(status) = server.exited() {
                ledger.violation(format!("{} exited on its own with {status}", server.base));
            }
        }
    }
}

/// The server's whole state of the simulated kinds, read from cursor 0 with a fresh login.
async fn full_state(cluster: &Cluster, email: &str, org_id: &str) -> BTreeMap<Key, Value> {
    let token = match cluster.login(0, email, PASSWORD).await {
        Reply::Answer(answer) => answer["token"].as_str().expect("token").to_string(),
        other => panic!("fresh login failed: {other:?}"),
    };
    let (mut state, mut cursor) = (BTreeMap::new(), 0);
    loop {
        let page = match cluster.download(0, org_id, &token, cursor, 1_000).await {
            Reply::Answer(page) => page,
            other => panic!("full download failed: {other:?}"),
        };
        for kind in Kind::ALL {
            for record in page[kind.key()].as_array().into_iter().flatten() {
                state.insert((kind, record["id"].as_str().unwrap_or_default().to_string()), record.clone());
            }
        }
        cursor = page["cursor"].as_i64().expect("cursor");
        if page["hasMore"] != true {
            return state;
        }
    }
}
