//! Spec §3 billing import request (`{orgId, importKey}` only):
//! `POST /api/organizations/{orgId}/imports/billing` imports the safety scan app's billing
//! accounts (its customers) the way the import does: a queued job, records checked as sync
//! checks them, arriving through sync (docs/imports.md).

use std::time::Duration;

use fieldtag_server::config::Config;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};
use crate::imports::safety_scan_app::{self, AppData};

fn with_fake_app(config: &mut Config) {
    config.safety_scan_url = Some(safety_scan_app::url());
}

crate::on_both_engines!(configure = with_fake_app;
    the_apps_customers_arrive_through_sync,
    the_billing_request_holds_only_org_id_and_import_key,
);

mod unconfigured {
    use reqwest::{Method, StatusCode};
    use serde_json::json;

    use crate::common::{TestApp, expect_error};

    crate::on_both_engines!(a_server_without_the_app_refuses_billing_imports);

    async fn a_server_without_the_app_refuses_billing_imports(app: &TestApp) {
        let admin = app.sign_up("owner@noapp.example").await;
        let body = json!({"orgId": admin.org_id, "importKey": {"key": "k"}});
        let response = app.authed(Method::POST, &super::path(&admin.org_id), &admin.token).json(&body).send().await.unwrap();
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

fn path(org_id: &str) -> String {
    format!("/api/organizations/{org_id}/imports/billing")
}

fn customer(id: &str, name: &str, account: &str) -> Value {
    json!({"id": id, "name": name, "accountNumber": account, "email": format!("{id}@billing.example"), "city": "Toronto"})
}

async fn finished(app: &TestApp, account: &Account, id: &str) -> Value {
    for _ in 0..300 {
        let path = format!("/api/imports?orgId={}", account.org_id);
        let list = expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await;
        let record = list["data"].as_array().unwrap().iter().find(|r| r["id"] == id).cloned().expect("the import is listed");
        if !record["dateCompleted"].is_null() {
            return record;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("import {id} did not finish in 30 s");
}

async fn customers(app: &TestApp, account: &Account) -> Vec<Value> {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let down = expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await;
    down["customers"].as_array().cloned().unwrap_or_default()
}

async fn start(app: &TestApp, account: &Account, key: &str) -> Value {
    let body = json!({"orgId": account.org_id, "importKey": {"key": key}});
    let answer =
        expect(app.authed(Method::POST, &path(&account.org_id), &account.token).json(&body).send().await.unwrap(), StatusCode::ACCEPTED)
            .await;
    answer["data"].clone()
}

async fn the_apps_customers_arrive_through_sync(app: &TestApp) {
    let admin = app.sign_up("owner@acme.ca").await;
    let mut data = AppData {
        customers: vec![
            customer("c1", "Harbourfront", "A-1"),
            customer("c2", "Lakeside", "A-2"),
            json!({"id": "c3", "name": "No account"}),
        ],
        sites: vec![json!({"id": "s1", "name": "Not billing data", "active": true, "timeZone": "America/Toronto"})],
        ..AppData::default()
    };
    let key = safety_scan_app::register(data.clone());
    let job = start(app, &admin, &key).await;
    assert_eq!(job["source"], "safetyScan");
    let done = finished(app, &admin, job["id"].as_str().unwrap()).await;
    assert!(done["error"].is_null(), "{done}");
    assert_eq!(done["recordsWritten"], 2);
    assert_eq!(done["rowsRejected"], 1, "a customer without an account number is skipped: {done}");
    let stored = customers(app, &admin).await;
    assert_eq!(stored.len(), 2);
    let harbourfront = stored.iter().find(|c| c["name"] == "Harbourfront").expect("imported");
    assert_eq!(harbourfront["accountNumber"], "A-1");
    assert_eq!(harbourfront["email"], "c1@billing.example");
    assert_eq!(harbourfront["safetyScanId"], "c1");
    let paths: Vec<String> = safety_scan_app::requests(&key).into_iter().map(|(path, _)| path).collect();
    assert!(paths.iter().all(|path| path == "/v1/customers"), "only the billing data is read: {paths:?}");
    let path = format!("/api/organizations/{}/sync", admin.org_id);
    let down = expect(app.authed(Method::GET, &path, &admin.token).send().await.unwrap(), StatusCode::OK).await;
    assert!(down["locations"].as_array().is_none_or(Vec::is_empty), "no sites: {down}");
    let kept = app.store.imports_of(&admin.org_id).await.unwrap();
    assert!(!kept[0].request.contains(&key), "the key is not kept with the request");
    assert!(kept[0].import_key.is_none(), "the key is cleared when the job ends");

    // Again, with one more customer: only the new one is added.
    data.customers.push(customer("c4", "Riverside", "A-4"));
    safety_scan_app::register_as(&key, data);
    let again = start(app, &admin, &key).await;
    let done = finished(app, &admin, again["id"].as_str().unwrap()).await;
    assert_eq!(done["recordsWritten"], 1, "{done}");
    assert_eq!(customers(app, &admin).await.len(), 3);
}

async fn the_billing_request_holds_only_org_id_and_import_key(app: &TestApp) {
    let admin = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let org = admin.org_id.as_str();
    for (body, message) in [
        (
            json!({"orgId": org, "importKey": {"key": "k"}, "importAllSites": true}),
            "Unknown field 'importAllSites' in the billing import request",
        ),
        (
            json!({"orgId": org, "importKey": {"key": "k"}, "clearAllData": false}),
            "Unknown field 'clearAllData' in the billing import request",
        ),
        (json!({"orgId": org, "importKey": {"key": "k"}, "foo": 1}), "Unknown field 'foo' in the billing import request"),
        (json!({"importKey": {"key": "k"}}), "orgId is required"),
        (json!({"orgId": org}), "importKey is required"),
        (json!({"orgId": org, "importKey": {}}), "importKey.key is required"),
        (json!({"orgId": org, "importKey": {"key": "k", "secret": 1}}), "Unknown field 'secret' in importKey"),
        (json!({"orgId": org, "importKey": "k"}), "importKey must be an object like {\"key\": \"...\"}"),
        (json!({"orgId": rival.org_id, "importKey": {"key": "k"}}), "orgId does not match the organization in the path"),
    ] {
        let response = app.authed(Method::POST, &path(org), &admin.token).json(&body).send().await.unwrap();
        expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    let body = json!({"orgId": rival.org_id, "importKey": {"key": "k"}});
    let response = app.authed(Method::POST, &path(&rival.org_id), &admin.token).json(&body).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let reader = app.add_user(&admin, "reader@acme.ca", &["SETTINGS_READ"]).await;
    let body = json!({"orgId": org, "importKey": {"key": "k"}});
    let response = app.authed(Method::POST, &path(org), &reader.token).json(&body).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission").await;
    assert!(app.store.imports_of(org).await.unwrap().is_empty(), "nothing refused was queued");
    assert!(app.store.imports_of(&rival.org_id).await.unwrap().is_empty());
}
