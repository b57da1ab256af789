//! Report photos benchmark: the deficiency report of a site whose 50 deficiencies carry 200
//! photos (four each, 1,600 × 1,200 JPEGs as the device stores them), against the same report
//! of a site with the same 50 deficiencies and no photos, in the same run, from the release
//! `fieldtag` binary on SQLite. Times the PDF (goal < 5 s with photos; first run and median of
//! the next five) and the server's peak memory while making each (goal < 200 MB).
//!
//! Usage: `report_photos [PHOTOS]` (default 200); `REPORTS_SAVE_DIR=dir` keeps the PDFs.

use std::io::Cursor;
use std::time::Instant;

use fieldtag_bench::{Owner, Server, database_url, sign_up, tempfile_dir};
use fieldtag_store::new_id;
use serde_json::{Value, json};

const STAMP: &str = "2026-01-01T00:00:00.000Z";
const RUNS: usize = 5;
const PER_DEFICIENCY: usize = 4;

/// A photo-like 1,600 × 1,200 JPEG: gradients and noise, different for each `seed` (a PDF
/// holds identical images once).
fn photo(seed: u64) -> Vec<u8> {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let image = image::RgbImage::from_fn(1600, 1200, |x, y| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let noise = (state % 24) as u32;
        image::Rgb([((x / 7 + seed as u32 * 13) % 256) as u8, ((y / 5 + noise) % 256) as u8, ((x + y) / 11 % 256 + noise) as u8])
    });
    let mut out = Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image).write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82)).unwrap();
    out.into_inner()
}

#[tokio::main]
async fn main() {
    let photos: usize = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(200);
    let deficiencies = photos.div_ceil(PER_DEFICIENCY);
    let dir = tempfile_dir();
    let url = database_url("sqlite", &dir).await;
    let server = Server::start(&url, &dir);
    let http = reqwest::Client::new();
    let email = format!("bench-{}@photos.example", new_id());
    let Owner { token, org, .. } = sign_up(&http, &server.base, &email).await;

    // The photos, uploaded as a device does: a write link for the name it chose, then the PUT.
    let started = Instant::now();
    let mut names = Vec::new();
    let mut stored_bytes = 0;
    for n in 0..photos {
        let name = format!("photos/{}.jpg", new_id());
        let bytes = photo(n as u64);
        stored_bytes += bytes.len();
        let link: Value = http
            .post(format!("{}/api/organizations/{org}/signed-urls", server.base))
            .bearer_auth(&token)
            .json(&json!({"action": "write", "folderName": "photos", "contentType": "image/jpeg", "fileName": name}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let put = http
            .put(format!("{}{}", server.base, link["url"].as_str().expect("a write link")))
            .header("Content-Type", "image/jpeg")
            .body(bytes)
            .send()
            .await
            .unwrap();
        assert!(put.status().is_success(), "upload: {}", put.status());
        names.push(name);
    }
    println!(
        "report_photos: {photos} photos ({:.0} KiB on average) made and uploaded in {:.1} s",
        stored_bytes as f64 / photos as f64 / 1024.0,
        started.elapsed().as_secs_f64()
    );

    let (with_photos, without_photos) = (new_id(), new_id());
    let batch = stock(&org, &[(&with_photos, "With Photos", Some(&names)), (&without_photos, "Without Photos", None)], deficiencies);
    let response =
        http.patch(format!("{}/api/organizations/{org}/sync", server.base)).bearer_auth(&token).json(&batch).send().await.unwrap();
    assert!(response.status().is_success(), "upload: {}", response.text().await.unwrap());

    let report = format!("{}/api/reports/deficiencyReport", server.base);
    let save = std::env::var_os("REPORTS_SAVE_DIR").map(std::path::PathBuf::from);
    for (label, site) in [("without photos", &without_photos), ("with photos", &with_photos)] {
        server.reset_peak_rss();
        let before = server.rss_kb();
        let mut times = Vec::new();
        let mut size = 0;
        for _ in 0..=RUNS {
            let started = Instant::now();
            let response = http
                .get(&report)
                .bearer_auth(&token)
                .query(&[("locationId", site.as_str()), ("startDate", "2026-01-01"), ("endDate", "2026-12-31")])
                .send()
                .await
                .unwrap();
            assert!(response.status().is_success(), "{label}: {}", response.status());
            let bytes = response.bytes().await.unwrap();
            size = bytes.len();
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            if let Some(dir) = &save {
                std::fs::write(dir.join(format!("deficiency-report-{}.pdf", label.replace(' ', "-"))), &bytes).unwrap();
            }
        }
        let first = times.remove(0);
        times.sort_by(f64::total_cmp);
        let count = if label == "with photos" { photos } else { 0 };
        println!(
            "report_photos: deficiency report of {deficiencies} deficiencies {label} ({count} photos): first {first:.0} ms, median {:.0} ms of {RUNS} (goal < 5000 ms), {} KiB; server RSS {:.0} MB before, peak {:.0} MB (goal < 200 MB)",
            times[RUNS / 2],
            size / 1024,
            before as f64 / 1024.0,
            server.peak_rss_kb() as f64 / 1024.0
        );
    }
    let log = server.log();
    if !log.is_empty() {
        println!("report_photos: server log:\n{}", log.lines().take(5).collect::<Vec<_>>().join("\n"));
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each site with an item and `count` deficiencies of 2026; the photos, four to a deficiency,
/// on the first site's.
fn stock(org: &str, sites: &[(&str, &str, Option<&[String]>)], count: usize) -> Value {
    let (kind, model, annual) = (new_id(), new_id(), new_id());
    let (mut locations, mut equipment, mut deficiencies) = (Vec::new(), Vec::new(), Vec::new());
    for (site, name, photos) in sites {
        locations
            .push(json!({"id": site, "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto", "lastUpdated": STAMP}));
        for n in 0..count {
            let item = new_id();
            equipment
                .push(json!({"id": item, "orgId": org, "locationId": site, "name": format!("Floor {} Cabinet {}", n / 10 + 1, n % 10 + 1),
                "barcode": format!("FT-{n:05}"), "modelId": model, "lastUpdated": STAMP}));
            let mut deficiency = json!({"id": new_id(), "orgId": org, "locationId": site, "equipmentId": item, "serviceTypeId": annual,
                "description": "Corroded valve on the outlet; gauge in the red", "dateOpened": format!("2026-{:02}-{:02}T14:00:00.000Z", n % 11 + 1, n % 27 + 1),
                "dateClosed": "", "lastUpdated": STAMP});
            if let Some(photos) = photos {
                let own: Vec<&String> = photos.iter().skip(n * PER_DEFICIENCY).take(PER_DEFICIENCY).collect();
                deficiency["photos"] = json!(own);
            }
            deficiencies.push(deficiency);
        }
    }
    json!({
        "locations": locations,
        "equipmentTypes": [{"id": kind, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
        "models": [{"id": model, "orgId": org, "name": "B500", "equipmentTypeId": kind, "lastUpdated": STAMP}],
        "serviceTypes": [{"id": annual, "orgId": org, "name": "Annual Inspection", "equipmentTypeId": kind, "dueWhen": "any", "frequencyType": 7, "frequency": 1, "inspection": true, "conditions": [], "lastUpdated": STAMP}],
        "equipment": equipment,
        "deficiencies": deficiencies,
    })
}
