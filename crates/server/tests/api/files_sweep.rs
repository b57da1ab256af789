//! The evidence sweep: photos and signatures older than the grace period that no live
//! deficiency, history or visit record of their organisation names are deleted; everything
//! else stays. Files are uploaded through the API and read back through it. Their age is not
//! waited for: the test's sweep runs a month ahead of the clock, and a file's time on disk (its
//! mtime) is set against that. Files stay young by the real clock, so the server's own sweep,
//! which runs at its start and may come late on a busy machine, never takes one of them.

use std::time::{Duration, SystemTime};

use fieldtag_store::NewRecord;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, jpeg, png};

crate::on_both_engines!(the_sweep_deletes_only_old_evidence_no_live_record_names);

const DAY: Duration = Duration::from_secs(24 * 60 * 60);

/// Uploads a photo or signature under a name the device made, and answers that name.
async fn upload(app: &TestApp, caller: &Account, folder: &str) -> String {
    let extension = if folder == "signatures" { "png" } else { "jpg" };
    let file_name = format!("{folder}/{}.{extension}", fieldtag_store::new_id());
    upload_named(app, caller, &file_name).await;
    file_name
}

/// Uploads `file_name` (a device's name in photos or signatures, or a bare folder for a
/// server-made name) and answers the stored name.
async fn upload_named(app: &TestApp, caller: &Account, file_name: &str) -> String {
    let (folder, content_type, bytes) = if file_name.starts_with("signatures") {
        ("signatures", "image/png", png())
    } else {
        (file_name.split('/').next().unwrap(), "image/jpeg", jpeg())
    };
    let mut body = json!({"action": "write", "folderName": folder, "contentType": content_type});
    if file_name.contains('/') {
        body["fileName"] = json!(file_name);
    }
    let path = format!("/api/organizations/{}/signed-urls", caller.org_id);
    let link = expect(app.authed(Method::POST, &path, &caller.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    let url = format!("{}{}", app.base, link["url"].as_str().unwrap());
    expect(app.http.put(url).body(bytes.to_vec()).send().await.unwrap(), StatusCode::OK).await;
    link["fileName"].as_str().unwrap().to_string()
}

/// Uploads a file and makes it `age` old at `sweep_at`, as the store sees it.
async fn upload_aged(app: &TestApp, caller: &Account, folder: &str, age: Duration, sweep_at: SystemTime) -> String {
    let file_name = upload(app, caller, folder).await;
    age_file(app, caller, &file_name, age, sweep_at);
    file_name
}

fn age_file(app: &TestApp, caller: &Account, file_name: &str, age: Duration, sweep_at: SystemTime) {
    let path = app.data_dir().join("files").join(&caller.org_id).join(file_name);
    let file = std::fs::File::options().write(true).open(&path).unwrap();
    file.set_modified(sweep_at - age).unwrap();
}

/// Whether the organisation still has the file, asked through a read link.
async fn still_there(app: &TestApp, caller: &Account, file_name: &str) -> bool {
    let path = format!("/api/organizations/{}/signed-urls", caller.org_id);
    let body = json!({"action": "read", "fileName": file_name});
    let link = expect(app.authed(Method::POST, &path, &caller.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    let response = app.http.get(format!("{}{}", app.base, link["url"].as_str().unwrap())).send().await.unwrap();
    match response.status() {
        StatusCode::OK => true,
        StatusCode::NOT_FOUND => false,
        other => panic!("reading {file_name}: {other}"),
    }
}

/// Stores a record of `kind` with `fields`, live or deleted, as sync would have stored it.
async fn record(app: &TestApp, owner: &Account, kind: &str, deleted: bool, fields: Value) {
    let id = fieldtag_store::new_id();
    let mut data = json!({"id": id, "orgId": owner.org_id, "lastUpdated": "2026-01-05T10:00:00Z", "deleted": deleted});
    data.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    let record = NewRecord { kind, id: &id, location_id: None, last_updated: "2026-01-05T10:00:00Z", deleted, data: &data };
    app.store.put_record(&owner.org_id, &record).await.unwrap();
}

async fn sweep(app: &TestApp, at: SystemTime) -> usize {
    let state = app.state();
    state.files.sweep_evidence(&state.store, jiff::Timestamp::try_from(at).unwrap()).await.unwrap()
}

async fn the_sweep_deletes_only_old_evidence_no_live_record_names(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let old = 31 * DAY;
    let sweep_at = SystemTime::now() + old;

    let unnamed_photo = upload_aged(app, &owner, "photos", old, sweep_at).await;
    let unnamed_signature = upload_aged(app, &owner, "signatures", old, sweep_at).await;
    let young_unnamed = upload_aged(app, &owner, "photos", 29 * DAY, sweep_at).await;
    let on_deficiency = upload_aged(app, &owner, "photos", old, sweep_at).await;
    let on_history = upload_aged(app, &owner, "photos", old, sweep_at).await;
    let on_answer = upload_aged(app, &owner, "photos", old, sweep_at).await;
    let on_visit = upload_aged(app, &owner, "signatures", old, sweep_at).await;
    let on_deleted_deficiency = upload_aged(app, &owner, "photos", old, sweep_at).await;
    let on_rival_record = upload_aged(app, &owner, "photos", old, sweep_at).await;
    let floor_plan = upload_named(app, &owner, "floor-plans").await;
    age_file(app, &owner, &floor_plan, old, sweep_at);
    let rival_same_name = {
        // The rival holds a file of the same name as one the owner's record names: it is the
        // rival's file, and nothing of the rival names it.
        let (folder, name) = on_deficiency.split_once('/').unwrap();
        let dir = app.data_dir().join("files").join(&rival.org_id).join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), jpeg()).unwrap();
        std::fs::File::options().write(true).open(dir.join(name)).unwrap().set_modified(sweep_at - old).unwrap();
        on_deficiency.clone()
    };

    record(app, &owner, "deficiencies", false, json!({"description": "Corroded valve", "photos": [on_deficiency]})).await;
    record(app, &owner, "history", false, json!({"description": "Checked", "photos": [on_history]})).await;
    record(
        app,
        &owner,
        "history",
        false,
        json!({"type": 2, "questionnaireAnswers": [{"questionId": "q1", "answer": "No", "photos": [on_answer]}]}),
    )
    .await;
    record(
        app,
        &owner,
        "visits",
        false,
        json!({"date": "2026-01-05", "signerName": "Ann Customer", "signature": on_visit, "historyIds": [], "deficiencyIds": []}),
    )
    .await;
    record(app, &owner, "deficiencies", true, json!({"description": "Gone", "photos": [on_deleted_deficiency]})).await;
    record(app, &rival, "deficiencies", false, json!({"description": "Theirs", "photos": [on_rival_record]})).await;

    // Every instance sweeps, so two may run at once: each file goes once, and neither fails.
    let (first, second) = tokio::join!(sweep(app, sweep_at), sweep(app, sweep_at));
    assert_eq!(first + second, 5, "two unnamed, one named by a deleted record, one named by another organisation, the rival's");
    for (file_name, kept, why) in [
        (&unnamed_photo, false, "old and named by nothing"),
        (&unnamed_signature, false, "old and named by nothing"),
        (&on_deleted_deficiency, false, "named only by a deleted record"),
        (&on_rival_record, false, "named only by another organisation's record"),
        (&young_unnamed, true, "younger than the grace period"),
        (&on_deficiency, true, "named by a deficiency"),
        (&on_history, true, "named by a history record"),
        (&on_answer, true, "named by a checklist answer"),
        (&on_visit, true, "named by a visit"),
        (&floor_plan, true, "not evidence"),
    ] {
        assert_eq!(still_there(app, &owner, file_name).await, kept, "{file_name}: {why}");
    }
    assert!(!still_there(app, &rival, &rival_same_name).await, "the owner's record does not keep the rival's file");
    assert_eq!(sweep(app, sweep_at).await, 0, "a second sweep finds nothing more");
}

mod by_maintenance {
    use std::time::{Duration, Instant};

    use fieldtag_server::config::Config;
    use serde_json::json;

    use super::{record, still_there, upload, upload_named};
    use crate::common::TestApp;

    crate::on_both_engines!(configure = sweep_often_without_grace; the_maintenance_task_sweeps);

    fn sweep_often_without_grace(config: &mut Config) {
        config.maintenance_every = Duration::from_millis(100);
        config.evidence_sweep_every = Duration::from_millis(100);
        config.files.evidence_grace_days = 0;
    }

    async fn the_maintenance_task_sweeps(app: &TestApp) {
        let owner = app.sign_up("owner@acme.ca").await;
        let named = format!("photos/{}.jpg", fieldtag_store::new_id());
        record(app, &owner, "deficiencies", false, json!({"description": "Pin missing", "photos": [named]})).await;
        upload_named(app, &owner, &named).await;
        let unnamed = upload(app, &owner, "photos").await;
        let started = Instant::now();
        while still_there(app, &owner, &unnamed).await {
            assert!(started.elapsed() < Duration::from_secs(20), "the maintenance task never swept {unnamed}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(still_there(app, &owner, &named).await, "a file a live record names stays, even with no grace");
    }
}
