//! Analytics (docs/analytics.md): batches from devices kept once per event id, counts per
//! category for administrators, the organisation's off switch, and retention.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};

crate::on_both_engines!(
    a_batch_is_kept_once_and_counted_per_category,
    unknown_categories_and_actions_are_refused_by_name,
    malformed_and_oversized_batches_are_refused,
    another_organisations_id_is_refused,
    counts_are_for_administrators_only,
    the_off_switch_discards_what_arrives,
    parallel_batches_are_counted_exactly,
    events_are_pruned_after_thirteen_months,
);

fn event(id: &str, category: &str, action: &str) -> Value {
    json!({"id": id, "category": category, "action": action, "occurredAt": "2026-11-20T09:00:00.000Z"})
}

async fn send(app: &TestApp, account: &Account, events: Vec<Value>) -> reqwest::Response {
    app.authed(Method::POST, "/api/analytics/events", &account.token)
        .query(&[("orgId", account.org_id.as_str())])
        .json(&json!({"events": events}))
        .send()
        .await
        .unwrap()
}

async fn counts(app: &TestApp, account: &Account, since: Option<&str>) -> Value {
    let mut query = vec![("orgId", account.org_id.as_str())];
    if let Some(since) = since {
        query.push(("since", since));
    }
    let response = app.authed(Method::GET, "/api/analytics/counts", &account.token).query(&query).send().await.unwrap();
    expect(response, StatusCode::OK).await
}

async fn a_batch_is_kept_once_and_counted_per_category(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let batch = vec![
        event("e1", "NAVIGATION", "sites"),
        event("e2", "NAVIGATION", "schedule"),
        event("e3", "SERVICE", "perform"),
        json!({"id": "e4", "category": "REPORTS", "action": "run_pdf", "occurredAt": "2025-01-10T00:00:00Z"}),
    ];
    assert_eq!(expect(send(app, &owner, batch.clone()).await, StatusCode::OK).await, json!({"received": 4, "kept": 4}));
    assert_eq!(expect(send(app, &owner, batch).await, StatusCode::OK).await, json!({"received": 4, "kept": 0}), "a resent batch");

    let all = counts(app, &owner, None).await;
    assert_eq!(
        all,
        json!({"enabled": true, "counts": {"NAVIGATION": 2, "EDIT": 0, "SCHEDULE": 0, "REPORTS": 1, "SERVICE": 1, "EQUIPMENT": 0, "SUBSCRIPTION": 0}})
    );
    let recent = counts(app, &owner, Some("2026-01-01")).await;
    assert_eq!(recent["counts"]["REPORTS"], 0, "since a date");
    assert_eq!(recent["counts"]["NAVIGATION"], 2);

    let rival = app.sign_up("owner@rival.ca").await;
    assert_eq!(
        expect(send(app, &rival, vec![event("e1", "EDIT", "site")]).await, StatusCode::OK).await["kept"],
        1,
        "ids are per organisation"
    );
    assert_eq!(counts(app, &rival, None).await["counts"]["NAVIGATION"], 0, "nor are another's events counted");
}

async fn unknown_categories_and_actions_are_refused_by_name(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let response = send(app, &owner, vec![event("e1", "NAVIGATION", "sites"), event("e2", "MARKETING", "sites")]).await;
    expect_error(
        response,
        StatusCode::BAD_REQUEST,
        "ValidationFailed",
        "Unknown analytics category MARKETING: use one of NAVIGATION, EDIT, SCHEDULE, REPORTS, SERVICE, EQUIPMENT, SUBSCRIPTION",
    )
    .await;
    let response = send(app, &owner, vec![event("e3", "SCHEDULE", "owner@acme.ca")]).await;
    expect_error(
        response,
        StatusCode::BAD_REQUEST,
        "ValidationFailed",
        "Unknown action owner@acme.ca for SCHEDULE: use one of add_visit, change_visit, delete_visit",
    )
    .await;
    assert_eq!(counts(app, &owner, None).await["counts"]["NAVIGATION"], 0, "a refused batch keeps nothing");
}

