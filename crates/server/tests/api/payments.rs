//! Billing against a fake of Stripe's API (a small axum server speaking its form-encoded
//! protocol) and signed webhook posts: checkout, portal, signature failures, replays,
//! out-of-order events, cancel and reactivate, and what an inactive organisation may do.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode as AxumStatus};
use axum::routing::post;
use axum::{Form, Json as AxumJson, Router};
use fieldtag_server::billing::signature::sign;
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, Engine, TestApp, expect, expect_error};

const SECRET_KEY: &str = "sk_test_fieldtag";
const WEBHOOK_SECRET: &str = "whsec_fieldtag_test";
const INACTIVE: &str = "Your subscription has been canceled. Reactivate it to make changes; your data can still be viewed and exported.";

/// Requests the fake received: path and form fields.
type Calls = Arc<Mutex<Vec<(String, HashMap<String, String>)>>>;

struct FakeStripe {
    base: String,
    calls: Calls,
}

async fn fake_call(path: &'static str, calls: Calls, headers: HeaderMap, form: HashMap<String, String>) -> (AxumStatus, AxumJson<Value>) {
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(&format!("Bearer {SECRET_KEY}")) {
        return (
            AxumStatus::UNAUTHORIZED,
            AxumJson(json!({"error": {"message": "Invalid API Key provided", "type": "invalid_request_error"}})),
        );
    }
    let mut calls = calls.lock().unwrap();
    calls.push((path.to_string(), form));
    let n = calls.len();
    let answer = match path {
        "/v1/customers" => json!({"id": format!("cus_{n}"), "object": "customer"}),
        "/v1/checkout/sessions" => {
            json!({"id": format!("cs_test_{n}"), "object": "checkout.session", "url": format!("https://checkout.test/c/cs_test_{n}")})
        }
        _ => json!({"id": format!("bps_{n}"), "object": "billing_portal.session", "url": format!("https://billing.test/p/bps_{n}")}),
    };
    (AxumStatus::OK, AxumJson(answer))
}

impl FakeStripe {
    async fn start() -> FakeStripe {
        let calls: Calls = Arc::default();
        let route = |path: &'static str| {
            post(move |State(calls): State<Calls>, headers: HeaderMap, Form(form): Form<HashMap<String, String>>| {
                fake_call(path, calls, headers, form)
            })
        };
        let app = Router::new()
            .route("/v1/customers", route("/v1/customers"))
            .route("/v1/checkout/sessions", route("/v1/checkout/sessions"))
            .route("/v1/billing_portal/sessions", route("/v1/billing_portal/sessions"))
            .with_state(calls.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        FakeStripe { base, calls }
    }

    fn calls_to(&self, path: &str) -> Vec<HashMap<String, String>> {
        self.calls.lock().unwrap().iter().filter(|(p, _)| p == path).map(|(_, form)| form.clone()).collect()
    }
}

async fn spawn_billed(engine: Engine, stripe: &FakeStripe) -> TestApp {
    let base = stripe.base.clone();
    TestApp::spawn_with(engine, move |config| {
        config.billing.stripe_secret_key = Some(SECRET_KEY.into());
        config.billing.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
        config.billing.stripe_api_base = Some(base);
        config.billing.stripe_price_basic = Some("price_basic".into());
        config.billing.stripe_price_enterprise = Some("price_enterprise".into());
        config.billing.stripe_price_ems = Some("price_ems".into());
    })
    .await
}

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

async fn post_event(app: &TestApp, event: &Value) -> Response {
    let body = serde_json::to_vec(event).unwrap();
    let t = now();
    let header = format!("t={t},v1={}", sign(WEBHOOK_SECRET, t, &body));
    app.request(Method::POST, "/api/payments/webhook").header("Stripe-Signature", header).body(body).send().await.unwrap()
}

async fn deliver(app: &TestApp, event: &Value) -> String {
    expect(post_event(app, event).await, StatusCode::OK).await["outcome"].as_str().unwrap().to_string()
}

