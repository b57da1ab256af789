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

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fieldtag_bench::{STAMP, Server, argon2_hash, database_url, insert, live, tempfile_dir};
use fieldtag_domain::email::email_key;
use fieldtag_store::{Store, new_id, now_millis};
use futures_util::StreamExt;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use sqlx::Connection;
use tokio::time::Instant as TokioInstant;

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

/// A database of its own on FIELDTAG_BENCH_POSTGRES_URL's server, rather than a schema in the
/// shared test database: `scripts/test-postgres.sh` drops and recreates that one whenever a test
/// run starts, which would pull the tables from under a three-minute run.
async fn own_postgres_database() -> String {
    let url = std::env::var("FIELDTAG_BENCH_POSTGRES_URL").expect("FIELDTAG_BENCH_POSTGRES_URL");
    let name = format!("fieldtag_load_{}", &new_id()[..12]);
    let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect to PostgreSQL");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("create a database (the role needs CREATEDB)");
    let (server, _) = url.rsplit_once('/').expect("a URL ending in /DATABASE");
    format!("{server}/{name}")
}

async fn drop_postgres_database(url: &str) {
    let name = url.rsplit_once('/').map(|(_, name)| name.to_string()).unwrap_or_default();
    let shared = std::env::var("FIELDTAG_BENCH_POSTGRES_URL").expect("FIELDTAG_BENCH_POSTGRES_URL");
    if let Ok(mut conn) = sqlx::PgConnection::connect(&shared).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn).await;
    }
}

/// One organisation's generated data.
struct SeededOrg {
    id: String,
    service_type: String,
    model: String,
    /// (equipment id, site id)
    equipment: Vec<(String, String)>,
}

/// A technician as seeded: who they are and the refresh token of their session.
struct SeededTechnician {
    org: Arc<SeededOrg>,
    /// The site they work at (an index into the organisation's sites).
    site: usize,
    user_id: String,
    refresh_token: String,
}

/// Organisations with sites, equipment, a service type and their technicians, written through
/// the store. Technicians get a session (refresh token) in the store, not a password: a login
/// is an argon2 hash check by design, and 500 of them would only measure that.
async fn seed(store: &Store, orgs: usize, technicians: usize) -> Vec<SeededTechnician> {
    let owner_hash = argon2_hash(fieldtag_bench::PASSWORD);
    let mut seeded = Vec::with_capacity(technicians);
    for o in 0..orgs {
        let (org_id, owner_id) = (new_id(), new_id());
        let email = format!("owner-{}@fieldtag.local", &org_id[..8]);
        let organization = json!({"id": org_id, "orgId": org_id, "name": format!("Load Fire {o}"), "email": email, "active": true, "lastUpdated": STAMP, "deleted": false});
        let owner = json!({"id": owner_id, "orgId": org_id, "name": "Owner", "email": email, "permissions": ["*.*"], "invitationStatus": 1, "lastUpdated": STAMP, "deleted": false});
        store.create_organization_with_owner(&organization, &owner, &email_key(&email), &owner_hash).await.expect("create an organisation");

        let (equipment_type, service_type, model) = (new_id(), new_id(), new_id());
        let record = |data: Value| (data["id"].as_str().unwrap().to_string(), data);
        insert(
            store,
            &org_id,
            "equipmentTypes",
            &[record(json!({"id": equipment_type, "orgId": org_id, "name": "Extinguisher", "lastUpdated": STAMP, "deleted": false}))],
        )
        .await;
        insert(store, &org_id, "serviceTypes", &[record(json!({"id": service_type, "orgId": org_id, "name": "Monthly inspection", "equipmentTypeId": equipment_type, "dueWhen": "all", "frequencyType": 6, "frequency": 1, "lastUpdated": STAMP, "deleted": false}))]).await;
        insert(store, &org_id, "models", &[record(json!({"id": model, "orgId": org_id, "name": "ABC-10", "equipmentTypeId": equipment_type, "lastUpdated": STAMP, "deleted": false}))]).await;
        let sites: Vec<(String, Value)> = (0..SITES_PER_ORG)
            .map(|n| record(json!({"id": new_id(), "orgId": org_id, "name": format!("Site {n}"), "status": "active", "timeZone": "America/Toronto", "address": format!("{n} Main St"), "city": "Toronto", "lastUpdated": STAMP, "deleted": false})))
            .collect();
        insert(store, &org_id, "locations", &sites).await;
        let equipment: Vec<(String, Value)> = (0..SITES_PER_ORG * EQUIPMENT_PER_SITE)
            .map(|n| {
                let site = &sites[n % SITES_PER_ORG].0;
                record(json!({"id": new_id(), "orgId": org_id, "locationId": site, "name": format!("Extinguisher {n}"), "barcode": format!("{o:02}{n:06}"), "serialNumber": format!("SN-{n}"), "modelId": model, "manufactureDate": "2020-05-01T00:00:00.000Z", "fieldData": {}, "lastUpdated": STAMP, "deleted": false}))
            })
            .collect();
        insert(store, &org_id, "equipment", &equipment).await;

        let org = Arc::new(SeededOrg {
            id: org_id.clone(),
            service_type,
            model,
            equipment: equipment.iter().map(|(id, data)| (id.clone(), data["locationId"].as_str().unwrap().to_string())).collect(),
        });
        // Technicians are dealt to organisations in turn, so every one gets its share.
        let here: Vec<usize> = (0..technicians).filter(|t| t % orgs == o).collect();
        let users: Vec<(String, Value)> = here
            .iter()
            .map(|t| record(json!({"id": new_id(), "orgId": org_id, "name": format!("Technician {t}"), "email": format!("tech-{t}-{}@fieldtag.local", &org_id[..8]), "permissions": TECHNICIAN_PERMISSIONS, "invitationStatus": 1, "lastUpdated": STAMP, "deleted": false})))
            .collect();
        insert(store, &org_id, "users", &users).await;
        for (n, (user_id, user)) in users.into_iter().enumerate() {
            let claimed = store.claim_user(&org_id, &user_id, Some(&email_key(user["email"].as_str().unwrap()))).await;
            claimed.expect("the database answers").expect("a login name");
            let refresh_token = new_id() + &new_id();
            let expires = now_millis() + 24 * 60 * 60 * 1000;
            store.start_session(&org_id, &user_id, &hex::encode(Sha256::digest(&refresh_token)), expires).await.expect("a session");
            seeded.push(SeededTechnician { org: org.clone(), site: n % SITES_PER_ORG, user_id, refresh_token });
        }
    }
    seeded
}

