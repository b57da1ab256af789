//! Spec §3 upsert requests: `PATCH /api/organizations/{orgId}/locations` and `.../customers`
//! with `{data: [records]}`, through the sync upload's own checks.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};
use crate::sync_kinds::sample;
use fieldtag_domain::sync_kind::SyncKind;

crate::on_both_engines!(
    locations_and_customers_are_upserted_with_an_answer_per_record,
    a_bad_record_is_named_and_nothing_of_it_is_stored,
    another_organisations_ids_are_refused_or_make_records_of_ours,
    the_request_holds_only_a_data_array_of_limited_length
);

const STAMP: &str = "2026-01-01T00:00:00Z";

fn upsert(app: &TestApp, account: &Account, org_id: &str, what: &str, body: &Value) -> reqwest::RequestBuilder {
    app.authed(Method::PATCH, &format!("/api/organizations/{org_id}/{what}"), &account.token).json(body)
}

async fn records(app: &TestApp, account: &Account, key: &str) -> Vec<Value> {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let down = expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await;
    down[key].as_array().cloned().unwrap_or_default()
}

async fn locations_and_customers_are_upserted_with_an_answer_per_record(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let mut depot = sample(SyncKind::Locations, &owner, "", STAMP);
    let yard = sample(SyncKind::Locations, &owner, "", STAMP);
    let answer =
        expect(upsert(app, &owner, &owner.org_id, "locations", &json!({"data": [depot, yard]})).send().await.unwrap(), StatusCode::OK)
            .await;
    let answers = answer["data"].as_array().unwrap();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["status"], "accepted");
    assert_eq!(answers[0]["id"], depot["id"]);
    assert_eq!(answers[1]["id"], yard["id"]);
    assert_eq!(records(app, &owner, "locations").await.len(), 2, "devices receive them through sync");

    // The same id again, newer: updated; older than the stored copy: stale, with the server's copy.
    depot["name"] = json!("Depot North");
    depot["lastUpdated"] = json!("2026-01-02T00:00:00Z");
    let answer =
        expect(upsert(app, &owner, &owner.org_id, "locations", &json!({"data": [depot]})).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(answer["data"][0]["status"], "accepted");
    let mut older = depot.clone();
    older["name"] = json!("Depot Old");
    older["lastUpdated"] = json!("2025-06-01T00:00:00Z");
    let answer =
        expect(upsert(app, &owner, &owner.org_id, "locations", &json!({"data": [older]})).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(answer["data"][0]["status"], "stale");
    assert_eq!(answer["data"][0]["record"]["name"], "Depot North");

    let customer = sample(SyncKind::Customers, &owner, "", STAMP);
    let answer =
        expect(upsert(app, &owner, &owner.org_id, "customers", &json!({"data": [customer]})).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(answer["data"][0]["status"], "accepted");
    let stored = records(app, &owner, "customers").await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0]["accountNumber"], "1001");
    assert!(records(app, &owner, "locations").await.iter().all(|site| site["accountNumber"].is_null()), "customers are not sites");

    // LOCATION_WRITE is the permission of both (spec §6).
    let viewer = app.add_user(&owner, "viewer@acme.ca", &["LOCATION_READ"]).await;
    for what in ["locations", "customers"] {
        let response = upsert(app, &viewer, &owner.org_id, what, &json!({"data": []})).send().await.unwrap();
        expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the LOCATION_WRITE permission").await;
    }
}