fn checkout_completed(id: &str, created: i64, org_id: &str, subscription: &str) -> Value {
    json!({"id": id, "object": "event", "type": "checkout.session.completed", "created": created, "data": {"object": {
        "id": format!("cs_{id}"), "object": "checkout.session", "mode": "subscription", "customer": "cus_1",
        "subscription": subscription, "client_reference_id": org_id, "metadata": {"orgId": org_id}}}})
}

fn subscription_event(id: &str, kind: &str, created: i64, org_id: &str, subscription: &str, status: &str, price: &str) -> Value {
    json!({"id": id, "object": "event", "type": kind, "created": created, "data": {"object": {
        "id": subscription, "object": "subscription", "customer": "cus_1", "status": status, "metadata": {"orgId": org_id},
        "items": {"object": "list", "data": [{"price": {"id": price}}]}}}})
}

async fn organization(app: &TestApp, account: &Account) -> Value {
    expect(app.authed(Method::GET, &format!("/api/organizations/{}", account.org_id), &account.token).send().await.unwrap(), StatusCode::OK)
        .await
}

async fn start_checkout(app: &TestApp, account: &Account) -> Response {
    app.authed(Method::POST, &format!("/api/organizations/{}/payments/session", account.org_id), &account.token).send().await.unwrap()
}

async fn upload_site(app: &TestApp, account: &Account, name: &str) -> Response {
    let site = json!({"id": fieldtag_store::new_id(), "orgId": account.org_id, "name": name, "status": "active",
        "timeZone": "America/Toronto", "lastUpdated": jiff::Timestamp::now().to_string(), "deleted": false});
    app.authed(Method::PATCH, &format!("/api/organizations/{}/sync", account.org_id), &account.token)
        .json(&json!({"locations": [site]}))
        .send()
        .await
        .unwrap()
}

