//! Benchmarks live in src/bin; shared generators here: the 100,000-equipment organisation
//! of the sync benchmark (also exported by the export benchmark) and the real server binary.

pub mod live;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fieldtag_store::{NewRecord, Store, new_id};
use serde_json::{Value, json};
use sqlx::Connection;

pub const PASSWORD: &str = "benchmark password";
pub const STAMP: &str = "2026-01-01T00:00:00.000Z";

pub struct Counts {
    pub sites: usize,
    pub equipment: usize,
    pub history: usize,
    pub performed: usize,
}

impl Counts {
    pub fn scaled(scale: f64) -> Counts {
        let n = |full: f64| ((full * scale).round() as usize).max(1);
        Counts { sites: n(2_000.0), equipment: n(100_000.0), history: n(400_000.0), performed: n(300_000.0) }
    }

    pub fn total(&self) -> usize {
        self.sites + self.equipment + self.history + self.performed
    }
}

/// An organisation with a login and the generated records; returns its id, the
/// login and the equipment (id, site) for the upload measurement.
pub async fn generate(store: &Store, counts: &Counts) -> (String, String, Vec<(String, String)>) {
    let (org_id, user_id) = (new_id(), new_id());
    let email = format!("bench-{}@fieldtag.local", &org_id[..8]);
    let organization = json!({"id": org_id, "orgId": org_id, "name": "Benchmark Fire", "email": email, "active": true, "lastUpdated": STAMP, "deleted": false});
    let owner = json!({"id": user_id, "orgId": org_id, "name": "Bench", "email": email, "permissions": ["*.*"], "invitationStatus": 1, "lastUpdated": STAMP, "deleted": false});
    let hash = argon2_hash(PASSWORD);
    store.create_organization_with_owner(&organization, &owner, &email, &hash).await.expect("create the organisation");

    let sites: Vec<String> = (0..counts.sites).map(|_| new_id()).collect();
    let site_records: Vec<(String, Value)> = sites
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let data = json!({"id": id, "orgId": org_id, "name": format!("Site {n}"), "status": "active", "timeZone": "America/Toronto", "address": format!("{n} Main St"), "city": "Toronto", "lastUpdated": STAMP, "deleted": false});
            (id.clone(), data)
        })
        .collect();
    insert(store, &org_id, "locations", &site_records).await;

    let service_types = [new_id(), new_id(), new_id()];
    let equipment: Vec<(String, String)> = (0..counts.equipment).map(|n| (new_id(), sites[n % sites.len()].clone())).collect();
    let equipment_records: Vec<(String, Value)> = equipment
        .iter()
        .enumerate()
        .map(|(n, (id, site))| {
            let data = json!({"id": id, "orgId": org_id, "locationId": site, "name": format!("Extinguisher {n}"), "barcode": format!("{:08}", n), "serialNumber": format!("SN-{n}"), "modelId": service_types[0], "manufactureDate": "2020-05-01T00:00:00.000Z", "fieldData": {}, "lastUpdated": STAMP, "deleted": false});
            (id.clone(), data)
        })
        .collect();
    insert(store, &org_id, "equipment", &equipment_records).await;

    let history: Vec<(String, Value)> = (0..counts.history)
        .map(|n| {
            let (item, site) = &equipment[n % equipment.len()];
            let id = new_id();
            let data = json!({"id": id, "orgId": org_id, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "userId": user_id, "date": STAMP, "description": "Monthly inspection performed", "type": 2, "relevantId": service_types[n % 3], "lastUpdated": STAMP, "deleted": false});
            (id, data)
        })
        .collect();
    insert(store, &org_id, "history", &history).await;

    let performed: Vec<(String, Value)> = (0..counts.performed)
        .map(|n| {
            let (item, site) = &equipment[n % equipment.len()];
            let service = &service_types[(n / equipment.len()) % 3];
            let id = format!("{item}-{service}");
            let data = json!({"id": id, "orgId": org_id, "locationId": site, "equipmentId": item, "serviceTypeId": service, "lastDate": STAMP, "lastUpdated": STAMP, "deleted": false});
            (id, data)
        })
        .collect();
    insert(store, &org_id, "performedServices", &performed).await;
    (org_id, email, equipment)
}