async fn a_bad_record_is_named_and_nothing_of_it_is_stored(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let good = sample(SyncKind::Locations, &owner, "", STAMP);
    let mut no_zone = sample(SyncKind::Locations, &owner, "", STAMP);
    no_zone.as_object_mut().unwrap().remove("timeZone");
    no_zone["name"] = json!("Half a site");
    let mut bad_zone = sample(SyncKind::Locations, &owner, "", STAMP);
    bad_zone["zone"] = json!(31);
    let body = json!({"data": [good, no_zone, "not a record", bad_zone]});
    let answer = expect(upsert(app, &owner, &owner.org_id, "locations", &body).send().await.unwrap(), StatusCode::OK).await;
    let answers = answer["data"].as_array().unwrap();
    assert_eq!(answers[0]["status"], "accepted");
    for (index, reason) in [(1, "timeZone"), (2, ""), (3, "zone")] {
        assert_eq!(answers[index]["status"], "rejected", "{index}: {answer}");
        let said = answers[index]["reason"].as_str().unwrap();
        assert!(!said.is_empty() && said.contains(reason), "{index}: {said}");
    }
    assert_eq!(answers[1]["id"], no_zone["id"], "the answer names the record");
    let stored = records(app, &owner, "locations").await;
    assert_eq!(stored.len(), 1, "only the good record: {stored:?}");
    assert_eq!(stored[0]["id"], good["id"]);

    // A customer without its account number (required by §3).
    let mut customer = sample(SyncKind::Customers, &owner, "", STAMP);
    customer.as_object_mut().unwrap().remove("accountNumber");
    let answer =
        expect(upsert(app, &owner, &owner.org_id, "customers", &json!({"data": [customer]})).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(answer["data"][0]["status"], "rejected");
    assert!(answer["data"][0]["reason"].as_str().unwrap().contains("accountNumber"), "{answer}");
    assert!(records(app, &owner, "customers").await.is_empty());
}

async fn another_organisations_ids_are_refused_or_make_records_of_ours(app: &TestApp) {
    let ours = app.sign_up("owner@acme.ca").await;
    let theirs = app.sign_up("owner@rival.ca").await;
    let mut their_site = sample(SyncKind::Locations, &theirs, "", STAMP);
    their_site["name"] = json!("Rival secret site");
    expect(upsert(app, &theirs, &theirs.org_id, "locations", &json!({"data": [their_site]})).send().await.unwrap(), StatusCode::OK).await;
    let their_customer = sample(SyncKind::Customers, &theirs, "", STAMP);
    expect(upsert(app, &theirs, &theirs.org_id, "customers", &json!({"data": [their_customer]})).send().await.unwrap(), StatusCode::OK)
        .await;

    // Their orgId in the path: refused before anything is read.
    for what in ["locations", "customers"] {
        let body = json!({"data": [sample(SyncKind::Locations, &ours, "", STAMP)]});
        let response = upsert(app, &ours, &theirs.org_id, what, &body).send().await.unwrap();
        expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    }
    // Their orgId in a record: rejected.
    let mut their_org = sample(SyncKind::Locations, &ours, "", STAMP);
    their_org["orgId"] = json!(theirs.org_id);
    // Their record's id under our orgId: a record of ours, theirs untouched.
    let mut their_id = sample(SyncKind::Locations, &ours, "", "2026-02-01T00:00:00Z");
    their_id["id"] = their_site["id"].clone();
    their_id["name"] = json!("Taken over");
    let answer = expect(
        upsert(app, &ours, &ours.org_id, "locations", &json!({"data": [their_org, their_id]})).send().await.unwrap(),
        StatusCode::OK,
    )
    .await;
    assert_eq!(answer["data"][0]["status"], "rejected");
    assert!(answer["data"][0]["reason"].as_str().unwrap().starts_with("orgId: does not match your organization"), "{answer}");
    assert_eq!(answer["data"][1]["status"], "accepted", "{answer}");
    assert!(!answer.to_string().contains("Rival secret site"), "{answer}");
    let mut their_customer_id = sample(SyncKind::Customers, &ours, "", "2026-02-01T00:00:00Z");
    their_customer_id["id"] = their_customer["id"].clone();
    let answer =
        expect(upsert(app, &ours, &ours.org_id, "customers", &json!({"data": [their_customer_id]})).send().await.unwrap(), StatusCode::OK)
            .await;
    assert_eq!(answer["data"][0]["status"], "accepted", "{answer}");

    let theirs_now = records(app, &theirs, "locations").await;
    assert_eq!(theirs_now.len(), 1);
    assert_eq!(theirs_now[0]["name"], "Rival secret site", "their site is as it was");
    assert_eq!(records(app, &theirs, "customers").await[0]["name"], their_customer["name"]);
    assert!(records(app, &ours, "locations").await.iter().all(|site| site["name"] != "Rival secret site"));
}

async fn the_request_holds_only_a_data_array_of_limited_length(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site = sample(SyncKind::Locations, &owner, "", STAMP);
    for (body, message) in [
        (json!({"data": [site], "orgId": owner.org_id}), "Unknown field 'orgId' in the upsert request"),
        (json!({}), "data is required"),
        (json!({"data": site}), "data must be a list of records"),
        (json!({"locations": [site]}), "Unknown field 'locations' in the upsert request"),
    ] {
        for what in ["locations", "customers"] {
            let response = upsert(app, &owner, &owner.org_id, what, &body).send().await.unwrap();
            expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", message).await;
        }
    }
    let many: Vec<Value> = (0..1001).map(|_| sample(SyncKind::Locations, &owner, "", STAMP)).collect();
    let response = upsert(app, &owner, &owner.org_id, "locations", &json!({"data": many})).send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "data may hold at most 1000 records").await;
    assert!(records(app, &owner, "locations").await.is_empty(), "nothing of a refused request is stored");
    let most: Vec<Value> = (0..1000).map(|_| sample(SyncKind::Locations, &owner, "", STAMP)).collect();
    expect(upsert(app, &owner, &owner.org_id, "locations", &json!({"data": most})).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(records(app, &owner, "locations").await.len(), 1000);
}
