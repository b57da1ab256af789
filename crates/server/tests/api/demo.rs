//! POST /api/demo: a throw-away demo organisation, signed in like a login; limited per address
//! under parallel requests; never reaching another organisation; sending no mail, making no
//! payment-provider customer, storing no files; deleted with every row it holds after a day.

use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::{Connection, Row};

use fieldtag_server::routes::demo::DEMOS_PER_ADDRESS_HOUR;

use crate::common::{Account, TestApp, expect};

crate::on_both_engines!(
    a_demo_is_a_new_marked_organisation_full_of_records,
    parallel_demos_from_one_address_stop_at_the_limit,
    a_demo_and_another_organisation_never_reach_each_other,
    a_demo_sends_no_mail_bills_no_one_and_stores_no_files,
    a_demo_goes_with_all_its_rows_after_a_day,
);

async fn open_demo(app: &TestApp) -> Account {
    let body = expect(app.request(Method::POST, "/api/demo").send().await.unwrap(), StatusCode::OK).await;
    Account {
        org_id: body["user"]["orgId"].as_str().unwrap().to_string(),
        user_id: body["user"]["id"].as_str().unwrap().to_string(),
        email: body["user"]["email"].as_str().unwrap().to_string(),
        password: String::new(),
        token: body["token"].as_str().unwrap().to_string(),
        refresh_token: body["refreshToken"].as_str().unwrap().to_string(),
    }
}

async fn download(app: &TestApp, account: &Account) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await
}

fn count(download: &Value, kind: &str) -> usize {
    download[kind].as_array().map_or(0, Vec::len)
}

async fn a_demo_is_a_new_marked_organisation_full_of_records(app: &TestApp) {
    let body = expect(app.request(Method::POST, "/api/demo").send().await.unwrap(), StatusCode::OK).await;
    for field in ["token", "expires", "refreshToken"] {
        assert!(body[field].is_string(), "answered like a login: {body}");
    }
    assert!(body["user"]["permissions"].as_array().unwrap().iter().any(|p| p == "*.*"), "the owner: {body}");
    let demo = open_demo(app).await;
    let other = open_demo(app).await;
    assert_ne!(demo.org_id, other.org_id, "each demo is an organisation of its own");
    let organization =
        expect(app.authed(Method::GET, &format!("/api/organizations/{}", demo.org_id), &demo.token).send().await.unwrap(), StatusCode::OK)
            .await;
    assert_eq!(organization["demo"], true, "{organization}");
    assert_eq!(organization["manualBilling"], true, "{organization}");
    let records = download(app, &demo).await;
    assert_eq!(count(&records, "locations"), 4, "{records}");
    assert!(count(&records, "equipment") >= 20 && count(&records, "deficiencies") == 1 && count(&records, "schedule") == 3);
    // The refresh token works like any session's.
    let refreshed = app.request(Method::POST, "/api/token").bearer_auth(&demo.refresh_token).send().await.unwrap();
    expect(refreshed, StatusCode::OK).await;
    // A signed-up organisation is not a demo.
    let owner = app.sign_up("owner@acme.ca").await;
    let ours = app.store.organization(&owner.org_id).await.unwrap().unwrap();
    assert_eq!(ours["demo"], false);
}

