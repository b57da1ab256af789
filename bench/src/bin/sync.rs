//! Sync benchmark: an organisation of 2,000 sites, 100,000 equipment,
//! 400,000 history records and 300,000 performed services, served by the real
//! `fieldtag` binary. Measures, in one run:
//! - full paged download, records/s, against the database's own JSON export of
//!   the same rows (SQLite `json_object`, PostgreSQL `COPY (SELECT row_to_json …)`);
//! - the same as a device's first download asks for it: lists answers of 20,000 records;
//! - incremental sync with no changes, p50/p99;
//! - upload of 1,000 changed records;
//! - the server's peak RSS during the full download.
//!
//! Usage: `sync [sqlite|postgres] [SCALE]`; PostgreSQL reads FIELDTAG_BENCH_POSTGRES_URL.

use std::time::{Duration, Instant};

use fieldtag_bench::{Counts, Server, database_url, generate, login, tempfile_dir};
use fieldtag_store::Store;
use futures_util::TryStreamExt;
use serde_json::{Value, json, value::RawValue};
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
    let (org_id, email, equipment) = generate(&store, &counts).await;
    store.close().await;
    println!("{engine}: generated {} records in {:.1} s", counts.total(), started.elapsed().as_secs_f64());

    let baseline = export_baseline(engine, &url, &org_id).await;
    let server = Server::start(&url, &dir);
    let http = reqwest::Client::new();
    let token = login(&http, &server.base, &email).await;
    let sync_url = format!("{}/api/organizations/{org_id}/sync", server.base);

    let (downloaded, seconds, cursor) = full_download(&http, &sync_url, &token).await;
    let (listed, list_seconds) = full_download_lists(&http, &sync_url, &token).await;
    let peak_rss_mb = server.peak_rss_kb() as f64 / 1024.0;
    let rate = downloaded as f64 / seconds;
    let incremental = incremental_latencies(&http, &sync_url, &token, cursor).await;
    let uploads = upload_batches(&http, &sync_url, &token, &org_id, &equipment).await;
    drop(server);

    println!("{engine}: full paged download: {downloaded} records in {seconds:.2} s = {rate:.0} records/s");
    println!(
        "{engine}: baseline (database JSON export): {} rows in {:.2} s = {:.0} rows/s; download/baseline = {:.0}% (goal >= 50%)",
        baseline.0,
        baseline.1,
        baseline.0 as f64 / baseline.1,
        100.0 * rate / (baseline.0 as f64 / baseline.1)
    );
    let list_rate = listed as f64 / list_seconds;
    println!(
        "{engine}: first download as lists (format=lists, pages of 20,000): {listed} records in {list_seconds:.2} s = {list_rate:.0} records/s; lists/baseline = {:.0}%",
        100.0 * list_rate / (baseline.0 as f64 / baseline.1)
    );
    println!(
        "{engine}: incremental sync, no changes: p50 {:.2} ms, p99 {:.2} ms over {} requests (goal p99 < 20 ms)",
        percentile(&incremental, 0.50),
        percentile(&incremental, 0.99),
        incremental.len()
    );
    println!(
        "{engine}: upload of 1,000 changed records: median {:.0} ms, runs {:?} ms (goal < 200 ms)",
        percentile(&uploads, 0.5),
        uploads.iter().map(|ms| ms.round() as i64).collect::<Vec<_>>()
    );
    println!("{engine}: server peak RSS during the full download: {peak_rss_mb:.0} MB (goal < 200 MB)");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The database's own JSON export of the same rows, streamed: (rows, seconds).
