//! Export benchmark: `GET /api/organizations/{orgId}/export` of the sync benchmark's
//! organisation (2,000 sites, 100,000 equipment, 400,000 history records, 300,000 performed
//! services), served by the real `fieldtag` binary. Measures the whole download, records/s
//! and MB/s, and the server's peak RSS (goal < 200 MB: the export is streamed page by page).
//!
//! Usage: `export [sqlite|postgres] [SCALE]`; PostgreSQL reads FIELDTAG_BENCH_POSTGRES_URL.

use std::collections::BTreeMap;
use std::time::Instant;

use fieldtag_bench::{Counts, Server, database_url, generate, login, tempfile_dir};
use fieldtag_store::Store;
use serde_json::value::RawValue;
use sqlx::Connection;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let engine = args.get(1).map(String::as_str).unwrap_or("sqlite");
    let scale: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let dir = tempfile_dir();
    let url = database_url(engine, &dir).await;
    let counts = Counts::scaled(scale);
    let started = Instant::now();
    let store = Store::connect(&url).await.expect("open the database");
    let (org_id, email, _) = generate(&store, &counts).await;
    store.close().await;
    if engine == "postgres" {
        // As autovacuum would after a bulk load (see the sync benchmark). Untimed.
        let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect");
        sqlx::query("VACUUM ANALYZE records").execute(&mut conn).await.expect("analyze");
    }
    println!("{engine}: generated {} records in {:.1} s", counts.total(), started.elapsed().as_secs_f64());

    let server = Server::start(&url, &dir);
    let http = reqwest::Client::new();
    let token = login(&http, &server.base, &email).await;
    let rss_before_mb = server.peak_rss_kb() as f64 / 1024.0;

    let started = Instant::now();
    let mut response =
        http.get(format!("{}/api/organizations/{org_id}/export", server.base)).bearer_auth(&token).send().await.expect("export");
    assert!(response.status().is_success(), "export answered {}", response.status());
    let first_byte_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut body = Vec::new();
    let mut chunks = 0usize;
    while let Some(chunk) = response.chunk().await.expect("a chunk") {
        chunks += 1;
        body.extend_from_slice(&chunk);
    }
    let seconds = started.elapsed().as_secs_f64();
    let peak_rss_mb = server.peak_rss_kb() as f64 / 1024.0;
    drop(server);

    let document: BTreeMap<String, Box<RawValue>> = serde_json::from_slice(&body).expect("one JSON document");
    let mut records = 1usize; // the organisation
    for (key, value) in &document {
        if value.get().starts_with('[') {
            records += serde_json::from_str::<Vec<&RawValue>>(value.get()).expect(key).len();
        }
    }
    let expected = counts.total() + 2; // plus the organisation and its owner
    assert_eq!(records, expected, "every record exported once");
    let mb = body.len() as f64 / 1_048_576.0;
    println!(
        "{engine}: export of {records} records ({mb:.0} MB in {chunks} chunks) in {seconds:.2} s = {:.0} records/s, {:.0} MB/s; first byte after {first_byte_ms:.0} ms",
        records as f64 / seconds,
        mb / seconds
    );
    println!("{engine}: server peak RSS: {peak_rss_mb:.0} MB during the export ({rss_before_mb:.0} MB before it) (goal < 200 MB)");
    let _ = std::fs::remove_dir_all(&dir);
}