async fn checkout_starts_on_the_plan_with_the_trial(engine: Engine) {
    let stripe = FakeStripe::start().await;
    let app = spawn_billed(engine, &stripe).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let org = organization(&app, &owner).await;
    assert_eq!(org["manualBilling"], false, "billed through the provider once it is configured");
    assert_eq!(org["hasSetUpBilling"], false);

    let answer = expect(start_checkout(&app, &owner).await, StatusCode::OK).await;
    assert_eq!(answer["session"]["id"], "cs_test_2");
    assert_eq!(answer["session"]["url"], "https://checkout.test/c/cs_test_2");
    let customers = stripe.calls_to("/v1/customers");
    assert_eq!(customers.len(), 1);
    assert_eq!(customers[0]["metadata[orgId]"], owner.org_id);
    let checkout = &stripe.calls_to("/v1/checkout/sessions")[0];
    assert_eq!(checkout["mode"], "subscription");
    assert_eq!(checkout["customer"], "cus_1");
    assert_eq!(checkout["line_items[0][price]"], "price_basic");
    assert_eq!(checkout["client_reference_id"], owner.org_id);
    assert_eq!(checkout["subscription_data[metadata][orgId]"], owner.org_id);
    assert!(checkout["success_url"].ends_with("/welcome?checkout={CHECKOUT_SESSION_ID}"), "{checkout:?}");
    let trial_end: i64 = checkout["subscription_data[trial_end]"].parse().unwrap();
    let trial_ends_at: jiff::Timestamp = org["trialEndsAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(trial_end, trial_ends_at.as_second(), "the card is charged when the free trial ends");

    // A second checkout reuses the customer.
    expect(start_checkout(&app, &owner).await, StatusCode::OK).await;
    assert_eq!(stripe.calls_to("/v1/customers").len(), 1);

    // Billing is managed by administrators.
    let technician = app.add_user(&owner, "tech@acme.ca", &["equipment.read", "location.read"]).await;
    expect_error(start_checkout(&app, &technician).await, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission")
        .await;
    app.stop().await;
}

async fn webhook_signatures_are_checked(engine: Engine) {
    let stripe = FakeStripe::start().await;
    let app = spawn_billed(engine, &stripe).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let body = serde_json::to_vec(&subscription_event(
        "evt_1",
        "customer.subscription.deleted",
        now(),
        &owner.org_id,
        "sub_1",
        "canceled",
        "price_basic",
    ))
    .unwrap();
    let send = |header: Option<String>, body: Vec<u8>| {
        let mut request = app.request(Method::POST, "/api/payments/webhook").body(body);
        if let Some(header) = header {
            request = request.header("Stripe-Signature", header);
        }
        request.send()
    };
    let t = now();
    let cases = [
        (None, body.clone(), "No Stripe-Signature header"),
        (Some("nonsense".to_string()), body.clone(), "The Stripe-Signature header is malformed"),
        (Some(format!("t={t},v1={}", sign("whsec_other", t, &body))), body.clone(), "The webhook signature does not match"),
        (Some(format!("t={t},v1={}", sign(WEBHOOK_SECRET, t, b"{}"))), body.clone(), "The webhook signature does not match"),
        (
            Some(format!("t={},v1={}", t - 600, sign(WEBHOOK_SECRET, t - 600, &body))),
            body.clone(),
            "The webhook signature is outside the tolerance",
        ),
    ];
    for (header, body, message) in cases {
        expect_error(send(header, body).await.unwrap(), StatusCode::BAD_REQUEST, "InvalidSignature", message).await;
    }
    assert_eq!(organization(&app, &owner).await["active"], true, "no refused event changed anything");
    app.stop().await;
}

async fn replayed_and_out_of_order_events_change_nothing(engine: Engine) {
    let stripe = FakeStripe::start().await;
    let app = spawn_billed(engine, &stripe).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let t = now() - 100;
    let org = &owner.org_id;

    let completed = checkout_completed("evt_1", t, org, "sub_1");
    assert_eq!(deliver(&app, &completed).await, "applied");
    assert_eq!(deliver(&app, &completed).await, "duplicate", "a replayed event is answered, not applied again");
    let after_checkout = organization(&app, &owner).await;
    assert_eq!(after_checkout["hasSetUpBilling"], true);
    assert_eq!(after_checkout["active"], true);
    assert_eq!(after_checkout["subscriptionStatus"], "active");

    // The cancellation arrives before an older update that still said active.
    assert_eq!(
        deliver(&app, &subscription_event("evt_3", "customer.subscription.deleted", t + 20, org, "sub_1", "canceled", "price_basic")).await,
        "applied"
    );
    assert_eq!(
        deliver(&app, &subscription_event("evt_2", "customer.subscription.updated", t + 10, org, "sub_1", "active", "price_basic")).await,
        "ignored"
    );
    let canceled = organization(&app, &owner).await;
    assert_eq!(canceled["active"], false);
    assert_eq!(canceled["subscriptionStatus"], "canceled");

    // A late invoice of the canceled subscription does not bring it back.
    let paid = json!({"id": "evt_4", "type": "invoice.paid", "created": t + 30, "data": {"object": {"id": "in_1", "customer": "cus_1", "subscription": "sub_1"}}});
    assert_eq!(deliver(&app, &paid).await, "ignored");
    assert_eq!(organization(&app, &owner).await["active"], false);

    // Events of types the server does not handle are acknowledged.
    let other = json!({"id": "evt_5", "type": "customer.updated", "created": t, "data": {"object": {"id": "cus_1"}}});
    assert_eq!(deliver(&app, &other).await, "ignored");
    app.stop().await;
}

async fn canceled_organizations_read_but_do_not_write_until_reactivated(engine: Engine) {
    let stripe = FakeStripe::start().await;
    let app = spawn_billed(engine, &stripe).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let org = &owner.org_id;
    let t = now() - 100;
    expect(upload_site(&app, &owner, "Before").await, StatusCode::OK).await;
    deliver(&app, &checkout_completed("evt_1", t, org, "sub_1")).await;
    deliver(&app, &subscription_event("evt_2", "customer.subscription.created", t, org, "sub_1", "trialing", "price_enterprise")).await;
    assert_eq!(organization(&app, &owner).await["plan"], "Enterprise", "the plan follows the subscription's price");
    deliver(&app, &subscription_event("evt_3", "customer.subscription.deleted", t + 10, org, "sub_1", "canceled", "price_enterprise"))
        .await;

    // Writes are refused with the reason…
    expect_error(upload_site(&app, &owner, "After").await, StatusCode::PAYMENT_REQUIRED, "SubscriptionInactive", INACTIVE).await;
    let counter = app
        .authed(Method::POST, &format!("/api/organizations/{org}/counters/site-number"), &owner.token)
        .json(&json!({"siteNumber": "$increment"}))
        .send()
        .await
        .unwrap();
    expect_error(counter, StatusCode::PAYMENT_REQUIRED, "SubscriptionInactive", INACTIVE).await;
    let patch = app
        .authed(Method::PATCH, &format!("/api/organizations/{org}"), &owner.token)
        .json(&json!({"data": {"name": "New"}}))
        .send()
        .await
        .unwrap();
    expect_error(patch, StatusCode::PAYMENT_REQUIRED, "SubscriptionInactive", INACTIVE).await;
    let write_link = app
        .authed(Method::POST, &format!("/api/organizations/{org}/signed-urls"), &owner.token)
        .json(&json!({"action": "write", "folderName": "logos", "contentType": "image/png"}))
        .send()
        .await
        .unwrap();
    expect_error(write_link, StatusCode::PAYMENT_REQUIRED, "SubscriptionInactive", INACTIVE).await;
    // …reads go on, and what was stored is all there.
    let read_link = app
        .authed(Method::POST, &format!("/api/organizations/{org}/signed-urls"), &owner.token)
        .json(&json!({"action": "read", "folderName": "logos", "fileName": "missing.png"}))
        .send()
        .await
        .unwrap();
    assert_ne!(read_link.status(), StatusCode::PAYMENT_REQUIRED, "a read link is a read");
    let download =
        expect(app.authed(Method::GET, &format!("/api/organizations/{org}/sync"), &owner.token).send().await.unwrap(), StatusCode::OK)
            .await;
    let sites: Vec<&str> = download["locations"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(sites, ["Before"]);

    // Reactivate: a new checkout for the customer the webhooks named (no trial left to give).
    expect(start_checkout(&app, &owner).await, StatusCode::OK).await;
    let checkout = stripe.calls_to("/v1/checkout/sessions").pop().unwrap();
    assert!(!checkout.contains_key("subscription_data[trial_end]"), "a canceled subscription does not restart the trial");
    assert_eq!(checkout["customer"], "cus_1");
    assert!(stripe.calls_to("/v1/customers").is_empty());
    assert_eq!(deliver(&app, &checkout_completed("evt_4", t + 20, org, "sub_2")).await, "applied");
    // The old subscription's late news changes nothing now.
    assert_eq!(
        deliver(&app, &subscription_event("evt_5", "customer.subscription.updated", t + 30, org, "sub_1", "canceled", "price_basic")).await,
        "ignored"
    );
    let reactivated = organization(&app, &owner).await;
    assert_eq!(reactivated["active"], true);
    assert_eq!(reactivated["subscriptionStatus"], "active");
    expect(upload_site(&app, &owner, "After").await, StatusCode::OK).await;

    // Renewal keeps it active and the portal opens for the customer.
    let paid = json!({"id": "evt_6", "type": "invoice.paid", "created": t + 40, "data": {"object": {"id": "in_2", "customer": "cus_1", "subscription": "sub_2"}}});
    assert_eq!(deliver(&app, &paid).await, "applied");
    let portal =
        app.authed(Method::POST, &format!("/api/organizations/{org}/payments/customer-portal-session"), &owner.token).send().await.unwrap();
    assert_eq!(expect(portal, StatusCode::OK).await["data"]["session"]["url"], "https://billing.test/p/bps_2");
    let portal_call = &stripe.calls_to("/v1/billing_portal/sessions")[0];
    assert_eq!(portal_call["customer"], "cus_1");
    assert!(portal_call["return_url"].ends_with("/settings"));
    app.stop().await;
}

async fn a_lapsed_trial_makes_the_organization_inactive(engine: Engine) {
    let stripe = FakeStripe::start().await;
    let app = spawn_billed(engine, &stripe).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let portal = app
        .authed(Method::POST, &format!("/api/organizations/{}/payments/customer-portal-session", owner.org_id), &owner.token)
        .send()
        .await
        .unwrap();
    expect_error(portal, StatusCode::CONFLICT, "BillingNotSetUp", "Billing has not been set up yet. Start your subscription first.").await;

    let mut record = app.store.organization(&owner.org_id).await.unwrap().unwrap();
    record["trialEndsAt"] = json!("2020-01-01T00:00:00Z");
    app.store.put_entity(&owner.org_id, "organization", &owner.org_id, &record).await.unwrap();
    assert_eq!(organization(&app, &owner).await["active"], false);
    expect_error(upload_site(&app, &owner, "Late").await, StatusCode::PAYMENT_REQUIRED, "SubscriptionInactive", INACTIVE).await;
    expect(start_checkout(&app, &owner).await, StatusCode::OK).await;
    app.stop().await;
}

async fn without_keys_billing_is_manual(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;
    assert_eq!(organization(&app, &owner).await["manualBilling"], true);
    expect_error(
        start_checkout(&app, &owner).await,
        StatusCode::CONFLICT,
        "ManualBilling",
        "Billing for this organization is handled manually.",
    )
    .await;
    let webhook = app.request(Method::POST, "/api/payments/webhook").body("{}").send().await.unwrap();
    assert_eq!(webhook.status(), StatusCode::NOT_FOUND);
    app.stop().await;
}

async fn users_record_the_terms_they_accept(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let technician = app.add_user(&owner, "tech@acme.ca", &["equipment.read"]).await;
    let accept = |account: &Account, user_id: &str, body: Value| {
        app.authed(Method::POST, &format!("/api/users/{user_id}/accepted-terms"), &account.token).json(&body).send()
    };
    let user = expect(accept(&technician, &technician.user_id, json!({"version": "1.0.1"})).await.unwrap(), StatusCode::OK).await;
    assert_eq!(user["acceptedTermsVersion"], "1.0.1");
    let stored = app.store.user(&owner.org_id, &technician.user_id).await.unwrap().unwrap();
    assert_eq!(stored["acceptedTermsVersion"], "1.0.1", "kept, and synced to the user's devices");
    expect_error(
        accept(&technician, &owner.user_id, json!({"version": "1.0.1"})).await.unwrap(),
        StatusCode::FORBIDDEN,
        "Forbidden",
        "Users accept the terms for themselves",
    )
    .await;
    let blank = accept(&technician, &technician.user_id, json!({"version": " "})).await.unwrap();
    assert_eq!(blank.status(), StatusCode::BAD_REQUEST);
    app.stop().await;
}

macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() { super::$name(crate::common::Engine::Sqlite).await }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() { super::$name(crate::common::Engine::Postgres).await }
            )*
        }
    };
}

on_both!(
    checkout_starts_on_the_plan_with_the_trial,
    webhook_signatures_are_checked,
    replayed_and_out_of_order_events_change_nothing,
    canceled_organizations_read_but_do_not_write_until_reactivated,
    a_lapsed_trial_makes_the_organization_inactive,
    without_keys_billing_is_manual,
    users_record_the_terms_they_accept,
);