async fn parallel_demos_from_one_address_stop_at_the_limit(app: &TestApp) {
    let asks = (0..DEMOS_PER_ADDRESS_HOUR + 15).map(|_| app.request(Method::POST, "/api/demo").send());
    let answers: Vec<_> = join_all(asks).await.into_iter().map(Result::unwrap).collect();
    let opened = answers.iter().filter(|a| a.status() == StatusCode::OK).count();
    let refused = answers.iter().filter(|a| a.status() == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(opened as i64, DEMOS_PER_ADDRESS_HOUR, "exactly the limit opened, however many asked at once");
    assert_eq!(opened + refused, answers.len(), "every other one refused with 429");
    let mut db = sqlx::AnyConnection::connect(&app.database_url).await.unwrap();
    let organizations: i64 = sqlx::query("SELECT COUNT(*) FROM organizations").fetch_one(&mut db).await.unwrap().get(0);
    assert_eq!(organizations, DEMOS_PER_ADDRESS_HOUR, "a refused request made no organisation");
}

async fn a_demo_and_another_organisation_never_reach_each_other(app: &TestApp) {
    let theirs = app.sign_up("owner@rival.ca").await;
    let site = json!({"id": fieldtag_store::new_id(), "orgId": theirs.org_id, "name": "Rival Secret Site", "status": "active",
                      "timeZone": "America/Toronto", "lastUpdated": "2030-01-01T00:00:00Z"});
    let path = format!("/api/organizations/{}/sync", theirs.org_id);
    expect(app.authed(Method::PATCH, &path, &theirs.token).json(&json!({"locations": [site]})).send().await.unwrap(), StatusCode::OK).await;
    let demo = open_demo(app).await;

    let document = expect(app.request(Method::GET, "/api/openapi.json").send().await.unwrap(), StatusCode::OK).await;
    for (path, operations) in document["paths"].as_object().unwrap().iter().filter(|(path, _)| path.contains("{orgId}")) {
        for method in operations.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            for (caller, target) in [(&demo, &theirs), (&theirs, &demo)] {
                let url = path.replace("{orgId}", &target.org_id).replace(['{', '}'], "");
                let response =
                    app.authed(method.clone(), &url, &caller.token).json(&json!({"data": {"name": "taken"}})).send().await.unwrap();
                let status = response.status();
                let answer = response.text().await.unwrap();
                assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path} answered {status}: {answer}");
                assert!(!answer.contains("Rival Secret Site") && !answer.contains("Harbourfront"), "{method} {path} leaked: {answer}");
            }
        }
    }
    let seen = download(app, &demo).await.to_string();
    assert!(!seen.contains("Rival Secret Site") && !seen.contains(&theirs.org_id), "the demo sees only its own");
    let seen = download(app, &theirs).await.to_string();
    assert!(!seen.contains("Harbourfront") && !seen.contains(&demo.org_id), "the other sees nothing of the demo");
    // The demo's owner id cannot be claimed or invited from elsewhere.
    let invite = app.authed(Method::POST, &format!("/api/users/{}/invite-link", demo.user_id), &theirs.token).send().await.unwrap();
    assert_eq!(invite.status(), StatusCode::NOT_FOUND);
}

