//! Load test: many technicians against one `fieldtag serve` (release build) on
//! loopback. Each technician syncs every 30 s (PATCH of unsent changes, if any, then GET pages
//! after its cursor) and performs a service every minute (a PATCH of the history record, the
//! performed service and the updated equipment, as the app uploads them), start times spread
//! evenly over the period. Prints requests, throughput, latency per request kind and errors.
//!
//! Usage: `load [sqlite|postgres]`; FIELDTAG_LOAD_SECONDS (default 180), FIELDTAG_LOAD_TECHNICIANS
//! (500) and FIELDTAG_LOAD_ORGS (10) change the run; PostgreSQL reads FIELDTAG_BENCH_POSTGRES_URL.
//! FIELDTAG_LOAD_STREAMS=1 runs the same crew a second time with every technician holding its
//! organisation's live sync stream open (read, its notices trigger nothing extra).

mod recorder;
mod seed;
mod technician;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fieldtag_bench::{Server, database_url, live, tempfile_dir};
use fieldtag_store::Store;
use futures_util::StreamExt;
use sqlx::Connection;
use tokio::time::Instant as TokioInstant;

use recorder::{Recorder, brief};
use seed::{drop_postgres_database, own_postgres_database, seed, sign_in};
use technician::Technician;

const SYNC_EVERY: Duration = Duration::from_secs(30);
const SERVICE_EVERY: Duration = Duration::from_secs(60);
const SITES_PER_ORG: usize = 20;
const EQUIPMENT_PER_SITE: usize = 50;
/// What a field technician may do (spec §6): read the work, write services and history.
const TECHNICIAN_PERMISSIONS: [&str; 11] = [
    "MOBILE_LOGIN",
    "EQUIPMENT_READ",
    "EQUIPMENT_WRITE",
    "SERVICE_READ",
    "SERVICE_WRITE",
    "LOCATION_READ",
    "HISTORY_READ",
    "HISTORY_WRITE",
    "DEFICIENCY_READ",
    "DEFICIENCY_WRITE",
    "SCHEDULE_READ",
];
/// Error messages kept for the report; the rest are only counted.
const ERRORS_SHOWN: usize = 5;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map(|v| v.parse().unwrap_or_else(|_| panic!("{name} must be a whole number"))).unwrap_or(default)
}

#[tokio::main]
async fn main() {
    let engine = std::env::args().nth(1).unwrap_or_else(|| "sqlite".into());
    let seconds = env_number("FIELDTAG_LOAD_SECONDS", 180);
    let technicians = env_number("FIELDTAG_LOAD_TECHNICIANS", 500) as usize;
    let orgs = env_number("FIELDTAG_LOAD_ORGS", 10).clamp(1, technicians as u64) as usize;
    let dir = tempfile_dir();
    let url = match engine.as_str() {
        "postgres" => own_postgres_database().await,
        _ => database_url(&engine, &dir).await,
    };

    let started = Instant::now();
    let store = Store::connect(&url).await.expect("open the database");
    let seeded = seed(&store, orgs, technicians).await;
    store.close().await;
    if engine == "postgres" {
        // As autovacuum would after a bulk load (see the sync benchmark). Untimed.
        let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect");
        sqlx::query("VACUUM ANALYZE").execute(&mut conn).await.expect("analyze");
    }
    println!(
        "{engine}: seeded {orgs} organisations ({SITES_PER_ORG} sites, {} equipment each) and {technicians} technicians in {:.1} s",
        SITES_PER_ORG * EQUIPMENT_PER_SITE,
        started.elapsed().as_secs_f64()
    );

    let server = Server::start(&url, &dir);
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().expect("an HTTP client");
    let started = Instant::now();
    let mut crew = sign_in(&http, &server.base, seeded).await;
    println!("{engine}: {} technicians signed in (refresh tokens) and caught up in {:.1} s", crew.len(), started.elapsed().as_secs_f64());

    // With FIELDTAG_LOAD_STREAMS=1 the same crew runs again, each technician holding its
    // organisation's live sync stream open, so the two runs compare like for like.
    let mut runs = vec![(engine.clone(), false)];
    if env_number("FIELDTAG_LOAD_STREAMS", 0) != 0 {
        runs.push((format!("{engine} + streams"), true));
    }
    for (label, streams) in runs {
        let held = if streams { Some(Streams::open(&crew, &server.base).await) } else { None };
        server.reset_peak_rss();
        let cpu_before = server.cpu_seconds();
        let recorder = Arc::new(Recorder::default());
        let (back, elapsed) = run(crew, &http, &server.base, &recorder, Duration::from_secs(seconds)).await;
        crew = back;
        let cpu = server.cpu_seconds() - cpu_before;
        let peak_rss_mb = server.peak_rss_kb() as f64 / 1024.0;
        recorder.report(&label, crew.len(), elapsed, cpu, peak_rss_mb);
        if let Some(held) = held {
            held.close(&label);
        }
    }
    let server_errors: Vec<String> = server.log().lines().filter(|l| l.contains("ERROR")).take(ERRORS_SHOWN).map(brief).collect();
    drop(server);
    for line in server_errors {
        println!("{engine}:   server log: {line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    if engine == "postgres" {
        drop_postgres_database(&url).await;
    }
}

/// Every technician works for `length`, start times spread evenly over the periods; gives the
/// crew back and the seconds it ran.
async fn run(
    crew: Vec<Technician>,
    http: &reqwest::Client,
    base: &str,
    recorder: &Arc<Recorder>,
    length: Duration,
) -> (Vec<Technician>, f64) {
    let start = TokioInstant::now() + Duration::from_millis(200);
    let count = crew.len();
    let tasks: Vec<_> = crew
        .into_iter()
        .enumerate()
        .map(|(n, technician)| {
            let (http, base, recorder) = (http.clone(), base.to_string(), recorder.clone());
            let sync_at = start + SYNC_EVERY.mul_f64(n as f64 / count as f64);
            let service_at = start + SERVICE_EVERY.mul_f64(n as f64 / count as f64);
            tokio::spawn(technician.work(http, base, recorder, sync_at, service_at, start + length))
        })
        .collect();
    let mut crew = Vec::with_capacity(count);
    for task in tasks {
        crew.push(task.await.expect("a technician's task"));
    }
    (crew, start.elapsed().as_secs_f64())
}

/// Every technician's live sync stream, held open and read during a run.
struct Streams {
    readers: Vec<tokio::task::JoinHandle<()>>,
    events: Arc<AtomicU64>,
}

impl Streams {
    async fn open(crew: &[Technician], base: &str) -> Streams {
        // A client of its own: no whole-request timeout, which would cut the streams.
        let http = reqwest::Client::new();
        let events = Arc::new(AtomicU64::new(0));
        let bodies: Vec<live::Body> = futures_util::stream::iter(crew)
            .map(|t| live::open(&http, base, &t.org.id, &t.access_token))
            .buffer_unordered(8)
            .collect()
            .await;
        let readers = bodies.into_iter().map(|body| live::hold(body, events.clone())).collect();
        Streams { readers, events }
    }

    /// Closes the streams and prints how many were still open and how many version events came.
    fn close(self, label: &str) {
        let open = self.readers.iter().filter(|r| !r.is_finished()).count();
        for reader in &self.readers {
            reader.abort();
        }
        println!(
            "{label}: {} streams held, {open} still open at the end, {} version events read",
            self.readers.len(),
            self.events.load(Ordering::Relaxed)
        );
    }
}