/// Every technician exchanges their refresh token for an access token (as the app does at
/// start), then takes their organisation's cursor after one full download per organisation:
/// the run measures the steady state, not first installs.
async fn sign_in(http: &reqwest::Client, base: &str, seeded: Vec<SeededTechnician>) -> Vec<Technician> {
    let mut crew: Vec<Technician> = futures_util::stream::iter(seeded)
        .map(|seed| async move {
            let mut technician = Technician {
                org: seed.org,
                site: seed.site,
                user_id: seed.user_id,
                refresh_token: seed.refresh_token,
                access_token: String::new(),
                expires: TokioInstant::now(),
                cursor: 0,
                pending: Vec::new(),
                serviced: 0,
            };
            technician.refresh(http, base).await.expect("a refresh token becomes an access token");
            technician
        })
        .buffer_unordered(4)
        .collect()
        .await;
    crew.sort_by(|a, b| a.org.id.cmp(&b.org.id));
    let mut cursors: BTreeMap<String, i64> = BTreeMap::new();
    for technician in &mut crew {
        if !cursors.contains_key(&technician.org.id) {
            let recorder = Recorder::default();
            technician.download(http, base, &recorder).await;
            assert_eq!(recorder.errors.lock().unwrap().count, 0, "the first download failed: {:?}", recorder.errors.lock().unwrap().first);
            cursors.insert(technician.org.id.clone(), technician.cursor);
        }
        technician.cursor = cursors[&technician.org.id];
    }
    // Interleave organisations, so start times spread each one's technicians over the period.
    crew.sort_by_key(|t| t.user_id.clone());
    crew
}

/// One simulated device: its session, its place in the feed and its unsent changes.
struct Technician {
    org: Arc<SeededOrg>,
    site: usize,
    user_id: String,
    refresh_token: String,
    access_token: String,
    /// When to refresh the access token (a minute before it runs out).
    expires: TokioInstant,
    cursor: i64,
    /// Changes not yet acknowledged, by sync key, sent again at the next sync.
    pending: Vec<(&'static str, Value)>,
    serviced: usize,
}

impl Technician {
    async fn work(
        mut self,
        http: reqwest::Client,
        base: String,
        recorder: Arc<Recorder>,
        mut sync_at: TokioInstant,
        mut service_at: TokioInstant,
        end: TokioInstant,
    ) -> Technician {
        loop {
            let next = sync_at.min(service_at);
            if next >= end {
                return self;
            }
            tokio::time::sleep_until(next).await;
            if self.expires <= TokioInstant::now()
                && let Err(error) = self.refresh_measured(&http, &base, &recorder).await
            {
                recorder.error(format!("token refresh: {error}"));
            }
            if next == service_at {
                self.perform_service();
                self.upload(&http, &base, &recorder, Kind::ServiceUpload).await;
                service_at += SERVICE_EVERY;
            } else {
                if !self.pending.is_empty() {
                    self.upload(&http, &base, &recorder, Kind::SyncUpload).await;
                }
                self.download(&http, &base, &recorder).await;
                sync_at += SYNC_EVERY;
            }
        }
    }

