//! Imports from the safety scan app (docs/import.md), against a local fake of the app: the
//! request, permissions, the job run by the server's runner, its records arriving through sync,
//! failures leaving nothing written, clearAllData, and a job left by a dead worker.

#[path = "fixtures/safety_scan_app.rs"]
pub mod safety_scan_app;

use std::collections::HashMap;
use std::time::Duration;

use fieldtag_domain::records::check_record;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_server::config::Config;
use fieldtag_server::sync_upload::KindRules;
use fieldtag_store::{ImportWrite, IncomingRecord, NewImport};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};
use safety_scan_app::AppData;

fn with_fake_app(config: &mut Config) {
    config.safety_scan_url = Some(safety_scan_app::url());
}

crate::on_both_engines!(configure = with_fake_app;
    a_good_import_arrives_through_sync,
    bad_records_from_the_app_are_skipped_and_counted,
    an_unreadable_answer_fails_the_job,
    the_request_is_checked_field_by_field,
    imports_need_settings_permissions_in_ones_own_organisation,
    a_refused_key_fails_the_job_with_its_context_id,
    an_app_failing_midway_leaves_nothing_written,
    a_job_left_by_a_dead_worker_is_resumed,
    a_job_interrupted_three_times_fails,
    clear_all_data_deletes_and_imports_in_one_go,
    a_failing_clear_all_data_import_leaves_the_old_data_whole,
    one_worker_holds_a_lease_and_a_lost_lease_writes_nothing,
);

mod unconfigured {
    use reqwest::{Method, StatusCode};
    use serde_json::json;

    use crate::common::{TestApp, expect_error};

    crate::on_both_engines!(a_server_without_the_app_refuses_imports);

    async fn a_server_without_the_app_refuses_imports(app: &TestApp) {
        let admin = app.sign_up("owner@noapp.example").await;
        let path = format!("/api/organizations/{}/imports", admin.org_id);
        let body = json!({"orgId": admin.org_id, "importKey": {"key": "k"}});
        let response = app.authed(Method::POST, &path, &admin.token).json(&body).send().await.unwrap();
        expect_error(
            response,
            StatusCode::SERVICE_UNAVAILABLE,
            "ImportUnavailable",
            "This server has no safety scan app configured (FIELDTAG_SAFETY_SCAN_URL)",
        )
        .await;
        assert!(app.store.imports_of(&admin.org_id).await.unwrap().is_empty());
    }
}

const TORONTO: &str = "America/Toronto";

fn site(id: &str, name: &str, active: bool) -> Value {
    json!({"id": id, "name": name, "active": active, "timeZone": TORONTO, "siteNumber": format!("S-{id}"), "city": "Toronto"})
}

fn item(id: &str, location: &str, kind: &str, model: &str) -> Value {
    json!({"id": id, "location": location, "type": kind, "model": model, "barcode": format!("BC-{id}"), "serialNumber": format!("SN-{id}")})
}

fn entry(id: &str, equipment_id: &str, date: &str, kind: &str) -> Value {
    json!({"id": id, "equipmentId": equipment_id, "date": date, "kind": kind, "result": "pass", "description": "Annual check", "technicianEmail": "tech@scan.example"})
}

/// Two active sites and an inactive one; equipment and history over several pages; two users.
fn good_data() -> AppData {
    AppData {
        sites: vec![site("s1", "Head office", true), site("s2", "Warehouse", true), site("s3", "Closed depot", false)],
        equipment: HashMap::from([
            (
                "s1".to_string(),
                vec![
                    item("e1", "Lobby", "Fire extinguisher", "B500"),
                    item("e2", "Kitchen", "fire EXTINGUISHER", "B500"),
                    item("e3", "Stairs", "Emergency light", ""),
                ],
            ),
            ("s2".to_string(), vec![item("e4", "Dock", "Fire extinguisher", "K20")]),
            ("s3".to_string(), vec![item("e5", "Office", "Fire extinguisher", "B500")]),
        ]),
        history: HashMap::from([
            (
                "s1".to_string(),
                vec![
                    entry("h1", "e1", "2026-03-01T10:00:00Z", "inspection"),
                    entry("h2", "e2", "2026-04-01", "service"),
                    entry("h3", "e1", "2025-06-01T10:00:00Z", "inspection"),
                ],
            ),
            ("s2".to_string(), vec![entry("h4", "e4", "2026-05-02T09:00:00-04:00", "repair")]),
        ]),
        users: vec![
            json!({"id": "u1", "name": "Tess Tech", "email": "tech@scan.example", "active": true}),
            json!({"id": "u2", "name": "Gone Guy", "email": "gone@scan.example", "active": false}),
        ],
        ..AppData::default()
    }
}

