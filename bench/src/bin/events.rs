//! Live sync benchmark (docs/sync.md "Live sync"), against release `fieldtag serve` processes on
//! loopback:
//! - idle: 2,000 open streams on one instance (SQLite): the server's extra resident memory, and
//!   its CPU time over 30 s in which nothing is written (heartbeats and their checks only);
//! - fan-out: 500 streams over 50 organisations, 25 writes a second spread over them for 20 s:
//!   from each write's answer to its version's event on every stream of its organisation
//!   (p50/p95/max), on SQLite, on PostgreSQL, and on PostgreSQL with the streams on a second
//!   instance (the notice goes through LISTEN/NOTIFY).
//!
//! Usage: `events [idle|fanout-sqlite|fanout-postgres|fanout-two-instances]...` (all by default);
//! PostgreSQL reads FIELDTAG_BENCH_POSTGRES_URL. FIELDTAG_EVENTS_IDLE_STREAMS (2000),
//! FIELDTAG_EVENTS_FANOUT_STREAMS (500), FIELDTAG_EVENTS_WRITES_PER_SECOND (25) and
//! FIELDTAG_EVENTS_SECONDS (20) change the run. One user per organisation holds its streams (the
//! server is started with a per-user cap to match), standing in for its devices.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fieldtag_bench::{Server, database_url, live, tempfile_dir};
use futures_util::StreamExt;
use serde_json::{Value, json};

const ORGS: usize = 50;
const IDLE_SECONDS: u64 = 30;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map(|v| v.parse().unwrap_or_else(|_| panic!("{name} must be a whole number"))).unwrap_or(default)
}

#[tokio::main]
async fn main() {
    // Streams are one user's per organisation here; the default cap (10) is per user.
    // SAFETY: set before any other thread reads the environment.
    unsafe { std::env::set_var("FIELDTAG_SYNC_EVENTS_PER_USER", "10000") };
    let mut runs: Vec<String> = std::env::args().skip(1).collect();
    if runs.is_empty() {
        runs = ["idle", "fanout-sqlite", "fanout-postgres", "fanout-two-instances"].map(String::from).to_vec();
    }
    for run in runs {
        match run.as_str() {
            "idle" => idle().await,
            "fanout-sqlite" => fan_out("sqlite", 1).await,
            "fanout-postgres" => fan_out("postgres", 1).await,
            "fanout-two-instances" => fan_out("postgres", 2).await,
            other => panic!("unknown run {other}"),
        }
    }
}

/// An organisation signed up through the API: its id and its owner's access token.
struct Org {
    id: String,
    token: String,
}

async fn sign_up(http: &reqwest::Client, base: &str, count: usize) -> Vec<Org> {
    let mut orgs = Vec::with_capacity(count);
    for n in 0..count {
        let email = format!("owner-{n}-{}@events.example", fieldtag_store::new_id());
        let body = json!({"name": "Owner", "email": email, "password": "correct horse battery", "organizationName": format!("Org {n}"),
                          "plan": "Basic", "acceptedTermsVersion": "1.0.1"});
        let answer: Value = http.post(format!("{base}/api/users")).json(&body).send().await.unwrap().json().await.unwrap();
        orgs.push(Org { id: answer["user"]["orgId"].as_str().expect("signed up").into(), token: answer["token"].as_str().unwrap().into() });
    }
    orgs
}

/// Opens a stream and returns its body once the first event has come.
async fn open_stream(http: &reqwest::Client, base: &str, org: &Org) -> live::Body {
    live::open(http, base, &org.id, &org.token).await
}