    async fn refresh(&mut self, http: &reqwest::Client, base: &str) -> Result<(), String> {
        let response = http
            .post(format!("{base}/api/token"))
            .bearer_auth(&self.refresh_token)
            .header("x-fieldtag-client", "mobile")
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = response.status();
        let body = response.text().await.map_err(|e| e.to_string())?;
        if !status.is_success() {
            return Err(format!("{status} {}", brief(&body)));
        }
        let answer: Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
        let expires = answer["expires"].as_str().and_then(|t| t.parse::<jiff::Timestamp>().ok()).ok_or("no expiry")?;
        let left = (expires.as_millisecond() - now_millis() - 60_000).max(0) as u64;
        self.access_token = answer["token"].as_str().ok_or("no token")?.to_string();
        self.refresh_token = answer["refreshToken"].as_str().ok_or("no refresh token")?.to_string();
        self.expires = TokioInstant::now() + Duration::from_millis(left);
        Ok(())
    }

    async fn refresh_measured(&mut self, http: &reqwest::Client, base: &str, recorder: &Recorder) -> Result<(), String> {
        let started = Instant::now();
        let outcome = self.refresh(http, base).await;
        recorder.latency(Kind::TokenRefresh, started.elapsed());
        outcome
    }

    /// A service performed on the next item at this technician's site, as the app writes it
    /// (performService.ts): the performed service, its history record (type 2), and the item.
    fn perform_service(&mut self) {
        let org = &self.org;
        // Item n stands at site n % SITES_PER_ORG (see `seed`): this walks the technician's site.
        let (item, site) = &org.equipment[self.site + SITES_PER_ORG * (self.serviced % EQUIPMENT_PER_SITE)];
        self.serviced += 1;
        let now = jiff::Timestamp::now().round(jiff::Unit::Millisecond).unwrap().to_string();
        let performed_id = format!("{item}-{}", org.service_type);
        self.pending.push(("performedServices", json!({"id": performed_id, "orgId": org.id, "equipmentId": item, "serviceTypeId": org.service_type, "locationId": site, "lastDate": now, "overidedNextDate": "", "equipmentFieldData": {}, "lastUpdated": now, "deleted": false})));
        self.pending.push(("history", json!({"id": new_id(), "orgId": org.id, "type": 2, "description": "Monthly inspection performed", "equipmentId": item, "locationId": site, "happenedAtLocationId": site, "userId": self.user_id, "relevantId": performed_id, "date": now, "lastUpdated": now, "deleted": false})));
        self.pending.push(("equipment", json!({"id": item, "orgId": org.id, "locationId": site, "name": format!("Extinguisher at {}", &item[..6]), "barcode": &item[..10], "modelId": org.model, "note": format!("Inspected {now}"), "fieldData": {}, "lastUpdated": now, "deleted": false})));
    }

    /// PATCHes every unsent change; acknowledged ones (accepted, or stale: the server's copy
    /// wins) leave the queue, a failed request keeps them for the next sync.
    async fn upload(&mut self, http: &reqwest::Client, base: &str, recorder: &Recorder, kind: Kind) {
        let mut body: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
        for (key, record) in &self.pending {
            body.entry(key).or_default().push(record);
        }
        let url = format!("{base}/api/organizations/{}/sync", self.org.id);
        let started = Instant::now();
        let sent = http.patch(url).bearer_auth(&self.access_token).json(&body).send().await;
        let Some(answer) = recorder.answer(kind, started, sent).await else {
            return;
        };
        let mut rejected = 0;
        for (key, list) in &body {
            for (n, outcome) in answer[*key].as_array().into_iter().flatten().enumerate() {
                if outcome["status"] == "rejected" {
                    rejected += 1;
                    recorder.error(format!("{}: {key}[{n}] rejected: {}", kind.name(), outcome["reason"]));
                }
            }
            recorder.add_records(list.len() as u64);
        }
        if rejected == 0 {
            self.pending.clear();
        }
    }