fn import_path(account: &Account) -> String {
    format!("/api/organizations/{}/imports", account.org_id)
}

async fn start(app: &TestApp, account: &Account, body: Value) -> Value {
    let response = app.authed(Method::POST, &import_path(account), &account.token).json(&body).send().await.unwrap();
    expect(response, StatusCode::ACCEPTED).await["data"].clone()
}

async fn imports(app: &TestApp, account: &Account) -> Vec<Value> {
    let response = app.authed(Method::GET, &format!("/api/imports?orgId={}", account.org_id), &account.token).send().await.unwrap();
    expect(response, StatusCode::OK).await["data"].as_array().unwrap().clone()
}

/// The import record once its job has ended.
async fn finished(app: &TestApp, account: &Account, id: &str) -> Value {
    for _ in 0..300 {
        let record = imports(app, account).await.into_iter().find(|r| r["id"] == id).expect("the import is listed");
        if !record["dateCompleted"].is_null() {
            return record;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("import {id} did not finish in 30 s");
}

/// The mail sent to `email`, once there is some: an import's invitations go out after it is
/// marked done, so on a busy machine they may come a moment after.
async fn mailed(app: &TestApp, email: &str) -> Vec<fieldtag_store::OutboxMail> {
    for _ in 0..300 {
        let mail = app.store.outbox_for(email).await.unwrap();
        if !mail.is_empty() {
            return mail;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no mail to {email} in 30 s");
}

/// Every live record of the organisation by kind, and the tombstones, through GET sync.
async fn synced(app: &TestApp, account: &Account) -> (HashMap<String, Vec<Value>>, HashMap<String, Vec<Value>>) {
    let path = format!("/api/organizations/{}/sync?limit=20000", account.org_id);
    let body = expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await;
    let (mut live, mut deleted): (HashMap<String, Vec<Value>>, HashMap<String, Vec<Value>>) = (HashMap::new(), HashMap::new());
    for (kind, list) in body.as_object().unwrap() {
        for record in list.as_array().into_iter().flatten() {
            let target = if record["deleted"] == json!(true) { &mut deleted } else { &mut live };
            target.entry(kind.clone()).or_default().push(record.clone());
        }
    }
    (live, deleted)
}

fn count(records: &HashMap<String, Vec<Value>>, kind: &str) -> usize {
    records.get(kind).map_or(0, Vec::len)
}

fn named<'a>(records: &'a HashMap<String, Vec<Value>>, kind: &str, name: &str) -> &'a Value {
    records.get(kind).into_iter().flatten().find(|r| r["name"] == name).unwrap_or_else(|| panic!("no {kind} named {name}"))
}

async fn upload(app: &TestApp, account: &Account, body: Value) {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let answer = expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    for (key, list) in answer.as_object().unwrap() {
        for outcome in list.as_array().into_iter().flatten() {
            assert_eq!(outcome["status"], "accepted", "{key}: {outcome}");
        }
    }
}

async fn a_good_import_arrives_through_sync(app: &TestApp) {
    let admin = app.sign_up("owner@imports.example").await;
    // A type the organisation already has is matched by name, not made twice.
    let type_id = fieldtag_store::new_id();
    upload(
        app,
        &admin,
        json!({"equipmentTypes": [{"id": type_id, "orgId": admin.org_id, "name": "Fire Extinguisher", "lastUpdated": "2026-01-01T00:00:00Z"}]}),
    )
    .await;
    let key = safety_scan_app::register(good_data());
    let queued =
        start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}, "importUsers": true, "importDate": "2026-01-01"}))
            .await;
    assert_eq!(queued["source"], "safetyScan");
    assert_eq!(queued["orgId"], admin.org_id);
    assert_eq!(queued["importUsers"], true);
    assert_eq!(queued["importAllSites"], false);
    assert_eq!(queued["importDate"], "2026-01-01");
    assert_eq!(queued["contextId"].as_str().map(str::len), Some(32));

    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    // Sites s1 and s2, 4 items, 1 new type (Emergency light; the extinguisher type exists),
    // 3 models (B500, K20, and Emergency light named after its type), 3 history entries on or
    // after the import date, 1 active user.
    assert_eq!(done["recordsWritten"], 2 + 4 + 1 + 3 + 3 + 1, "{done}");
    assert_eq!(done["rowsRejected"], 0);
    // Pages: sites 2, s1 equipment 2 and history 1 (the app filters by date), s2 1 and 1, users 1.
    assert_eq!(done["progress"], json!({"done": 8, "total": 8}));

    let (live, _) = synced(app, &admin).await;
    assert_eq!(count(&live, "locations"), 2);
    let office = named(&live, "locations", "Head office");
    assert_eq!(office["status"], "active");
    assert_eq!(office["timeZone"], TORONTO);
    assert_eq!(office["customerNumber"], "S-s1");
    assert_eq!(office["safetyScanId"], "s1");
    assert_eq!(count(&live, "equipment"), 4);
    assert_eq!(count(&live, "equipmentTypes"), 2);
    let lobby = named(&live, "equipment", "Lobby");
    let kitchen = named(&live, "equipment", "Kitchen");
    assert_eq!(lobby["locationId"], office["id"]);
    assert_eq!(lobby["barcode"], "BC-e1");
    assert_eq!(lobby["modelId"], kitchen["modelId"], "one B500 model of one type");
    let b500 = live["models"].iter().find(|m| m["id"] == lobby["modelId"]).unwrap();
    assert_eq!(b500["name"], "B500");
    assert_eq!(b500["equipmentTypeId"], type_id.as_str());
    let stairs = named(&live, "equipment", "Stairs");
    let light = live["models"].iter().find(|m| m["id"] == stairs["modelId"]).unwrap();
    assert_eq!(light["name"], "Emergency light");
    assert_eq!(count(&live, "history"), 3);
    let tess = named(&live, "users", "Tess Tech");
    assert_eq!(tess["invitationStatus"], 0);
    assert_eq!(tess["email"], "tech@scan.example");
    let inspection = live["history"].iter().find(|h| h["safetyScanId"] == "h1").unwrap();
    assert_eq!(inspection["equipmentId"], lobby["id"]);
    assert_eq!(inspection["locationId"], office["id"]);
    assert_eq!(inspection["description"], "Inspection (pass): Annual check");
    assert_eq!(inspection["type"], 7);
    assert_eq!(inspection["userId"], tess["id"]);
    // The app was asked for history since the import date; the inactive site was never read.
    let requests = safety_scan_app::requests(&key);
    assert!(
        requests
            .iter()
            .filter(|(path, _)| path.ends_with("/history"))
            .all(|(_, q)| q.get("since").map(String::as_str) == Some("2026-01-01"))
    );
    assert!(!requests.iter().any(|(path, _)| path.contains("/s3/")));
    // The imported user is invited by mail, and the key is forgotten.
    let mail = mailed(app, "tech@scan.example").await;
    assert!(mail.iter().any(|m| m.body.contains("/accept-invite?userId=")), "{mail:?}");
    assert_eq!(app.store.import(queued["id"].as_str().unwrap()).await.unwrap().unwrap().import_key, None);
    assert!(app.store.outbox_for("gone@scan.example").await.unwrap().is_empty());

    // Importing again adds only what the app has that no earlier import brought: with
    // importAllSites, the inactive site and its item (its type and model exist by now), and the
    // history the import date left out.
    let second =
        start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}, "importAllSites": true, "importUsers": true})).await;
    let done = finished(app, &admin, second["id"].as_str().unwrap()).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    assert_eq!(done["recordsWritten"], 1 + 1 + 1, "{done}");
    let (live, _) = synced(app, &admin).await;
    assert_eq!(named(&live, "locations", "Closed depot")["status"], "inactive");
    assert_eq!((count(&live, "locations"), count(&live, "equipment"), count(&live, "history")), (3, 5, 4));
    assert_eq!((count(&live, "equipmentTypes"), count(&live, "models"), count(&live, "users")), (2, 3, 2));
    let old = live["history"].iter().find(|h| h["safetyScanId"] == "h3").unwrap();
    assert_eq!(old["equipmentId"], lobby["id"], "new history of an item imported before goes to that item");
    let listed = imports(app, &admin).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["id"], second["id"], "newest first");
}