async fn idle() {
    let streams = env_number("FIELDTAG_EVENTS_IDLE_STREAMS", 2000) as usize;
    let dir = tempfile_dir();
    let url = database_url("sqlite", &dir).await;
    let server = Server::start(&url, &dir);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let fresh_kb = server.rss_kb();
    let http = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    // Sign-ups hash passwords (argon2, 19 MiB each) and the allocator keeps some of that, so the
    // cost of streams is measured as the growth from the first half of them to all of them.
    let orgs = sign_up(&http, &server.base, ORGS).await;
    let mut open = Vec::with_capacity(streams);
    let mut half_kb = 0;
    for n in 0..streams {
        if n == streams / 2 {
            tokio::time::sleep(Duration::from_secs(1)).await;
            half_kb = server.rss_kb();
        }
        open.push(open_stream(&http, &server.base, &orgs[n % ORGS]).await);
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let with_streams_kb = server.rss_kb();
    let cpu_before = server.cpu_seconds();
    // Read the heartbeats, as devices would.
    let readers: Vec<_> = open.into_iter().map(|mut body| tokio::spawn(async move { while body.next().await.is_some() {} })).collect();
    tokio::time::sleep(Duration::from_secs(IDLE_SECONDS)).await;
    let cpu = server.cpu_seconds() - cpu_before;
    let after_kb = server.rss_kb();
    let mb = |kb: u64| kb as f64 / 1024.0;
    let per_stream_kb = (with_streams_kb as f64 - half_kb as f64) / (streams - streams / 2) as f64;
    println!(
        "idle: {streams} streams on one instance (sqlite): server RSS {:.1} MB fresh, {:.1} MB with half the streams, {:.1} MB with all, \
         {:.1} MB after {IDLE_SECONDS} s idle; the second half cost {per_stream_kb:.1} KB a stream ({:.1} MB for {streams}); \
         CPU {cpu:.2} s over {IDLE_SECONDS} s ({:.1} % of one core)",
        mb(fresh_kb),
        mb(half_kb),
        mb(with_streams_kb),
        mb(after_kb),
        per_stream_kb * streams as f64 / 1024.0,
        cpu / IDLE_SECONDS as f64 * 100.0
    );
    for reader in readers {
        reader.abort();
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A write's answer: its organisation, version, and when the answer came.
struct Written {
    org: usize,
    version: i64,
    at: Instant,
}

/// A version event's arrival on a stream of an organisation.
struct Told {
    stream: usize,
    org: usize,
    version: i64,
    at: Instant,
}

async fn fan_out(engine: &str, instances: usize) {
    let streams = env_number("FIELDTAG_EVENTS_FANOUT_STREAMS", 500) as usize;
    let per_second = env_number("FIELDTAG_EVENTS_WRITES_PER_SECOND", 25);
    let seconds = env_number("FIELDTAG_EVENTS_SECONDS", 20);
    let label = format!("fan-out {engine}, {instances} instance{}", if instances > 1 { "s" } else { "" });
    let dir = tempfile_dir();
    let url = database_url(engine, &dir).await;
    let writer = Server::start(&url, &dir);
    let second_dir = dir.join("second");
    std::fs::create_dir_all(&second_dir).unwrap();
    let second = (instances > 1).then(|| Server::start(&url, &second_dir));
    let reader_base = second.as_ref().map_or(writer.base.clone(), |s| s.base.clone());
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    let orgs = Arc::new(sign_up(&http, &writer.base, ORGS).await);

    let told: Arc<Mutex<Vec<Told>>> = Arc::default();
    let mut readers = Vec::with_capacity(streams);
    for n in 0..streams {
        let org = n % ORGS;
        let mut body = open_stream(&http, &reader_base, &orgs[org]).await;
        let told = told.clone();
        readers.push(tokio::spawn(async move {
            let mut buffer = String::new();
            while let Some(Ok(chunk)) = body.next().await {
                let at = Instant::now();
                for version in live::versions_in(&mut buffer, &chunk) {
                    told.lock().unwrap().push(Told { stream: n, org, version, at });
                }
            }
        }));
    }

    let written: Arc<Mutex<Vec<Written>>> = Arc::default();
    let cpu_before = writer.cpu_seconds() + second.as_ref().map_or(0.0, Server::cpu_seconds);
    let mut tick = tokio::time::interval(Duration::from_secs(1) / per_second as u32);
    let mut writes = Vec::new();
    for n in 0..(per_second * seconds) as usize {
        tick.tick().await;
        let org = (n * 7) % ORGS;
        let (http, base, orgs, written) = (http.clone(), writer.base.clone(), orgs.clone(), written.clone());
        writes.push(tokio::spawn(async move {
            let site = json!({"id": fieldtag_store::new_id(), "orgId": orgs[org].id, "name": format!("Site {n}"), "status": "active",
                              "timeZone": "America/Toronto", "lastUpdated": "2026-11-22T10:00:00.000Z", "deleted": false});
            let path = format!("{base}/api/organizations/{}/sync", orgs[org].id);
            let answer: Value = http
                .patch(path)
                .bearer_auth(&orgs[org].token)
                .json(&json!({"locations": [site]}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let at = Instant::now();
            let version = answer["locations"][0]["version"].as_i64().expect("accepted");
            written.lock().unwrap().push(Written { org, version, at });
        }));
    }
    for write in writes {
        write.await.unwrap();
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let cpu = writer.cpu_seconds() + second.as_ref().map_or(0.0, Server::cpu_seconds) - cpu_before;
    for reader in &readers {
        reader.abort();
    }

    let told = told.lock().unwrap();
    let written = written.lock().unwrap();
    let streams_of = |org: usize| (0..streams).filter(move |n| n % ORGS == org);
    let mut latencies: Vec<Duration> = Vec::new();
    let mut missed = 0;
    for write in written.iter() {
        for stream in streams_of(write.org) {
            let first = told.iter().filter(|t| t.stream == stream && t.org == write.org && t.version >= write.version).map(|t| t.at).min();
            match first {
                Some(at) => latencies.push(at.saturating_duration_since(write.at)),
                None => missed += 1,
            }
        }
    }
    latencies.sort();
    let percentile = |p: f64| latencies.get(((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1)).copied().unwrap_or_default();
    println!(
        "{label}: {streams} streams over {ORGS} organisations, {} writes at {per_second}/s: {} notices, {} events sent ({:.2} a notice), \
         from answer to event p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms; {missed} missed; server CPU {cpu:.1} s",
        written.len(),
        latencies.len(),
        told.len(),
        told.len() as f64 / latencies.len().max(1) as f64,
        percentile(0.50).as_secs_f64() * 1000.0,
        percentile(0.95).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    drop(second);
    drop(writer);
    let _ = std::fs::remove_dir_all(&dir);
}
