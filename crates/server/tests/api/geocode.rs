//! `GET /api/geocode`: site addresses looked up through this server, against a fake provider
//! speaking Nominatim's search protocol (a small axum server in the test's runtime).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Engine, TestApp, expect, expect_error};

/// A request the fake received: when, its query, its User-Agent.
#[derive(Clone, Debug)]
struct Asked {
    at: Instant,
    query: HashMap<String, String>,
    user_agent: String,
}

#[derive(Clone, Default)]
struct FakeNominatim {
    asked: Arc<Mutex<Vec<Asked>>>,
}

impl FakeNominatim {
    /// Starts the fake on a free port; answers its search URL.
    async fn start() -> (FakeNominatim, String) {
        let fake = FakeNominatim::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("address");
        let router = Router::new().route("/search", get(search)).with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, router).await });
        (fake, format!("http://{addr}/search"))
    }

    fn asked(&self) -> Vec<Asked> {
        self.asked.lock().unwrap().clone()
    }
}

/// Nominatim's `jsonv2` answer: a list of places, coordinates as text. Addresses in Ottawa are
/// known; anything else is not.
async fn search(State(fake): State<FakeNominatim>, Query(query): Query<HashMap<String, String>>, headers: HeaderMap) -> axum::Json<Value> {
    let user_agent = headers.get("user-agent").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let q = query.get("q").cloned().unwrap_or_default();
    fake.asked.lock().unwrap().push(Asked { at: Instant::now(), query, user_agent });
    if q.contains("Ottawa") {
        axum::Json(json!([{"place_id": 1, "lat": "45.4215296", "lon": "-75.6971931", "display_name": q, "importance": 0.6}]))
    } else {
        axum::Json(json!([]))
    }
}

async fn with_provider(engine: Engine) -> (TestApp, FakeNominatim) {
    let (fake, url) = FakeNominatim::start().await;
    let app = TestApp::spawn_with(engine, |config| config.geocoder_url = Some(url)).await;
    (app, fake)
}

fn geocode(app: &TestApp, token: &str, org_id: &str, q: &str) -> reqwest::RequestBuilder {
    app.authed(Method::GET, "/api/geocode", token).query(&[("orgId", org_id), ("q", q)])
}

macro_rules! on_both {
    ($($name:ident),*) => {
        mod sqlite { $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { super::$name(crate::common::Engine::Sqlite).await } )* }
        mod postgres { $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { super::$name(crate::common::Engine::Postgres).await } )* }
    };
}

on_both!(
    an_address_is_asked_of_the_provider_once,
    parallel_lookups_keep_to_one_request_a_second,
    without_a_provider_url_geocoding_is_off,
    only_members_of_the_organisation_may_look_up,
    cached_answers_are_forgotten_after_thirty_days
);