pub async fn insert(store: &Store, org_id: &str, kind: &str, records: &[(String, Value)]) {
    let rows: Vec<NewRecord> = records
        .iter()
        .map(|(id, data)| NewRecord {
            kind,
            id,
            location_id: data["locationId"].as_str().or((kind == "locations").then_some(id.as_str())),
            last_updated: STAMP,
            deleted: false,
            data,
        })
        .collect();
    store.insert_new_records(org_id, &rows).await.expect("insert generated records");
}

pub fn argon2_hash(password: &str) -> String {
    use argon2::PasswordHasher;
    let salt = argon2::password_hash::SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
    argon2::Argon2::default().hash_password(password.as_bytes(), &salt).expect("hash").to_string()
}

pub async fn login(http: &reqwest::Client, base: &str, email: &str) -> String {
    let answer: Value =
        http.post(format!("{base}/api/token")).basic_auth(email, Some(PASSWORD)).send().await.unwrap().json().await.unwrap();
    answer["token"].as_str().expect("logged in").to_string()
}

/// An owner of a new organisation, signed up through the API as a user would.
pub struct Owner {
    pub token: String,
    pub org: String,
    pub user: String,
}

pub async fn sign_up(http: &reqwest::Client, base: &str, email: &str) -> Owner {
    let answer: Value = http
        .post(format!("{base}/api/users"))
        .json(&json!({"name": "Tech One", "email": email, "password": PASSWORD, "organizationName": "Northfire Safety", "plan": "Basic",
                     "acceptedTermsVersion": "1.0.1"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    Owner {
        token: answer["token"].as_str().expect("signed up").to_string(),
        org: answer["user"]["orgId"].as_str().unwrap().to_string(),
        user: answer["user"]["id"].as_str().unwrap().to_string(),
    }
}

/// The real server binary, beside this one in the target directory.
pub struct Server {
    child: Child,
    pub base: String,
    log: std::path::PathBuf,
}

impl Server {
    pub fn start(url: &str, dir: &std::path::Path) -> Server {
        let binary = std::env::current_exe().unwrap().with_file_name("fieldtag");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(&binary)
            .arg("serve")
            .env("FIELDTAG_PORT", port.to_string())
            .env("FIELDTAG_DATA_DIR", dir)
            .env("FIELDTAG_DATABASE_URL", url)
            .env("FIELDTAG_LOG", "warn")
            // Warnings and errors, for a benchmark that meets some (see `Server::log`).
            .stdout(std::fs::File::create(dir.join("server.log")).map(Stdio::from).unwrap_or_else(|_| Stdio::null()))
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", binary.display()));
        let base = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(30), "server did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        Server { child, base, log: dir.join("server.log") }
    }

    /// What the server has logged so far (warnings and errors).
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Starts VmHWM over from the server's present size, so a later reading is the peak of
    /// what ran in between.
    pub fn reset_peak_rss(&self) {
        let _ = std::fs::write(format!("/proc/{}/clear_refs", self.child.id()), "5");
    }

    /// VmRSS: the memory the server holds now.
    pub fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()).unwrap_or(0)
    }

    /// VmHWM: the most memory the server has held at once.
    pub fn peak_rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()).unwrap_or(0)
    }

    /// CPU time the server has used so far (user + system), from /proc; 0 where unreadable.
    pub fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        // Fields after the command name's closing parenthesis; utime and stime are the 12th and 13th.
        let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
        let ticks: u64 = [11, 12].iter().filter_map(|i| fields.get(*i)?.parse::<u64>().ok()).sum();
        ticks as f64 / 100.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fieldtag-bench-{}", new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The database a benchmark runs on: a SQLite file in `dir`, or a fresh PostgreSQL schema.
pub async fn database_url(engine: &str, dir: &std::path::Path) -> String {
    match engine {
        "sqlite" => format!("sqlite://{}/fieldtag.db?mode=rwc", dir.display()),
        "postgres" => fresh_postgres_schema().await,
        other => panic!("unknown engine {other}: sqlite or postgres"),
    }
}

pub async fn fresh_postgres_schema() -> String {
    let url = std::env::var("FIELDTAG_BENCH_POSTGRES_URL").expect("FIELDTAG_BENCH_POSTGRES_URL");
    let schema = format!("bench_{}", new_id());
    let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect to PostgreSQL");
    let create = format!("CREATE SCHEMA {schema}");
    sqlx::query(&create).execute(&mut conn).await.expect("create schema");
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}options=-c%20search_path%3D{schema}")
}