async fn malformed_and_oversized_batches_are_refused(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let too_many: Vec<Value> = (0..101).map(|n| event(&format!("e{n}"), "EDIT", "site")).collect();
    expect_error(send(app, &owner, too_many).await, StatusCode::BAD_REQUEST, "BadRequest", "Send at most 100 events at a time").await;
    let bad_id = send(app, &owner, vec![event("no spaces", "EDIT", "site")]).await;
    expect_error(bad_id, StatusCode::BAD_REQUEST, "BadRequest", "An event id is 1 to 64 letters, digits, - or _").await;
    let bad_date = send(app, &owner, vec![json!({"id": "e1", "category": "EDIT", "action": "site", "occurredAt": "yesterday"})]).await;
    expect_error(bad_date, StatusCode::BAD_REQUEST, "BadRequest", "occurredAt yesterday is not an ISO 8601 time").await;
    let extra = send(
        app,
        &owner,
        vec![json!({"id": "e1", "category": "EDIT", "action": "site", "occurredAt": "2026-11-20T09:00:00Z", "email": "x@y.z"})],
    )
    .await;
    assert_eq!(extra.status(), StatusCode::BAD_REQUEST, "no field beyond the four");
    let huge = app
        .authed(Method::POST, "/api/analytics/events", &owner.token)
        .query(&[("orgId", owner.org_id.as_str())])
        .json(&json!({"events": [], "padding": "x".repeat(70 * 1024)}))
        .send()
        .await
        .unwrap();
    expect_error(huge, StatusCode::PAYLOAD_TOO_LARGE, "PayloadTooLarge", "The body is too large").await;
    let signed_out = app
        .request(Method::POST, "/api/analytics/events")
        .query(&[("orgId", owner.org_id.as_str())])
        .json(&json!({"events": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
}

async fn another_organisations_id_is_refused(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let response = app
        .authed(Method::POST, "/api/analytics/events", &rival.token)
        .query(&[("orgId", owner.org_id.as_str())])
        .json(&json!({"events": [event("e1", "EDIT", "site")]}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let response =
        app.authed(Method::GET, "/api/analytics/counts", &rival.token).query(&[("orgId", owner.org_id.as_str())]).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    assert_eq!(counts(app, &owner, None).await["counts"]["EDIT"], 0);
    let response = app.authed(Method::GET, "/api/analytics/counts", &owner.token).send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "orgId is required").await;
}

async fn counts_are_for_administrators_only(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let office = app.add_user(&owner, "office@acme.ca", &["SETTINGS_READ", "REPORT_READ"]).await;
    assert_eq!(
        expect(send(app, &office, vec![event("e1", "REPORTS", "run_csv")]).await, StatusCode::OK).await["kept"],
        1,
        "everyone reports"
    );
    let response =
        app.authed(Method::GET, "/api/analytics/counts", &office.token).query(&[("orgId", office.org_id.as_str())]).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission").await;
    assert_eq!(counts(app, &owner, None).await["counts"]["REPORTS"], 1);
    let response = app
        .authed(Method::GET, "/api/analytics/counts", &owner.token)
        .query(&[("orgId", owner.org_id.as_str()), ("since", "last week")])
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "since last week is not a date like 2026-01-31").await;
}

async fn switch(app: &TestApp, owner: &Account, disabled: bool) -> Value {
    let response = app
        .authed(Method::PATCH, &format!("/api/organizations/{}", owner.org_id), &owner.token)
        .json(&json!({"data": {"analyticsDisabled": disabled}}))
        .send()
        .await
        .unwrap();
    expect(response, StatusCode::OK).await
}

async fn the_off_switch_discards_what_arrives(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    expect(send(app, &owner, vec![event("e1", "EQUIPMENT", "add")]).await, StatusCode::OK).await;
    assert_eq!(switch(app, &owner, true).await["analyticsDisabled"], true);
    let answer =
        expect(send(app, &owner, vec![event("e2", "EQUIPMENT", "add"), event("e3", "EQUIPMENT", "move")]).await, StatusCode::OK).await;
    assert_eq!(answer, json!({"received": 2, "kept": 0}), "accepted, so a device's queue drains, and discarded");
    let off = counts(app, &owner, None).await;
    assert_eq!((off["enabled"].clone(), off["counts"]["EQUIPMENT"].clone()), (json!(false), json!(1)));
    expect_error(
        send(app, &owner, vec![event("e4", "NOPE", "add")]).await,
        StatusCode::BAD_REQUEST,
        "ValidationFailed",
        "Unknown analytics category NOPE: use one of NAVIGATION, EDIT, SCHEDULE, REPORTS, SERVICE, EQUIPMENT, SUBSCRIPTION",
    )
    .await;

    switch(app, &owner, false).await;
    expect(send(app, &owner, vec![event("e5", "EQUIPMENT", "add")]).await, StatusCode::OK).await;
    assert_eq!(counts(app, &owner, None).await["counts"]["EQUIPMENT"], 2, "on again");
    let office = app.add_user(&owner, "office@acme.ca", &["SETTINGS_READ"]).await;
    let response = app
        .authed(Method::PATCH, &format!("/api/organizations/{}", owner.org_id), &office.token)
        .json(&json!({"data": {"analyticsDisabled": true}}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission").await;
}

async fn parallel_batches_are_counted_exactly(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let technician = app.add_user(&owner, "tech@acme.ca", &["SERVICE_WRITE"]).await;
    // Twenty batches of 50 events drawn from 200 ids, overlapping each other in both orders.
    let mut concurrent = tokio::task::JoinSet::new();
    for batch in 0..20 {
        let account = if batch % 2 == 0 { owner.clone() } else { technician.clone() };
        let mut ids: Vec<usize> = (0..50).map(|n| (batch * 10 + n) % 200).collect();
        if batch % 3 == 0 {
            ids.reverse();
        }
        let events: Vec<Value> = ids.iter().map(|n| event(&format!("p{n}"), "SERVICE", "perform")).collect();
        let request = app
            .authed(Method::POST, "/api/analytics/events", &account.token)
            .query(&[("orgId", account.org_id.as_str())])
            .json(&json!({"events": events}));
        concurrent.spawn(async move { expect(request.send().await.unwrap(), StatusCode::OK).await["kept"].as_u64().unwrap() });
    }
    let kept: u64 = concurrent.join_all().await.into_iter().sum();
    assert_eq!(kept, 200, "each id kept by exactly one batch");
    assert_eq!(counts(app, &owner, None).await["counts"]["SERVICE"], 200);
}

async fn events_are_pruned_after_thirteen_months(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    expect(send(app, &owner, vec![event("e1", "SUBSCRIPTION", "checkout")]).await, StatusCode::OK).await;
    let now = fieldtag_store::now_millis();
    let day = 24 * 60 * 60 * 1000;
    app.store.prune_expired(now + 390 * day).await.unwrap();
    assert_eq!(app.store.analytics_counts(&owner.org_id, None).await.unwrap(), vec![("SUBSCRIPTION".to_string(), 1)], "kept a year");
    app.store.prune_expired(now + 400 * day).await.unwrap();
    assert!(app.store.analytics_counts(&owner.org_id, None).await.unwrap().is_empty(), "gone after 13 months");
}