async fn bad_records_from_the_app_are_skipped_and_counted(app: &TestApp) {
    let admin = app.sign_up("owner@badrows.example").await;
    let mut data = AppData {
        sites: vec![site("s1", "Good site", true), json!({"id": "s2", "name": "No zone", "active": true, "timeZone": "Mars/Olympus"})],
        ..AppData::default()
    };
    data.equipment.insert("s1".into(), vec![item("e1", "Lobby", "Hose", "H1"), item("e2", "", "Hose", "H1")]);
    data.equipment.insert("s2".into(), vec![item("e9", "Never read", "Hose", "H1")]);
    data.history.insert(
        "s1".into(),
        vec![
            entry("h1", "e1", "2026-03-01", "inspection"),
            entry("h2", "e1", "last tuesday", "inspection"),
            entry("h3", "nope", "2026-03-01", "note"),
        ],
    );
    let key = safety_scan_app::register(data);
    let queued = start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}})).await;
    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    // Refused: the site with an unknown time zone, the item without a location, the history
    // entry with no date, the one of equipment the app never listed.
    assert_eq!(done["rowsRejected"], 4, "{done}");
    let (live, _) = synced(app, &admin).await;
    assert_eq!(count(&live, "locations"), 1);
    assert_eq!(count(&live, "equipment"), 1);
    assert_eq!(count(&live, "history"), 1);
    assert!(!safety_scan_app::requests(&key).iter().any(|(path, _)| path.contains("/s2/")), "a refused site's items are not read");
}

