//! What an upload may not do: outrank later edits with a stamp from the future, dodge billing
//! with another organisation's record id, or read through a stale answer or the users list
//! what the caller may not read. And every time the server writes is in one form.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{TestApp, expect};

crate::on_both_engines!(
    a_stamp_from_the_future_never_outranks_later_edits,
    server_times_are_written_in_one_form,
    billing_events_of_two_organizations_never_collide,
    a_stale_answer_carries_the_servers_copy_only_when_the_caller_may_read_it,
    members_without_settings_read_see_names_but_not_emails_or_permissions,
);

fn id() -> String {
    fieldtag_store::new_id()
}

fn site(org: &str, id: &str, name: &str, stamp: &str) -> Value {
    json!({"id": id, "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto", "lastUpdated": stamp})
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ`, the one form.
fn is_stamp(text: &str) -> bool {
    let b = text.as_bytes();
    text.len() == 24
        && text.ends_with('Z')
        && b[10] == b'T'
        && b[19] == b'.'
        && text.parse::<jiff::Timestamp>().is_ok()
        && [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22].iter().all(|&i| b[i].is_ascii_digit())
}

fn millis(text: &str) -> i64 {
    text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
}

async fn a_stamp_from_the_future_never_outranks_later_edits(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.clone();
    let depot = id();
    let before = jiff::Timestamp::now().as_millisecond();
    let answer =
        app.sync_upload(&owner, json!({"locations": [site(&org, &depot, "Depot from a wrong clock", "2099-01-01T00:00:00.000Z")]})).await;
    let accepted = &answer["locations"][0];
    assert_eq!(accepted["status"], "accepted", "{answer}");
    // The device keeps its work, and is told the stamp it was stored under: the time of receipt.
    let stored_as = accepted["lastUpdated"].as_str().expect("the answer names the stamp the server used");
    assert!(is_stamp(stored_as), "{stored_as}");
    let after = jiff::Timestamp::now().as_millisecond();
    assert!((before..=after).contains(&millis(stored_as)), "{stored_as} is the time of receipt");
    let server = app.store.record(&org, "locations", &depot).await.unwrap().unwrap();
    assert_eq!(server.last_updated, stored_as);
    assert_eq!(server.data["lastUpdated"], stored_as);
    assert_eq!(server.data["name"], "Depot from a wrong clock");

    // A real edit a moment later wins, and so does the delete after it.
    let later = jiff::Timestamp::from_millisecond(after + 1_000).unwrap();
    let edit = site(&org, &depot, "Depot", &later.to_string());
    assert_eq!(app.sync_upload(&owner, json!({"locations": [edit]})).await["locations"][0]["status"], "accepted");
    let mut delete = site(&org, &depot, "Depot", &jiff::Timestamp::from_millisecond(after + 2_000).unwrap().to_string());
    delete["deleted"] = json!(true);
    assert_eq!(app.sync_upload(&owner, json!({"locations": [delete]})).await["locations"][0]["status"], "accepted");
    assert!(app.store.record(&org, "locations", &depot).await.unwrap().unwrap().deleted);

    // A little ahead (a clock a minute fast) is kept as sent, and said nothing of.
    let near = jiff::Timestamp::from_millisecond(jiff::Timestamp::now().as_millisecond() + 60_000).unwrap();
    let near_text = fieldtag_domain::time::format_stamp(near);
    let answer = app.sync_upload(&owner, json!({"locations": [site(&org, &id(), "Annex", &near_text)]})).await;
    assert_eq!(answer["locations"][0]["status"], "accepted");
    assert!(answer["locations"][0].get("lastUpdated").is_none(), "{answer}");
}

async fn server_times_are_written_in_one_form(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.clone();
    let mut seen: Vec<(String, String)> = Vec::new();
    let login = expect(app.login(&owner.email, &owner.password).await, StatusCode::OK).await;
    seen.push(("login expires".into(), login["expires"].as_str().unwrap().into()));
    seen.push(("sign-up user lastUpdated".into(), login["user"]["lastUpdated"].as_str().unwrap().into()));
    let terms = app
        .authed(Method::POST, &format!("/api/users/{}/accepted-terms", owner.user_id), &owner.token)
        .json(&json!({"version": "1.0.1"}))
        .send()
        .await
        .unwrap();
    seen.push(("terms lastUpdated".into(), expect(terms, StatusCode::OK).await["lastUpdated"].as_str().unwrap().into()));
    let patch = json!({"data": {"phone": "416-555-0100"}});
    let organization = app.authed(Method::PATCH, &format!("/api/organizations/{org}"), &owner.token).json(&patch).send().await.unwrap();
    let organization = expect(organization, StatusCode::OK).await;
    let organization = if organization.get("data").is_some() { organization["data"].clone() } else { organization };
    seen.push(("organization lastUpdated".into(), organization["lastUpdated"].as_str().unwrap().into()));
    let feed = app.sync_download(&owner).await;
    seen.push(("sync serverTime".into(), feed["serverTime"].as_str().unwrap().into()));
    for record in feed["organization"].as_array().unwrap().iter().chain(feed["users"].as_array().unwrap()) {
        seen.push(("downloaded lastUpdated".into(), record["lastUpdated"].as_str().unwrap().into()));
    }
    let answer = app.sync_upload(&owner, json!({"locations": [site(&org, &id(), "Depot", "2026-11-22T05:00:00.5-05:00")]})).await;
    seen.push(("upload serverTime".into(), answer["serverTime"].as_str().unwrap().into()));
    let export = app.authed(Method::GET, &format!("/api/organizations/{org}/export"), &owner.token).send().await.unwrap();
    let export = expect(export, StatusCode::OK).await;
    seen.push(("export exportedAt".into(), export["exportedAt"].as_str().unwrap().into()));
    for list in export.as_object().unwrap().values().filter_map(Value::as_array) {
        for record in list {
            if let Some(stamp) = record.get("lastUpdated").and_then(Value::as_str) {
                seen.push(("exported lastUpdated".into(), stamp.into()));
            }
        }
    }
    assert!(seen.len() >= 10, "{seen:?}");
    for (what, stamp) in &seen {
        assert!(is_stamp(stamp), "{what} is written {stamp:?}, not as YYYY-MM-DDTHH:MM:SS.mmmZ");
    }
}

async fn billing_events_of_two_organizations_never_collide(app: &TestApp) {
    let history_id = id();
    for email in ["owner@first.ca", "owner@second.ca"] {
        let owner = app.sign_up(email).await;
        let org = owner.org_id.clone();
        let (from, to, item) = (id(), id(), id());
        let transfer = json!({"id": history_id, "orgId": org, "equipmentId": item, "locationId": to, "happenedAtLocationId": from,
            "type": 6, "date": "2026-11-20T10:00:00.000Z", "description": "Transferred",
            "changes": {"before": {"locationId": from}, "after": {"locationId": to}}, "lastUpdated": "2026-11-20T10:00:00.000Z"});
        let answer = app
            .sync_upload(
            &owner,
            json!({"locations": [site(&org, &from, "From", "2026-11-20T10:00:00.000Z"), site(&org, &to, "To", "2026-11-20T10:00:00.000Z")],
                   "history": [transfer]}),
        )
        .await;
        assert_eq!(answer["history"][0]["status"], "accepted", "{answer}");
        assert_eq!(app.store.billing_counts(&org, "transfer").await.unwrap(), vec![(None, 1)], "{email}'s transfer is billed");
    }
}

async fn a_stale_answer_carries_the_servers_copy_only_when_the_caller_may_read_it(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.clone();
    let writer = app.add_user(&owner, "writer@acme.ca", &["WEB_LOGIN", "LOCATION_READ", "HISTORY_WRITE"]).await;
    let depot = id();
    let note = id();
    let secret = json!({"id": note, "orgId": org, "equipmentId": id(), "locationId": depot, "type": 7, "date": "2026-11-20T10:00:00.000Z",
                        "description": "Confidential: the alarm code is 4321", "lastUpdated": "2026-11-20T10:00:00.000Z"});
    app.sync_upload(&owner, json!({"locations": [site(&org, &depot, "Depot", "2026-11-20T10:00:00.000Z")], "history": [secret.clone()]}))
        .await;

    let mut old = secret.clone();
    old["description"] = json!("guess");
    old["lastUpdated"] = json!("2020-01-01T00:00:00.000Z");
    let answer = app.sync_upload(&writer, json!({"history": [old]})).await;
    let stale = &answer["history"][0];
    assert_eq!(stale["status"], "stale", "{answer}");
    assert!(stale.get("record").is_none(), "{answer}");
    assert!(!answer.to_string().contains("4321"), "{answer}");

    // The owner, who reads history, gets the server's copy.
    let mut old = secret;
    old["lastUpdated"] = json!("2020-01-01T00:00:00.000Z");
    let answer = app.sync_upload(&owner, json!({"history": [old]})).await;
    assert_eq!(answer["history"][0]["record"]["description"], "Confidential: the alarm code is 4321");
}

async fn members_without_settings_read_see_names_but_not_emails_or_permissions(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["WEB_LOGIN", "SCHEDULE_READ"]).await;
    let clerk = app.add_user(&owner, "clerk@acme.ca", &["WEB_LOGIN", "SETTINGS_READ"]).await;
    let users = app.sync_download(&tech).await["users"].as_array().unwrap().clone();
    assert_eq!(users.len(), 3);
    for user in &users {
        assert!(user["name"].is_string(), "{user}");
        if user["id"] == tech.user_id.as_str() {
            assert_eq!(user["email"], "tech@acme.ca", "a user sees their own record whole");
            assert!(user["permissions"].is_array());
        } else {
            assert!(user.get("email").is_none() && user.get("permissions").is_none(), "{user}");
        }
    }
    let users = app.sync_download(&clerk).await["users"].as_array().unwrap().clone();
    assert!(users.iter().all(|u| u["email"].is_string() && u["permissions"].is_array()), "SETTINGS_READ sees every user whole");
}