    /// GETs pages after the cursor until there are no more.
    async fn download(&mut self, http: &reqwest::Client, base: &str, recorder: &Recorder) {
        loop {
            let url = format!("{base}/api/organizations/{}/sync?cursor={}", self.org.id, self.cursor);
            let started = Instant::now();
            let sent = http.get(url).bearer_auth(&self.access_token).send().await;
            let Some(page) = recorder.answer(Kind::SyncDownload, started, sent).await else {
                return;
            };
            let records: usize = page
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(key, _)| *key != "globalAlerts")
                .filter_map(|(_, v)| v.as_array())
                .map(Vec::len)
                .sum();
            recorder.add_records(records as u64);
            self.cursor = page["cursor"].as_i64().unwrap_or(self.cursor);
            if page["hasMore"] != true {
                return;
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    SyncDownload,
    SyncUpload,
    ServiceUpload,
    TokenRefresh,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::SyncDownload => "sync GET",
            Kind::SyncUpload => "sync PATCH (unsent)",
            Kind::ServiceUpload => "service PATCH",
            Kind::TokenRefresh => "token refresh",
        }
    }
}

#[derive(Default)]
struct Errors {
    count: u64,
    first: Vec<String>,
}

/// Latencies per request kind, records moved, and errors, shared by every technician.
#[derive(Default)]
struct Recorder {
    latencies: Mutex<BTreeMap<Kind, Vec<f64>>>,
    records: AtomicU64,
    errors: Mutex<Errors>,
}

impl Recorder {
    fn latency(&self, kind: Kind, elapsed: Duration) {
        self.latencies.lock().unwrap().entry(kind).or_default().push(elapsed.as_secs_f64() * 1000.0);
    }

    fn add_records(&self, count: u64) {
        self.records.fetch_add(count, Ordering::Relaxed);
    }

    fn error(&self, message: String) {
        let mut errors = self.errors.lock().unwrap();
        errors.count += 1;
        if errors.first.len() < ERRORS_SHOWN {
            errors.first.push(message);
        }
    }

    /// Reads a response whole and times it; a transport error, a non-2xx status or a body
    /// that is not JSON is recorded as an error and gives None.
    async fn answer(&self, kind: Kind, started: Instant, sent: reqwest::Result<reqwest::Response>) -> Option<Value> {
        let received = match sent {
            Ok(response) => {
                let status = response.status();
                response.text().await.map(|body| (status, body))
            }
            Err(error) => Err(error),
        };
        self.latency(kind, started.elapsed());
        match received {
            Err(error) => self.error(format!("{}: transport: {error}", kind.name())),
            Ok((status, body)) if !status.is_success() => self.error(format!("{}: {status} {}", kind.name(), brief(&body))),
            Ok((_, body)) => match serde_json::from_str(&body) {
                Ok(answer) => return Some(answer),
                Err(error) => self.error(format!("{}: not JSON ({error}): {}", kind.name(), brief(&body))),
            },
        }
        None
    }

    fn report(&self, engine: &str, technicians: usize, seconds: f64, server_cpu: f64, peak_rss_mb: f64) {
        let latencies = self.latencies.lock().unwrap();
        let requests: usize = latencies.values().map(Vec::len).sum();
        let records = self.records.load(Ordering::Relaxed);
        println!(
            "{engine}: {technicians} technicians for {seconds:.0} s: {requests} requests = {:.1} req/s, {records} records moved = {:.0} records/s",
            requests as f64 / seconds,
            records as f64 / seconds
        );
        println!("{engine}: server CPU {server_cpu:.1} s = {:.0}% of one core, peak RSS {peak_rss_mb:.0} MB", 100.0 * server_cpu / seconds);
        let mut worst_p99 = 0f64;
        for (kind, values) in latencies.iter() {
            let mut sorted = values.clone();
            sorted.sort_by(f64::total_cmp);
            let p = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q).round() as usize];
            worst_p99 = worst_p99.max(p(0.99));
            println!(
                "{engine}: {:<20} {:>6} requests  p50 {:>7.1} ms  p95 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
                kind.name(),
                sorted.len(),
                p(0.50),
                p(0.95),
                p(0.99),
                sorted[sorted.len() - 1]
            );
        }
        let errors = self.errors.lock().unwrap();
        println!("{engine}: errors: {} (non-2xx, transport, rejected records)", errors.count);
        for message in &errors.first {
            println!("{engine}:   {message}");
        }
        let met = errors.count == 0 && worst_p99 < 100.0;
        println!("{engine}: goal (0 errors, p99 < 100 ms for every kind): {}", if met { "met" } else { "missed" });
    }
}

/// The start of a response body, for an error line.
fn brief(body: &str) -> String {
    body.chars().take(200).collect()
}