async fn an_address_is_asked_of_the_provider_once(engine: Engine) {
    let (app, fake) = with_provider(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;

    let found =
        expect(geocode(&app, &owner.token, &owner.org_id, "5 Maple Ave, Ottawa, Ontario, Canada").send().await.unwrap(), StatusCode::OK)
            .await;
    assert_eq!(found, json!({"data": {"lat": 45.4215296, "lon": -75.6971931}}));
    let asked = fake.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].query.get("q").map(String::as_str), Some("5 Maple Ave, Ottawa, Ontario, Canada"));
    assert_eq!(asked[0].query.get("format").map(String::as_str), Some("jsonv2"));
    assert_eq!(asked[0].query.get("limit").map(String::as_str), Some("1"));
    assert!(asked[0].user_agent.starts_with("Fieldtag/"), "a User-Agent that names the application: {}", asked[0].user_agent);
    assert!(asked[0].user_agent.contains(&app.base), "and where it runs: {}", asked[0].user_agent);

    // The same address (case and spaces aside) is answered from the cache.
    let again = expect(
        geocode(&app, &owner.token, &owner.org_id, "  5 maple ave,  OTTAWA, Ontario, Canada ").send().await.unwrap(),
        StatusCode::OK,
    )
    .await;
    assert_eq!(again, found);
    assert_eq!(fake.asked().len(), 1, "the second call did not reach the provider");

    // Nowhere is an answer too, and kept as well.
    let nowhere = expect(geocode(&app, &owner.token, &owner.org_id, "1 Nowhere Lane").send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(nowhere, json!({"data": null}));
    expect(geocode(&app, &owner.token, &owner.org_id, "1 Nowhere Lane").send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(fake.asked().len(), 2);

    // Another organisation shares the cache: the answer is the provider's, not anyone's data.
    let rival = app.sign_up("owner@rival.ca").await;
    expect(geocode(&app, &rival.token, &rival.org_id, "5 Maple Ave, Ottawa, Ontario, Canada").send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(fake.asked().len(), 2);
    app.stop().await;
}

async fn parallel_lookups_keep_to_one_request_a_second(engine: Engine) {
    let (app, fake) = with_provider(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let mut parallel = tokio::task::JoinSet::new();
    for n in 0..4 {
        // Two of each address: the second waits for the first's answer, not the provider.
        for _ in 0..2 {
            let request = geocode(&app, &owner.token, &owner.org_id, &format!("{n} Bank St, Ottawa"));
            parallel.spawn(async move { expect(request.send().await.unwrap(), StatusCode::OK).await });
        }
    }
    for answer in parallel.join_all().await {
        assert_eq!(answer["data"]["lat"], 45.4215296);
    }
    let mut times: Vec<Instant> = fake.asked().iter().map(|asked| asked.at).collect();
    assert_eq!(times.len(), 4, "one request per address");
    times.sort();
    for pair in times.windows(2) {
        let gap = pair[1] - pair[0];
        // A little slack for the fake's own clock reading after the request arrived.
        assert!(gap >= Duration::from_millis(950), "requests {gap:?} apart");
    }
    app.stop().await;
}

async fn without_a_provider_url_geocoding_is_off(engine: Engine) {
    let app = TestApp::spawn(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let response = geocode(&app, &owner.token, &owner.org_id, "5 Maple Ave, Ottawa").send().await.unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "GeocodingOff", "This server has no geocoder configured (FIELDTAG_GEOCODER_URL)").await;
    app.stop().await;
}

async fn only_members_of_the_organisation_may_look_up(engine: Engine) {
    let (app, fake) = with_provider(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;

    let response = geocode(&app, &rival.token, &owner.org_id, "5 Maple Ave, Ottawa").send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let response = app
        .request(Method::GET, "/api/geocode")
        .query(&[("orgId", owner.org_id.as_str()), ("q", "5 Maple Ave, Ottawa")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let clerk = app.add_user(&owner, "clerk@acme.ca", &["REPORT_READ"]).await;
    let response = geocode(&app, &clerk.token, &owner.org_id, "5 Maple Ave, Ottawa").send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the LOCATION_READ permission").await;

    let response = app.authed(Method::GET, "/api/geocode", &owner.token).query(&[("orgId", owner.org_id.as_str())]).send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "q is required").await;
    let response = geocode(&app, &owner.token, &owner.org_id, "   ").send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "q is required").await;
    let response = geocode(&app, &owner.token, &owner.org_id, &"x".repeat(301)).send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "q may be at most 300 characters").await;
    let response = app.authed(Method::GET, "/api/geocode", &owner.token).query(&[("q", "5 Maple Ave, Ottawa")]).send().await.unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "orgId is required").await;
    assert!(fake.asked().is_empty(), "nothing refused reached the provider");
    app.stop().await;
}

async fn cached_answers_are_forgotten_after_thirty_days(engine: Engine) {
    let (app, fake) = with_provider(engine).await;
    let owner = app.sign_up("owner@acme.ca").await;
    expect(geocode(&app, &owner.token, &owner.org_id, "5 Maple Ave, Ottawa").send().await.unwrap(), StatusCode::OK).await;
    let now = fieldtag_store::now_millis();
    app.store.prune_expired(now + 29 * 24 * 60 * 60 * 1000).await.unwrap();
    expect(geocode(&app, &owner.token, &owner.org_id, "5 Maple Ave, Ottawa").send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(fake.asked().len(), 1, "kept for 29 days");
    app.store.prune_expired(now + 31 * 24 * 60 * 60 * 1000).await.unwrap();
    expect(geocode(&app, &owner.token, &owner.org_id, "5 Maple Ave, Ottawa").send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(fake.asked().len(), 2, "asked again after 30 days");
    app.stop().await;
}