async fn an_unreadable_answer_fails_the_job(app: &TestApp) {
    let admin = app.sign_up("owner@garbled.example").await;
    let key = safety_scan_app::register(AppData { garble_path: Some("/equipment".into()), ..good_data() });
    let queued = start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}})).await;
    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    let error = done["error"].as_str().unwrap();
    assert!(error.starts_with("The safety scan app sent a site's equipment in a form we cannot read"), "{error}");
    assert_eq!(done["recordsWritten"], 0);
    assert_eq!(count(&synced(app, &admin).await.0, "locations"), 0);
}

async fn the_request_is_checked_field_by_field(app: &TestApp) {
    let admin = app.sign_up("owner@fields.example").await;
    let key = safety_scan_app::register(good_data());
    let cases = [
        (json!({"orgId": admin.org_id, "importKey": {"key": key}, "foo": 1}), "Unknown field 'foo' in the import request"),
        (
            json!({"orgId": admin.org_id, "importKey": {"key": key}, "importSites": true}),
            "Unknown field 'importSites' in the import request",
        ),
        (json!({"importKey": {"key": key}}), "orgId is required"),
        (json!({"orgId": admin.org_id}), "importKey is required"),
        (json!({"orgId": admin.org_id, "importKey": {}}), "importKey.key is required"),
        (
            json!({"orgId": admin.org_id, "importKey": {"key": key}, "importDate": "01/02/2026"}),
            "importDate must be a date like 2026-01-31",
        ),
        (json!({"orgId": admin.org_id, "importKey": {"key": key}, "clearAllData": "yes"}), "clearAllData must be true or false"),
        (json!({"orgId": fieldtag_store::new_id(), "importKey": {"key": key}}), "orgId does not match the organization in the path"),
    ];
    for (body, message) in cases {
        let response = app.authed(Method::POST, &import_path(&admin), &admin.token).json(&body).send().await.unwrap();
        expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    let response = app.authed(Method::GET, "/api/imports", &admin.token).send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "orgId is required").await;
    assert!(imports(app, &admin).await.is_empty(), "nothing was queued");
}

