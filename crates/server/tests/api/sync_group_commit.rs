//! Uploads that arrive together share a commit (group commit): each is still answered on its
//! own, only after the commit that holds it, in version order, and a failing one fails alone.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use fieldtag_domain::records::check_record;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_server::sync_upload::KindRules;
use fieldtag_store::{IncomingRecord, SyncOutcome};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect};

crate::on_both_engines!(parallel_uploads_are_each_answered_kept_and_never_skipped, a_failing_upload_fails_alone_in_its_group);

fn id() -> String {
    fieldtag_store::new_id()
}

fn site(org: &str, id: &str, name: &str) -> Value {
    json!({"id": id, "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto", "lastUpdated": "2026-11-22T10:00:00Z", "deleted": false})
}

fn equipment(org: &str, id: &str, location_id: &str, name: &str) -> Value {
    json!({"id": id, "orgId": org, "locationId": location_id, "name": name, "barcode": "FT-0001", "manufactureDate": "2024-03-01T00:00:00Z", "lastUpdated": "2026-11-22T10:00:00Z", "deleted": false})
}

async fn parallel_uploads_are_each_answered_kept_and_never_skipped(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    app.sync_upload(&owner, json!({"locations": [site(&owner.org_id, &site_id, "Plant")]})).await;
    let (_, start, _) = ReaderApp { base: app.base.clone(), http: app.http.clone() }.page(&owner, 0).await;

    // A reader follows the feed, a page of 3 at a time, while the uploads commit.
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let (app_base, http, owner, done) = (app.base.clone(), app.http.clone(), owner.clone(), done.clone());
        tokio::spawn(async move {
            let reader_app = ReaderApp { base: app_base, http };
            let mut seen: HashMap<String, i64> = HashMap::new();
            let mut cursor = start;
            loop {
                // Read the flag before the page: a page read after every upload answered has all.
                let last_round = done.load(std::sync::atomic::Ordering::SeqCst);
                let (found, next, has_more) = reader_app.page(&owner, cursor).await;
                assert!(next >= cursor, "the cursor only moves forward");
                seen.extend(found);
                cursor = next;
                if last_round && !has_more {
                    return seen;
                }
            }
        })
    };

    // Forty uploads at once: each a new item, the same re-sent item, and a record refused.
    let shared = equipment(&owner.org_id, &id(), &site_id, "Shared");
    let mut uploads = tokio::task::JoinSet::new();
    for n in 0..40 {
        let item = equipment(&owner.org_id, &id(), &site_id, &format!("Item {n}"));
        let refused = equipment(&owner.org_id, &id(), "no-such-site", "Nowhere");
        let request = app
            .authed(Method::PATCH, &format!("/api/organizations/{}/sync", owner.org_id), &owner.token)
            .json(&json!({"equipment": [item.clone(), shared.clone(), refused]}));
        uploads
            .spawn(async move { (item["id"].as_str().unwrap().to_string(), expect(request.send().await.unwrap(), StatusCode::OK).await) });
    }
    let answers = uploads.join_all().await;
    done.store(true, std::sync::atomic::Ordering::SeqCst);

    let mut versions: HashMap<String, i64> = HashMap::new();
    let mut shared_versions = HashSet::new();
    for (item, answer) in &answers {
        let list = answer["equipment"].as_array().unwrap();
        assert_eq!(list[0]["status"], "accepted", "{answer}");
        versions.insert(item.clone(), list[0]["version"].as_i64().unwrap());
        assert_eq!(list[1]["status"], "accepted", "{answer}");
        shared_versions.insert(list[1]["version"].as_i64().unwrap());
        assert_eq!(list[2]["status"], "rejected", "{answer}");
    }
    assert_eq!(shared_versions.len(), 1, "a re-sent record keeps the version it was first stored under");
    let distinct: HashSet<i64> = versions.values().copied().collect();
    assert_eq!(distinct.len(), 40, "every upload has versions of its own");

    // Every answered upload is stored, and the reader saw every one at its version.
    let seen = reader.await.unwrap();
    for (item, version) in &versions {
        assert_eq!(seen.get(item), Some(version), "the feed skipped {item}");
    }
    assert_eq!(seen.len(), 41, "the 40 items and the shared one");
}

/// The reader's own handle on the server (a task cannot borrow the test's app).
struct ReaderApp {
    base: String,
    http: reqwest::Client,
}

impl ReaderApp {
    async fn page(&self, account: &Account, cursor: i64) -> (Vec<(String, i64)>, i64, bool) {
        let url = format!("{}/api/organizations/{}/sync?cursor={cursor}&limit=3", self.base, account.org_id);
        let response = self.http.get(url).bearer_auth(&account.token).send().await.unwrap();
        let page = expect(response, StatusCode::OK).await;
        let found = page["equipment"]
            .as_array()
            .unwrap()
            .iter()
            .map(|record| (record["id"].as_str().unwrap().to_string(), record["version"].as_i64().unwrap()))
            .collect();
        (found, page["cursor"].as_i64().unwrap(), page["hasMore"].as_bool().unwrap())
    }
}

async fn a_failing_upload_fails_alone_in_its_group(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let missing_org = id();
    // Thirty uploads at once through the store: every third for an organisation that does not
    // exist, whose user record breaks a foreign key mid-upload (a database error, rolled back to
    // its savepoint). On SQLite all share one lane, so failures land inside others' groups.
    let mut uploads = tokio::task::JoinSet::new();
    for n in 0..30 {
        let store = app.store.clone();
        let fails = n % 3 == 0;
        let org = if fails { missing_org.clone() } else { owner.org_id.clone() };
        let (kind, record) = if fails {
            let user = json!({"id": id(), "orgId": org, "name": "Ghost", "email": format!("ghost{n}@acme.ca"), "permissions": [], "invitationStatus": 0, "lastUpdated": "2026-11-22T10:00:00Z"});
            (SyncKind::Users, user)
        } else {
            (SyncKind::Locations, site(&org, &id(), &format!("Site {n}")))
        };
        let incoming = IncomingRecord::new(kind, check_record(kind, &org, &record).unwrap());
        uploads.spawn(async move { (fails, store.apply_sync_batch(&org, vec![incoming], Arc::new(KindRules)).await) });
    }
    let mut versions = HashSet::new();
    for (fails, result) in uploads.join_all().await {
        if fails {
            assert!(result.is_err(), "an upload to no organisation fails: {result:?}");
        } else {
            let outcomes = result.unwrap();
            let [SyncOutcome::Accepted { version }] = outcomes.as_slice() else { panic!("accepted: {outcomes:?}") };
            versions.insert(*version);
        }
    }
    assert_eq!(versions.len(), 20);

    // The twenty good uploads are stored, under the versions they were answered with.
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let feed = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    let stored: HashSet<i64> = feed["locations"].as_array().unwrap().iter().map(|r| r["version"].as_i64().unwrap()).collect();
    assert_eq!(stored, versions);
    assert_eq!(app.store.current_version(&owner.org_id).await.unwrap(), *versions.iter().max().unwrap());
}
