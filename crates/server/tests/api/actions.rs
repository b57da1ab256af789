//! The one permission table (testdata/permissions/actions.json) over HTTP: every action's writes
//! are accepted whole for a user who holds exactly the action's permission, and refused whole
//! for one who holds none of the permissions that would let them through.

use fieldtag_domain::actions;
use fieldtag_domain::sync_kind::SyncKind;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect};
use crate::sync_kinds::sample;

crate::on_both_engines!(every_action_succeeds_whole_with_its_permission_and_fails_whole_without);

const STAMP: &str = "2026-11-20T00:00:00.000Z";

async fn upload(app: &TestApp, account: &Account, kind: SyncKind, record: &Value) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let answer = expect(
        app.authed(Method::PATCH, &path, &account.token).json(&json!({(kind.key()): [record]})).send().await.unwrap(),
        StatusCode::OK,
    )
    .await;
    answer[kind.key()][0].clone()
}

/// A record the write covers, and the stored copy it changes (uploaded by the owner first) when
/// the write changes only some fields of an existing record.
async fn record_for(app: &TestApp, owner: &Account, acting: &Account, site: &str, write: &actions::Write) -> Value {
    let kind = SyncKind::parse(&write.kind).unwrap();
    let mut record =
        if write.own { app.store.user(&owner.org_id, &acting.user_id).await.unwrap().unwrap() } else { sample(kind, owner, site, STAMP) };
    if let Some(types) = &write.types {
        record["type"] = json!(types[0]);
    }
    if let Some(fields) = &write.fields {
        if !write.own {
            let stored = upload(app, owner, kind, &record).await;
            assert_eq!(stored["status"], "accepted", "the owner stores the copy to change: {stored}");
        }
        for field in fields {
            record[field.as_str()] = match field.as_str() {
                "email" => json!(format!("changed-{}", &fieldtag_store::new_id()[..6]) + "@acme.ca"),
                "fieldData" => json!({"reading": "120"}),
                "image" => json!("profile-pictures/0123456789abcdef0123456789abcdef.png"),
                "locationId" => record["locationId"].clone(),
                "floorId" => json!(fieldtag_store::new_id()),
                "deleted" => json!(true),
                "floorPlanLocation" => json!("120x80"),
                _ => json!(format!("changed {field}")),
            };
        }
        if fields.iter().any(|f| f == "locationId") {
            // A move: the record is filed under another site of the organisation.
            let other = sample(SyncKind::Locations, owner, "", STAMP);
            assert_eq!(upload(app, owner, SyncKind::Locations, &other).await["status"], "accepted");
            record["locationId"] = other["id"].clone();
            if fields.iter().any(|f| f == "happenedAtLocationId") {
                record["happenedAtLocationId"] = json!(site);
            }
        }
    }
    // Later than anything stored, the server's own stamps (a user's accepted invitation) included.
    let later = jiff::Timestamp::from_millisecond(jiff::Timestamp::now().as_millisecond() + 1_000).unwrap();
    record["lastUpdated"] = json!(fieldtag_domain::time::format_stamp(later));
    record
}

async fn every_action_succeeds_whole_with_its_permission_and_fails_whole_without(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site = sample(SyncKind::Locations, &owner, "", STAMP);
    let site_id = site["id"].as_str().unwrap().to_string();
    assert_eq!(upload(app, &owner, SyncKind::Locations, &site).await["status"], "accepted");
    let nobody = app.add_user(&owner, "nobody@acme.ca", &["WEB_LOGIN"]).await;

    let mut accepted = 0;
    let mut refused = 0;
    for (n, action) in actions::actions().iter().enumerate() {
        let permissions: Vec<&str> = ["WEB_LOGIN"].into_iter().chain(action.permission.as_deref()).collect();
        let doer = app.add_user(&owner, &format!("doer{n}@acme.ca"), &permissions).await;
        for write in &action.writes {
            let kind = SyncKind::parse(&write.kind).unwrap();
            let record = record_for(app, &owner, &doer, &site_id, write).await;
            let answer = upload(app, &doer, kind, &record).await;
            assert_eq!(answer["status"], "accepted", "{}: {} with only {:?}: {answer}", action.action, write.kind, action.permission);
            accepted += 1;
            if action.permission.is_none() {
                continue;
            }
            let record = record_for(app, &owner, &nobody, &site_id, write).await;
            let answer = upload(app, &nobody, kind, &record).await;
            assert_eq!(answer["status"], "rejected", "{}: {} without its permission: {answer}", action.action, write.kind);
            let needed = kind.write_permission().unwrap().constant();
            assert_eq!(answer["reason"], format!("You need the {needed} permission"));
            refused += 1;
        }
    }
    assert!(accepted >= 25, "{accepted} writes checked");
    println!(
        "permission table: {} actions, {accepted} writes accepted with their permission, {refused} refused without",
        actions::actions().len()
    );
}
