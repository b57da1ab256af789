//! CSV import benchmark: 10,000 equipment rows through
//! `POST /api/organizations/{orgId}/imports/csv`, served by the real `fieldtag` binary, into an
//! organisation that already holds 200 sites and 10,000 items (the barcodes and sites the rows
//! are checked against). Times the dry run and the real run (goal < 10 s each); the rows name
//! their sites by name and create 5 equipment types and 20 models on the way.
//!
//! Usage: `import [sqlite|postgres] [ROWS]`; PostgreSQL reads FIELDTAG_BENCH_POSTGRES_URL.

use std::fmt::Write;
use std::time::Instant;

use fieldtag_bench::{Counts, Server, database_url, generate, login, tempfile_dir};
use fieldtag_store::Store;
use serde_json::{Value, json};

const SITES: usize = 200;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let engine = args.get(1).map(String::as_str).unwrap_or("sqlite");
    let rows: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let dir = tempfile_dir();
    let url = database_url(engine, &dir).await;
    let store = Store::connect(&url).await.expect("open the database");
    let counts = Counts { sites: SITES, equipment: 10_000, history: 1, performed: 1 };
    let (org_id, email, _) = generate(&store, &counts).await;
    store.close().await;

    let mut csv = String::from("Site,Location,Barcode,Type,Model,Serial,Made\n");
    for n in 0..rows {
        let made = if n % 2 == 0 { "2020-05-01" } else { "15/06/2019" };
        // Model n % 20 is always of type n % 5, so no row contradicts another.
        writeln!(csv, "Site {},\"Floor {}, east\",IMP-{n:06},Type {},M-{},SN-{n},{made}", n % SITES, n % 7, n % 5, n % 20).unwrap();
    }
    let mapping = json!({"site": "Site", "name": "Location", "barcode": "Barcode", "equipmentType": "Type", "model": "Model",
                         "serialNumber": "Serial", "manufactureDate": "Made"});

    let server = Server::start(&url, &dir);
    let http = reqwest::Client::new();
    let token = login(&http, &server.base, &email).await;
    let path = format!("{}/api/organizations/{org_id}/imports/csv", server.base);
    let send = async |dry_run: bool| {
        let body = json!({"kind": "equipment", "csv": csv, "mapping": mapping, "dryRun": dry_run});
        let started = Instant::now();
        let response = http.post(&path).bearer_auth(&token).json(&body).send().await.expect("import");
        let status = response.status();
        let answer: Value = response.json().await.expect("a JSON answer");
        (started.elapsed().as_secs_f64(), status, answer)
    };

    let (dry_seconds, status, answer) = send(true).await;
    assert_eq!(status.as_u16(), 200, "{answer}");
    assert_eq!(answer["data"]["accepted"], rows, "every row accepted: {}", answer["data"]["rejected"]);
    let (seconds, status, answer) = send(false).await;
    assert_eq!(status.as_u16(), 201, "{answer}");
    assert_eq!(answer["data"]["import"]["recordsWritten"], rows + 5 + 20, "the items, 5 types and 20 models");
    let mb = csv.len() as f64 / 1_048_576.0;
    println!("{engine}: CSV import of {rows} equipment rows ({mb:.1} MB) into an organisation of {SITES} sites and 10,000 items:");
    println!("{engine}:   dry run {dry_seconds:.2} s = {:.0} rows/s (goal < 10 s)", rows as f64 / dry_seconds);
    println!("{engine}:   real run {seconds:.2} s = {:.0} rows/s (goal < 10 s)", rows as f64 / seconds);
    println!("{engine}:   server peak RSS {:.0} MB", server.peak_rss_kb() as f64 / 1024.0);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