async fn imports_need_settings_permissions_in_ones_own_organisation(app: &TestApp) {
    let admin = app.sign_up("owner@perms.example").await;
    let reader = app.add_user(&admin, "reader@perms.example", &["SETTINGS_READ"]).await;
    let nobody = app.add_user(&admin, "nobody@perms.example", &["EQUIPMENT_READ"]).await;
    let other = app.sign_up("owner@other-perms.example").await;
    let key = safety_scan_app::register(good_data());
    let body = json!({"orgId": admin.org_id, "importKey": {"key": key}});

    let response = app.authed(Method::POST, &import_path(&admin), &reader.token).json(&body).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission").await;
    let response = app.authed(Method::POST, &import_path(&admin), &other.token).json(&body).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let response = app.request(Method::POST, &import_path(&admin)).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    let queued = start(app, &admin, body).await;
    finished(app, &admin, queued["id"].as_str().unwrap()).await;
    let list = format!("/api/imports?orgId={}", admin.org_id);
    let answer = expect(app.authed(Method::GET, &list, &reader.token).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(answer["data"].as_array().unwrap().len(), 1);
    let response = app.authed(Method::GET, &list, &nobody.token).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_READ permission").await;
    let response = app.authed(Method::GET, &list, &other.token).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    assert!(imports(app, &other).await.is_empty());
}

async fn a_refused_key_fails_the_job_with_its_context_id(app: &TestApp) {
    let admin = app.sign_up("owner@refused.example").await;
    let queued = start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": "not-a-key-the-app-knows"}})).await;
    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    assert_eq!(
        done["error"],
        "The safety scan app refused the import key: check the key in the safety scan app and start the import again"
    );
    assert_eq!(done["contextId"], queued["contextId"]);
    assert_eq!(done["contextId"].as_str().map(str::len), Some(32));
    assert_eq!(done["recordsWritten"], 0);
    assert_eq!(app.store.import(queued["id"].as_str().unwrap()).await.unwrap().unwrap().import_key, None, "the key is forgotten");
}

async fn an_app_failing_midway_leaves_nothing_written(app: &TestApp) {
    let admin = app.sign_up("owner@midway.example").await;
    // The last list read (users) fails, after every site, item and history page was fetched.
    let key = safety_scan_app::register(AppData { fail_path: Some("/v1/users".into()), ..good_data() });
    let queued = start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}, "importUsers": true})).await;
    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    assert_eq!(done["error"], "The safety scan app failed (HTTP 500) while sending the list of users; nothing was imported");
    assert!(done["progress"]["done"].as_i64().unwrap() >= 6, "{done}");
    assert_eq!(done["recordsWritten"], 0);
    let (live, _) = synced(app, &admin).await;
    for kind in ["locations", "equipment", "history", "models", "equipmentTypes"] {
        assert_eq!(count(&live, kind), 0, "{kind}");
    }
    assert_eq!(count(&live, "users"), 1, "only the owner");
}

/// Queues a job through the store and leases it `leases` times as a worker that dies at once,
/// before the server's runner (which polls every second) takes it. The app learns the job's key
/// only then, so a job the runner took first fails without writing, and another is tried.
async fn leased_by_dead_worker(app: &TestApp, account: &Account, data: AppData, leases: usize) -> (String, String) {
    for _ in 0..5 {
        let key = safety_scan_app::new_key();
        let request = json!({"orgId": account.org_id});
        let job = app
            .store
            .insert_import(&NewImport {
                org_id: &account.org_id,
                source: "safetyScan",
                user_id: &account.user_id,
                request: &request,
                import_key: Some(&key),
                import_all_sites: false,
                clear_all_data: false,
                import_users: false,
                import_date: None,
            })
            .await
            .unwrap();
        let mut ours = true;
        for _ in 0..leases {
            // A lease already run out: the dead worker never renews it.
            let leased = app.store.lease_next_import("dead-worker", "safetyScan", -1).await.unwrap();
            ours &= leased.is_some_and(|leased| leased.id == job.id);
        }
        if ours {
            safety_scan_app::register_as(&key, data);
            return (job.id, key);
        }
        finished(app, account, &job.id).await;
    }
    panic!("the runner always leased the job first");
}

async fn a_job_left_by_a_dead_worker_is_resumed(app: &TestApp) {
    let admin = app.sign_up("owner@resumed.example").await;
    let (id, _) = leased_by_dead_worker(app, &admin, good_data(), 1).await;
    let done = finished(app, &admin, &id).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    assert_eq!(done["recordsWritten"], 2 + 4 + 2 + 3 + 4, "sites, items, types, models, all history");
    assert_eq!(app.store.import(&id).await.unwrap().unwrap().attempts, 2);
    assert_eq!(count(&synced(app, &admin).await.0, "locations"), 2);
}

