//! Report benchmark: the inspection report of a site with 1,000 items (each with
//! two services, two history records of the last year, one in ten with an open deficiency),
//! served by the real release `fieldtag` binary on SQLite. Times the PDF (goal < 3 s, the first
//! after start < 2 s) with and without history and the CSV (goal < 300 ms), first run and median
//! of the next five; sizes (PDF goal < 1.5 MB) and the server's peak memory while making them
//! (goal < 150 MB).
//!
//! Usage: `reports [ITEMS]` (default 1,000); `REPORTS_SAVE_DIR=dir` keeps the files.

use std::time::Instant;

use fieldtag_bench::{Owner, Server, database_url, sign_up, tempfile_dir};
use fieldtag_store::new_id;
use serde_json::{Value, json};

const STAMP: &str = "2026-01-01T00:00:00.000Z";
const RUNS: usize = 5;

#[tokio::main]
async fn main() {
    let items: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(1_000);
    let dir = tempfile_dir();
    let url = database_url("sqlite", &dir).await;
    let server = Server::start(&url, &dir);
    let http = reqwest::Client::new();
    let email = format!("bench-{}@reports.example", new_id());
    let Owner { token, org, user } = sign_up(&http, &server.base, &email).await;
    let site = new_id();
    let started = Instant::now();
    for batch in stock(&org, &user, &site, items) {
        let response =
            http.patch(format!("{}/api/organizations/{org}/sync", server.base)).bearer_auth(&token).json(&batch).send().await.unwrap();
        assert!(response.status().is_success(), "upload: {}", response.text().await.unwrap());
    }
    println!("reports: site of {items} items uploaded in {:.1} s", started.elapsed().as_secs_f64());

    let report = format!("{}/api/reports/inspectionReport", server.base);
    // The same report date every run, so "without history" has none (the stock's history is of
    // January to November 2026) and "with history" has all of it.
    let with_history = [("reportDate", "2026-12-31"), ("monthsOfHistory", "12")];
    let without_history = [("reportDate", "2026-12-31"), ("monthsOfHistory", "0")];
    let save = std::env::var_os("REPORTS_SAVE_DIR").map(std::path::PathBuf::from);
    let upload_peak = server.peak_rss_kb();
    server.reset_peak_rss();
    let mut first_report_peak = None;
    for (label, output, history) in
        [("pdf with history", "pdf", &with_history), ("pdf without history", "pdf", &without_history), ("csv", "csv", &with_history)]
    {
        let mut times = Vec::new();
        let mut size = 0;
        for _ in 0..=RUNS {
            let started = Instant::now();
            let response = http
                .get(&report)
                .bearer_auth(&token)
                .query(&[("locationId", site.as_str()), ("output", output)])
                .query(history)
                .send()
                .await
                .unwrap();
            assert!(response.status().is_success(), "{output}: {}", response.status());
            let bytes = response.bytes().await.unwrap();
            size = bytes.len();
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            first_report_peak.get_or_insert_with(|| server.peak_rss_kb());
            if let Some(dir) = &save {
                std::fs::write(dir.join(format!("{}.{output}", label.replace(' ', "-"))), &bytes).unwrap();
            }
        }
        let first = times.remove(0);
        times.sort_by(f64::total_cmp);
        let (goal, first_goal, size_goal) = if output == "pdf" {
            ("goal < 3000 ms", " (first after start: goal < 2000 ms)", " (goal < 1536 KiB)")
        } else {
            ("goal < 300 ms", "", "")
        };
        let first_goal = if label == "pdf with history" { first_goal } else { "" };
        println!(
            "reports: inspection report of {items} items as {label}: first {first:.0} ms{first_goal}, median {:.0} ms of {RUNS} ({goal}), {} KiB{size_goal}",
            times[RUNS / 2],
            size / 1024
        );
    }
    println!(
        "reports: server peak RSS while making the first report {:.0} MB, all {} reports {:.0} MB (goal < 150 MB); {:.0} MB during the upload",
        first_report_peak.unwrap_or_default() as f64 / 1024.0,
        3 * (RUNS + 1),
        server.peak_rss_kb() as f64 / 1024.0,
        upload_peak as f64 / 1024.0
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The site, its catalogue and its items, in upload batches of at most 1,000 records a kind.
fn stock(org: &str, user: &str, site: &str, items: usize) -> Vec<Value> {
    let (kind, model, annual, hydro) = (new_id(), new_id(), new_id(), new_id());
    let mut batches = vec![json!({
        "locations": [{"id": site, "orgId": org, "name": "Maple Arena", "status": "active", "timeZone": "America/Toronto", "address": "100 Main St", "city": "Toronto", "lastUpdated": STAMP}],
        "equipmentTypes": [{"id": kind, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
        "models": [{"id": model, "orgId": org, "name": "B500", "equipmentTypeId": kind, "lastUpdated": STAMP}],
        "serviceTypes": [
            {"id": annual, "orgId": org, "name": "Annual Inspection", "equipmentTypeId": kind, "dueWhen": "any", "frequencyType": 7, "frequency": 1, "inspection": true, "conditions": [], "lastUpdated": STAMP},
            {"id": hydro, "orgId": org, "name": "Hydrostatic Test", "equipmentTypeId": kind, "dueWhen": "any", "frequencyType": 7, "frequency": 12, "conditions": [], "lastUpdated": STAMP},
        ],
    })];
    for chunk in (0..items).collect::<Vec<_>>().chunks(250) {
        let (mut equipment, mut performed, mut history, mut deficiencies) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for &n in chunk {
            let item = new_id();
            let last = format!("2026-{:02}-{:02}T14:00:00.000Z", n % 11 + 1, n % 27 + 1);
            equipment.push(json!({"id": item, "orgId": org, "locationId": site, "name": format!("Floor {} Cabinet {}", n / 40 + 1, n % 40 + 1),
                "barcode": format!("FT-{n:05}"), "serialNumber": format!("SN{n:07}"), "modelId": model, "manufactureDate": "2020-01-01", "lastUpdated": STAMP}));
            for service in [&annual, &hydro] {
                performed.push(json!({"id": format!("{item}-{service}"), "orgId": org, "locationId": site, "equipmentId": item, "serviceTypeId": service, "lastDate": last, "lastUpdated": STAMP}));
            }
            history.push(json!({"id": new_id(), "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "type": 2, "date": last,
                "description": "Annual Inspection performed", "userId": user, "relevantId": format!("{item}-{annual}"), "lastUpdated": STAMP}));
            history.push(json!({"id": new_id(), "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "type": 7, "date": last,
                "description": "Tag replaced", "userId": user, "lastUpdated": STAMP}));
            if n % 10 == 0 {
                deficiencies.push(json!({"id": new_id(), "orgId": org, "locationId": site, "equipmentId": item, "serviceTypeId": annual,
                    "description": "Gauge in the red", "dateOpened": last, "dateClosed": "", "lastUpdated": STAMP}));
            }
        }
        batches.push(json!({"equipment": equipment, "performedServices": performed, "history": history, "deficiencies": deficiencies}));
    }
    batches
}
