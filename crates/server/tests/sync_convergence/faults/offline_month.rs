//! A device offline for 30 days with 1,000 changes while the office keeps working. When
//! it syncs, every one of the 1,000 is answered: stored, or `stale` because the server
//! holds a later stamp or a tombstone — exactly the rules of docs/sync.md "Who wins".
//! Its batches stay under the body limit and its cursor catches up with the feed.

use std::collections::BTreeMap;

use fieldtag_server::body_limit::MAX_BODY_BYTES;
use rand::Rng;
use rand::seq::SliceRandom;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{assert_all_accepted, new_sites, now_ms, seeded};
use crate::calls::{Owner, PASSWORD, authed, download_all, expect, http, login, sign_up, upload};
use crate::records::{self, StampStyle, canonical, is_deleted, stamp_of};
use crate::server::{Database, Engine, ServerProcess};

const DAY_MS: i64 = 24 * 3_600_000;
const CHANGES: usize = 1_000;
/// Records per upload: the app sends its queue in batches of this size.
const BATCH: usize = 200;

fn stamp(millis: i64) -> String {
    records::stamp_text(millis, StampStyle::Millis)
}

/// What the server should answer for one offline change, by docs/sync.md "Who wins".
fn expected_status(offline: &Value, office: Option<&Value>) -> &'static str {
    match office {
        None => "accepted",
        // A stored tombstone is final against any edit; otherwise the later stamp wins
        // (an older tombstone loses to a newer edit, as an older edit would).
        Some(office) if is_deleted(office) && !is_deleted(offline) => "stale",
        Some(office) if stamp_of(office) > stamp_of(offline) => "stale",
        Some(_) => "accepted",
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_month_offline_with_a_thousand_changes_syncs_by_last_writer_wins() {
    let database = Database::create(Engine::Sqlite).await;
    let server = ServerProcess::start(&database, "server0").await;
    let http = http();
    let office = sign_up(&http, &server.base, "office@offline.fieldtag.test").await;
    let mut rng = seeded(0x30da);
    let started = now_ms();
    let month_ago = started - 31 * DAY_MS;

    // 1,000 sites as they were a month ago; the device downloads them, then goes offline.
    let sites = new_sites(&mut rng, &office.org_id, CHANGES, month_ago);
    for chunk in sites.chunks(BATCH) {
        let answer =
            expect(upload(&http, &server.base, &office, &json!({"locations": chunk})).await.unwrap(), StatusCode::OK, "seed").await;
        assert_all_accepted(&answer, "locations", chunk.len(), "seed");
    }
    let device_token = expect(login(&http, &server.base, &office.email, PASSWORD).await, StatusCode::OK, "device login").await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let device = Owner { org_id: office.org_id.clone(), email: office.email.clone(), token: device_token };
    let (mut held, mut cursor) = (BTreeMap::new(), 0);
    download_from(&http, &server.base, &device, &mut cursor, &mut held).await;
    assert_eq!(held.len(), CHANGES);

    // Offline: every site changed once, stamps spread over 30 days; one in twenty deleted.
    let mut offline: Vec<Value> = sites.clone();
    for (n, site) in offline.iter_mut().enumerate() {
        let at = stamp(month_ago + DAY_MS + (n as i64) * 30 * DAY_MS / CHANGES as i64);
        if n % 20 == 0 { records::delete(site, &at) } else { records::edit(&mut rng, records::Kind::Locations, site, &[], &at) }
    }

    // Meanwhile the office: 300 edits stamped now (they win), 150 stamped before the
    // device's edit of the same site (they lose), 30 deletions (final), 200 new sites.
    let mut order: Vec<usize> = (0..CHANGES).collect();
    order.shuffle(&mut rng);
    let mut office_copy: BTreeMap<String, Value> = BTreeMap::new();
    let mut office_changes = Vec::new();
    for (rank, &n) in order.iter().enumerate().take(480) {
        let mut site = sites[n].clone();
        let theirs = stamp_of(&offline[n]);
        match rank {
            0..300 => records::edit(&mut rng, records::Kind::Locations, &mut site, &[], &stamp(now_ms())),
            300..450 => {
                let earlier = stamp(theirs - rng.random_range(1..DAY_MS / 2));
                records::edit(&mut rng, records::Kind::Locations, &mut site, &[], &earlier)
            }
            _ => records::delete(&mut site, &stamp(month_ago + rng.random_range(DAY_MS..2 * DAY_MS))),
        }
        office_copy.insert(site["id"].as_str().unwrap().to_string(), site.clone());
        office_changes.push(site);
    }
    office_changes.extend(new_sites(&mut rng, &office.org_id, 200, now_ms()));
    for chunk in office_changes.chunks(BATCH) {
        let answer =
            expect(upload(&http, &server.base, &office, &json!({"locations": chunk})).await.unwrap(), StatusCode::OK, "office").await;
        assert_all_accepted(&answer, "locations", chunk.len(), "the office's changes");
    }

    // Back online: the queue goes up in batches; every change gets exactly one answer.
    let (mut accepted, mut stale) = (0, 0);
    for chunk in offline.chunks(BATCH) {
        let body = json!({"locations": chunk});
        assert!(serde_json::to_vec(&body).unwrap().len() < MAX_BODY_BYTES, "a batch stays under the body limit");
        let answer = expect(upload(&http, &server.base, &device, &body).await.unwrap(), StatusCode::OK, "device upload").await;
        let statuses = answer["locations"].as_array().expect("answers");
        assert_eq!(statuses.len(), chunk.len(), "one answer per change, none dropped");
        for (sent, status) in chunk.iter().zip(statuses) {
            let id = sent["id"].as_str().unwrap();
            assert_eq!(status["id"], id, "answers in the order sent");
            let expected = expected_status(sent, office_copy.get(id));
            assert_eq!(status["status"], expected, "site {id}: sent {sent}, office {:?}, answer {status}", office_copy.get(id));
            if expected == "stale" {
                // The newer copy comes back to replace the local one.
                assert_eq!(canonical(&status["record"]), canonical(&office_copy[id]), "{status}");
                stale += 1;
            } else {
                accepted += 1;
            }
            held.insert(id.to_string(), if expected == "stale" { status["record"].clone() } else { sent.clone() });
        }
    }
    assert_eq!(accepted + stale, CHANGES);

    // The cursor catches up: everything since it, then the device holds what the server holds.
    let pages = download_from(&http, &server.base, &device, &mut cursor, &mut held).await;
    let on_server = download_all(&http, &server.base, &office, "locations").await;
    assert_eq!(on_server.len(), CHANGES + 200);
    for (id, record) in &on_server {
        assert_eq!(held.get(id).map(canonical), Some(canonical(record)), "the device holds the server's copy of {id}");
    }
    for (n, sent) in offline.iter().enumerate() {
        let id = sent["id"].as_str().unwrap();
        let expected = match expected_status(sent, office_copy.get(id)) {
            "accepted" => sent,
            _ => &office_copy[id],
        };
        assert_eq!(canonical(&on_server[id]), canonical(expected), "change {n} to {id} is where last-writer-wins puts it");
    }
    println!("faults::offline_month changes={CHANGES} accepted={accepted} stale={stale} catch-up pages={pages}");
}

/// Pages from `cursor` to the end of the feed (limit 500), merging into `held`; answers the page count.
async fn download_from(http: &reqwest::Client, base: &str, device: &Owner, cursor: &mut i64, held: &mut BTreeMap<String, Value>) -> usize {
    let mut pages = 0;
    loop {
        let path = format!("/api/organizations/{}/sync?cursor={cursor}&limit=500", device.org_id);
        let page = expect(authed(http, base, Method::GET, &path, &device.token).send().await.unwrap(), StatusCode::OK, "page").await;
        let next = page["cursor"].as_i64().expect("cursor");
        assert!(next >= *cursor, "the cursor only moves forward");
        for record in page["locations"].as_array().into_iter().flatten() {
            held.insert(record["id"].as_str().unwrap().to_string(), record.clone());
        }
        *cursor = next;
        pages += 1;
        if page["hasMore"] != true {
            return pages;
        }
    }
}