async fn a_demo_sends_no_mail_bills_no_one_and_stores_no_files(app: &TestApp) {
    let demo = open_demo(app).await;
    // A user record naming a real address, invited: the link is shown, no mail goes.
    let user_id = fieldtag_store::new_id();
    let user = json!({"id": user_id, "orgId": demo.org_id, "name": "Someone Real", "email": "someone@real.example",
                      "permissions": ["WEB_LOGIN"], "invitationStatus": 0, "lastUpdated": "2030-01-01T00:00:00Z", "deleted": false});
    let path = format!("/api/organizations/{}/sync", demo.org_id);
    expect(app.authed(Method::PATCH, &path, &demo.token).json(&json!({"users": [user]})).send().await.unwrap(), StatusCode::OK).await;
    let invite = app.authed(Method::POST, &format!("/api/users/{user_id}/invite-link"), &demo.token).send().await.unwrap();
    let invite = expect(invite, StatusCode::OK).await;
    assert!(invite["data"]["inviteLink"].is_string(), "{invite}");
    for email in ["someone@real.example", demo.email.as_str()] {
        let reset = app.request(Method::POST, "/api/users/reset-password").json(&json!({"email": email})).send().await.unwrap();
        expect(reset, StatusCode::OK).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    for email in ["someone@real.example", demo.email.as_str()] {
        assert_eq!(app.store.outbox_for(email).await.unwrap().len(), 0, "no mail to {email}");
    }
    // Billed by hand: checkout never reaches a payment provider.
    let checkout = format!("/api/organizations/{}/payments/checkout-session", demo.org_id);
    let answer = app.authed(Method::POST, &checkout, &demo.token).json(&json!({"data": {"plan": "Basic"}})).send().await.unwrap();
    assert!(answer.status() == StatusCode::CONFLICT || answer.status() == StatusCode::NOT_FOUND, "{}", answer.status());
    assert_eq!(app.store.subscription(&demo.org_id).await.unwrap().and_then(|s| s.customer_id), None);
    // No write links, so no files outlive the demo.
    let write = json!({"action": "write", "folderName": "logos", "contentType": "image/png"});
    let signed = app.authed(Method::POST, &format!("/api/organizations/{}/signed-urls", demo.org_id), &demo.token).json(&write);
    expect(signed.send().await.unwrap(), StatusCode::FORBIDDEN).await;
}

async fn a_demo_goes_with_all_its_rows_after_a_day(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let demo = open_demo(app).await;
    let fresh = open_demo(app).await;
    let mut db = sqlx::AnyConnection::connect(&app.database_url).await.unwrap();
    // The prune runs two days ahead rather than the rows being aged: the server's own prune at
    // start, late on a busy machine, would otherwise take the aged demo first. The young demo is
    // an hour old at that time, so no prune on today's clock touches any of the three.
    let two_days_ahead = fieldtag_store::now_millis() + 2 * 24 * 60 * 60 * 1000;
    sqlx::query("UPDATE organizations SET created_at = $1 WHERE id = $2")
        .bind(two_days_ahead - 60 * 60 * 1000)
        .bind(&fresh.org_id)
        .execute(&mut db)
        .await
        .unwrap();
    let pruned = app.store.prune_expired(two_days_ahead).await.unwrap();
    assert!(pruned > 50, "the demo's rows went ({pruned})");
    assert_eq!(rows_of(&mut db, &demo.org_id).await, 0, "nothing of the old demo is left");
    assert!(rows_of(&mut db, &owner.org_id).await > 0, "an old organisation that is no demo stays");
    assert!(rows_of(&mut db, &fresh.org_id).await > 0, "a demo younger than a day stays");
    let path = format!("/api/organizations/{}", demo.org_id);
    let gone = app.authed(Method::GET, &path, &demo.token).send().await.unwrap();
    assert!(gone.status() == StatusCode::UNAUTHORIZED || gone.status() == StatusCode::NOT_FOUND, "{}", gone.status());
    let refresh = app.request(Method::POST, "/api/token").bearer_auth(&demo.refresh_token).send().await.unwrap();
    let refused = expect(refresh, StatusCode::UNAUTHORIZED).await;
    assert_eq!(refused["code"], "RefreshTokenDeletedOrFake", "{refused}");
    expect(app.login(&owner.email, &owner.password).await, StatusCode::OK).await;
}

/// Rows naming the organisation, counted table by table (the deletion finds the tables in the
/// database's catalogue instead, so one added later is covered there without a list).
async fn rows_of(db: &mut sqlx::AnyConnection, org_id: &str) -> i64 {
    let tables = [
        ("organizations", "id"),
        ("records", "org_id"),
        ("user_identities", "org_id"),
        ("token_families", "org_id"),
        ("user_tokens", "org_id"),
        ("client_logs", "org_id"),
        ("counters", "org_id"),
        ("transfers", "org_id"),
        ("billing_events", "org_id"),
        ("subscriptions", "org_id"),
        ("webhook_events", "org_id"),
        ("imports", "org_id"),
    ];
    let mut total = 0;
    for (table, column) in tables {
        let sql = format!("SELECT COUNT(*) FROM {table} WHERE {column} = $1");
        total += sqlx::query(&sql).bind(org_id).fetch_one(&mut *db).await.unwrap().get::<i64, _>(0);
    }
    total
}