async fn a_job_interrupted_three_times_fails(app: &TestApp) {
    let admin = app.sign_up("owner@thrice.example").await;
    let (id, key) = leased_by_dead_worker(app, &admin, good_data(), 3).await;
    let done = finished(app, &admin, &id).await;
    assert_eq!(
        done["error"],
        "The import was interrupted 3 times before it could finish (the server running it stopped); nothing was written. Start it again."
    );
    assert_eq!(count(&synced(app, &admin).await.0, "locations"), 0);
    assert!(safety_scan_app::requests(&key).is_empty(), "the app was not asked again");
}

/// A site with an item, its history, a deficiency and a scheduled visit, through sync upload.
async fn old_data(app: &TestApp, admin: &Account) -> String {
    let (site, item) = (fieldtag_store::new_id(), fieldtag_store::new_id());
    let stamp = "2026-02-01T00:00:00Z";
    let org = &admin.org_id;
    upload(
        app,
        admin,
        json!({
            "locations": [{"id": site, "orgId": org, "name": "Old site", "status": "active", "timeZone": TORONTO, "lastUpdated": stamp}],
            "equipment": [{"id": item, "orgId": org, "locationId": site, "name": "Old item", "lastUpdated": stamp}],
            "history": [{"id": fieldtag_store::new_id(), "orgId": org, "locationId": site, "equipmentId": item, "date": "2026-01-15",
                         "description": "Old entry", "type": 7, "lastUpdated": stamp}],
            "deficiencies": [{"id": fieldtag_store::new_id(), "orgId": org, "locationId": site, "equipmentId": item,
                              "description": "Old gauge", "dateOpened": "2026-01-15", "lastUpdated": stamp}],
            "schedule": [{"id": fieldtag_store::new_id(), "orgId": org, "locationId": site, "userId": admin.user_id, "date": "2026-03-01",
                          "startTime": "09:00", "endTime": "17:00", "lastUpdated": stamp}],
        }),
    )
    .await;
    site
}

async fn clear_all_data_deletes_and_imports_in_one_go(app: &TestApp) {
    let admin = app.sign_up("owner@clear.example").await;
    let old_site = old_data(app, &admin).await;
    let path = format!("/api/organizations/{}/sync", admin.org_id);
    let before =
        expect(app.authed(Method::GET, &path, &admin.token).send().await.unwrap(), StatusCode::OK).await["cursor"].as_i64().unwrap();
    let key = safety_scan_app::register(good_data());
    let queued = start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}, "clearAllData": true})).await;
    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    assert_eq!(done["error"], Value::Null, "{done}");
    assert_eq!(done["clearAllData"], true);

    let (live, deleted) = synced(app, &admin).await;
    for kind in ["locations", "equipment", "history", "deficiencies", "schedule"] {
        assert_eq!(count(&deleted, kind), 1, "{kind} is a tombstone");
    }
    assert!(deleted["locations"].iter().any(|s| s["id"] == old_site.as_str()));
    assert_eq!(count(&live, "locations"), 2);
    assert!(!live["locations"].iter().any(|s| s["name"] == "Old site"));
    assert_eq!(count(&live, "deficiencies") + count(&live, "schedule"), 0);
    assert_eq!(count(&live, "users"), 1, "users stay");

    // Devices receive the deletions and the imported records after the cursor they held, one
    // block of versions: nothing else was written in between.
    let after = format!("{path}?cursor={before}&limit=20000");
    let changes = expect(app.authed(Method::GET, &after, &admin.token).send().await.unwrap(), StatusCode::OK).await;
    let mut versions: Vec<i64> =
        changes.as_object().unwrap().values().filter_map(Value::as_array).flatten().filter_map(|r| r["version"].as_i64()).collect();
    versions.sort();
    assert_eq!(versions.len(), 5 + 15, "5 tombstones and 15 imported records");
    assert_eq!(versions.last().unwrap() - versions.first().unwrap(), versions.len() as i64 - 1);
}

