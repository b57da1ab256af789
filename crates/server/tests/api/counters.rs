use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{TestApp, expect, expect_error};

crate::on_both_engines!(counters_hand_out_unique_numbers_under_concurrency, counters_accept_only_the_increment_marker);

async fn counters_hand_out_unique_numbers_under_concurrency(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let path = format!("/api/organizations/{}/counters/site-number", owner.org_id);
    let mut concurrent = tokio::task::JoinSet::new();
    for _ in 0..20 {
        let request = app.authed(Method::POST, &path, &owner.token).json(&json!({"siteNumber": "$increment"}));
        concurrent.spawn(async move { expect(request.send().await.unwrap(), StatusCode::OK).await["data"]["data"].as_i64().unwrap() });
    }
    let mut numbers = concurrent.join_all().await;
    numbers.sort();
    assert_eq!(numbers, (1..=20).collect::<Vec<_>>(), "every number once");

    let account = app
        .authed(Method::POST, &format!("/api/organizations/{}/counters/account-number", owner.org_id), &owner.token)
        .json(&json!({"accountNumber": "$increment"}))
        .send()
        .await
        .unwrap();
    assert_eq!(expect(account, StatusCode::OK).await["data"]["data"], 1, "each counter counts on its own");
    let theirs = app
        .authed(Method::POST, &format!("/api/organizations/{}/counters/site-number", rival.org_id), &rival.token)
        .json(&json!({"siteNumber": "$increment"}))
        .send()
        .await
        .unwrap();
    assert_eq!(expect(theirs, StatusCode::OK).await["data"]["data"], 1, "and each organisation");
}

async fn counters_accept_only_the_increment_marker(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let path = format!("/api/organizations/{}/counters/site-number", owner.org_id);
    for body in
        [json!({"siteNumber": 5}), json!({"siteNumber": "$increment", "extra": 1}), json!({"accountNumber": "$increment"}), json!({})]
    {
        let response = app.authed(Method::POST, &path, &owner.token).json(&body).send().await.unwrap();
        expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "Send exactly {\"siteNumber\": \"$increment\"}").await;
    }
    let viewer = app.add_user(&owner, "viewer@acme.ca", &["LOCATION_READ"]).await;
    let response = app.authed(Method::POST, &path, &viewer.token).json(&json!({"siteNumber": "$increment"})).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the LOCATION_WRITE permission").await;
}