async fn export_baseline(engine: &str, url: &str, org_id: &str) -> (usize, f64) {
    // A running PostgreSQL has planner statistics (autovacuum gathers them); a table loaded a
    // moment ago has none, and its planner would guess. Untimed. (SQLite's are gathered by
    // the server itself when it opens the database.)
    if engine == "postgres" {
        let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
        sqlx::query("VACUUM ANALYZE records").execute(&mut conn).await.expect("analyze");
    }
    let started = Instant::now();
    let mut rows = 0usize;
    let mut bytes = 0usize;
    if engine == "sqlite" {
        let mut conn = sqlx::SqliteConnection::connect(url).await.expect("connect");
        let mut stream = sqlx::query_scalar::<_, String>(
            "SELECT json_object('kind', kind, 'id', id, 'version', version, 'data', json(data)) FROM records WHERE org_id = ?1 ORDER BY version",
        )
        .bind(org_id)
        .fetch(&mut conn);
        while let Some(row) = stream.try_next().await.expect("export row") {
            rows += 1;
            bytes += row.len();
        }
    } else {
        let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
        let copy = format!(
            "COPY (SELECT row_to_json(r) FROM (SELECT kind, id, version, data::json AS data FROM records WHERE org_id = '{org_id}' ORDER BY version) r) TO STDOUT"
        );
        let mut stream = conn.copy_out_raw(&copy).await.expect("copy out");
        while let Some(chunk) = stream.try_next().await.expect("copy chunk") {
            bytes += chunk.len();
            rows += chunk.iter().filter(|b| **b == b'\n').count();
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    assert!(bytes > 0);
    (rows, seconds)
}

/// Every page from cursor 0: (records, seconds, final cursor). Only receiving the
/// pages is timed, as the baseline times only producing its rows; the client reads
/// each page's cursor outside the timed part.
async fn full_download(http: &reqwest::Client, url: &str, token: &str) -> (usize, f64, i64) {
    let (mut cursor, mut records, mut receiving) = (0i64, 0usize, Duration::ZERO);
    loop {
        let started = Instant::now();
        let body = http.get(format!("{url}?cursor={cursor}")).bearer_auth(token).send().await.unwrap().bytes().await.unwrap();
        receiving += started.elapsed();
        let page: std::collections::HashMap<String, Box<RawValue>> = serde_json::from_slice(&body).expect("a page");
        for (key, value) in &page {
            if value.get().starts_with('[') && key != "globalAlerts" {
                records += serde_json::from_str::<Vec<&RawValue>>(value.get()).unwrap().len();
            }
        }
        cursor = page["cursor"].get().parse().unwrap();
        if page["hasMore"].get() != "true" {
            return (records, receiving.as_secs_f64(), cursor);
        }
    }
}

/// Every page from cursor 0 as a device's first download asks for it (lists answers of 20,000
/// records): (records, seconds), only the receiving timed; each page's count read from its head.
async fn full_download_lists(http: &reqwest::Client, url: &str, token: &str) -> (usize, f64) {
    let (mut cursor, mut records, mut receiving) = (0i64, 0usize, Duration::ZERO);
    loop {
        let started = Instant::now();
        let body = http
            .get(format!("{url}?cursor={cursor}&limit=20000&format=lists"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        receiving += started.elapsed();
        let head_line = body.split(|b| *b == b'\n').next().expect("a head line");
        let head: Value = serde_json::from_slice(head_line).expect("a head");
        records += head["recordCount"].as_u64().expect("a count") as usize;
        cursor = head["cursor"].as_i64().expect("a cursor");
        if head["hasMore"] != true {
            return (records, receiving.as_secs_f64());
        }
    }
}

async fn incremental_latencies(http: &reqwest::Client, url: &str, token: &str, cursor: i64) -> Vec<f64> {
    let mut latencies = Vec::new();
    for _ in 0..300 {
        let started = Instant::now();
        let response = http.get(format!("{url}?cursor={cursor}")).bearer_auth(token).send().await.unwrap();
        assert!(response.status().is_success());
        response.bytes().await.unwrap();
        latencies.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    latencies
}

/// Five uploads of 1,000 edited equipment records each: milliseconds per upload.
async fn upload_batches(http: &reqwest::Client, url: &str, token: &str, org_id: &str, equipment: &[(String, String)]) -> Vec<f64> {
    let mut timings = Vec::new();
    for (run, chunk) in equipment.chunks(1_000).take(5).enumerate() {
        let stamp = jiff::Timestamp::now().to_string();
        let records: Vec<Value> = chunk
            .iter()
            .map(|(id, site)| json!({"id": id, "orgId": org_id, "locationId": site, "name": format!("Edited {run}"), "barcode": id[..10].to_string(), "lastUpdated": stamp}))
            .collect();
        let started = Instant::now();
        let response = http.patch(url).bearer_auth(token).json(&json!({"equipment": records})).send().await.unwrap();
        let answer: Value = response.json().await.unwrap();
        timings.push(started.elapsed().as_secs_f64() * 1000.0);
        let accepted = answer["equipment"].as_array().unwrap().iter().filter(|a| a["status"] == "accepted").count();
        assert_eq!(accepted, chunk.len(), "every edit accepted: {}", answer["equipment"][0]);
    }
    timings
}

fn percentile(values: &[f64], p: f64) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}