async fn a_failing_clear_all_data_import_leaves_the_old_data_whole(app: &TestApp) {
    let admin = app.sign_up("owner@clearfail.example").await;
    old_data(app, &admin).await;
    let (before, _) = synced(app, &admin).await;
    let key = safety_scan_app::register(AppData { fail_path: Some("/history".into()), ..good_data() });
    let queued = start(app, &admin, json!({"orgId": admin.org_id, "importKey": {"key": key}, "clearAllData": true})).await;
    let done = finished(app, &admin, queued["id"].as_str().unwrap()).await;
    assert_eq!(done["error"], "The safety scan app failed (HTTP 500) while sending a site's service history; nothing was imported");
    let (after, deleted) = synced(app, &admin).await;
    assert!(deleted.is_empty(), "nothing deleted: {deleted:?}");
    assert_eq!(after, before, "the old data is whole");
}

/// The store's lease, on a source the server's runner does not run (so nothing races the test):
/// many workers asking at once get the job once; a lease that ran out passes to the next worker;
/// the first can then neither renew, record progress nor write.
async fn one_worker_holds_a_lease_and_a_lost_lease_writes_nothing(app: &TestApp) {
    const SOURCE: &str = "leaseTest";
    let admin = app.sign_up("owner@lease.example").await;
    let request = json!({"orgId": admin.org_id});
    let new = NewImport {
        org_id: &admin.org_id,
        source: SOURCE,
        user_id: &admin.user_id,
        request: &request,
        import_key: Some("secret"),
        import_all_sites: false,
        clear_all_data: false,
        import_users: false,
        import_date: None,
    };
    let job = app.store.insert_import(&new).await.unwrap();
    let asks = (0..8).map(|n| {
        let store = app.store.clone();
        tokio::spawn(async move { store.lease_next_import(&format!("worker-{n}"), SOURCE, 60_000).await.unwrap() })
    });
    let leased: Vec<_> = futures_util::future::join_all(asks).await.into_iter().filter_map(|r| r.unwrap()).collect();
    assert_eq!(leased.len(), 1, "one worker holds the job");
    assert_eq!(leased[0].id, job.id);
    assert_eq!(leased[0].attempts, 1);
    assert!(app.store.lease_next_import("late", SOURCE, 60_000).await.unwrap().is_none(), "a live lease is kept");

    // The first worker's lease runs out; another takes the job up.
    let first = "first";
    let second = app.store.insert_import(&new).await.unwrap();
    assert_eq!(app.store.lease_next_import(first, SOURCE, -1).await.unwrap().unwrap().id, second.id);
    let taken = app.store.lease_next_import("taker", SOURCE, 60_000).await.unwrap().unwrap();
    assert_eq!((taken.id.as_str(), taken.attempts), (second.id.as_str(), 2));
    assert!(!app.store.renew_import_lease(&second.id, first, 60_000).await.unwrap());
    assert!(!app.store.record_import_progress(&second.id, first, 1, 2).await.unwrap());
    let site = json!({"id": fieldtag_store::new_id(), "orgId": admin.org_id, "name": "Late site", "status": "active",
                      "timeZone": TORONTO, "lastUpdated": "2026-01-01T00:00:00Z"});
    let records = vec![IncomingRecord::new(SyncKind::Locations, check_record(SyncKind::Locations, &admin.org_id, &site).unwrap())];
    let write = ImportWrite { clear_kinds: &["equipment"], records: &records, rows_rejected: 0 };
    assert!(app.store.complete_import(&second.id, first, &admin.org_id, &write, &KindRules).await.unwrap().is_none());
    assert!(!app.store.fail_import(&second.id, first, "too late").await.unwrap());
    assert_eq!(count(&synced(app, &admin).await.0, "locations"), 0, "the lost lease wrote nothing");

    // The worker holding the lease finishes: the records, the completion, the key forgotten.
    assert!(app.store.renew_import_lease(&second.id, "taker", 60_000).await.unwrap());
    assert!(app.store.record_import_progress(&second.id, "taker", 2, 2).await.unwrap());
    let written = app.store.complete_import(&second.id, "taker", &admin.org_id, &write, &KindRules).await.unwrap().unwrap();
    assert_eq!(written.records_written, 1);
    let done = app.store.import(&second.id).await.unwrap().unwrap();
    assert!(done.date_completed.is_some() && done.error.is_none() && done.import_key.is_none());
    assert_eq!((done.records_written, done.progress_done, done.progress_total), (1, 2, 2));
    assert_eq!(count(&synced(app, &admin).await.0, "locations"), 1);
    assert!(!app.store.renew_import_lease(&second.id, "taker", 60_000).await.unwrap(), "an ended job has no lease");
}
