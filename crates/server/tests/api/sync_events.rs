//! Live sync: `GET /api/organizations/{orgId}/sync/events` tells members their organisation's
//! newest version, and ends with the token, the session or the member's access.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use fieldtag_server::sync_events::MIN_GAP;

use crate::common::{Account, Engine, TestApp, expect, expect_error};

fn events_path(org_id: &str) -> String {
    format!("/api/organizations/{org_id}/sync/events")
}

/// One event of a stream: its name (`version`, `end`) and data, or a comment.
#[derive(Debug, PartialEq)]
enum Sse {
    Event { name: String, data: Value },
    Comment(String),
}

/// A stream being read, event by event.
struct EventReader {
    body: std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buffer: String,
}

impl EventReader {
    async fn open(app: &TestApp, org_id: &str, token: &str) -> EventReader {
        let response = app.authed(Method::GET, &events_path(org_id), token).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        EventReader::of(response)
    }

    fn of(response: reqwest::Response) -> EventReader {
        EventReader { body: Box::pin(response.bytes_stream()), buffer: String::new() }
    }

    async fn next(&mut self) -> Option<Sse> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                return Some(parse(&block));
            }
            let chunk = self.body.next().await?.ok()?;
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }

    /// The next event that is not a heartbeat.
    async fn next_event(&mut self, wait: Duration) -> Option<(String, Value)> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.next()).await.ok().flatten()? {
                Sse::Event { name, data } => return Some((name, data)),
                Sse::Comment(_) => continue,
            }
        }
    }

    /// Whether the server closed the stream within `wait`, after any events.
    async fn closes_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.next()).await {
                Ok(None) => return true,
                Ok(Some(_)) => continue,
                Err(_) => return false,
            }
        }
    }
}

fn parse(block: &str) -> Sse {
    let (mut name, mut data) = (String::from("message"), String::new());
    for line in block.lines() {
        if let Some(comment) = line.strip_prefix(':') {
            return Sse::Comment(comment.trim().to_string());
        } else if let Some(value) = line.strip_prefix("event:") {
            name = value.trim().to_string();
        } else if let Some(value) = line.strip_prefix("data:") {
            data.push_str(value.trim());
        }
    }
    Sse::Event { name, data: serde_json::from_str(&data).unwrap_or_else(|_| panic!("data is not JSON: {block}")) }
}

fn site(org: &str, name: &str) -> Value {
    json!({"id": fieldtag_store::new_id(), "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto",
           "lastUpdated": "2026-11-22T10:00:00.000Z", "deleted": false})
}

/// Uploads a new site as `account` and returns the version it was stored under.
async fn write_a_site(app: &TestApp, account: &Account) -> i64 {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let response = app
        .authed(Method::PATCH, &path, &account.token)
        .json(&json!({"locations": [site(&account.org_id, "Depot")]}))
        .send()
        .await
        .unwrap();
    let answer = expect(response, StatusCode::OK).await;
    answer["locations"][0]["version"].as_i64().unwrap_or_else(|| panic!("not accepted: {answer}"))
}

const SOON: Duration = Duration::from_secs(5);

async fn the_first_event_is_the_current_version(app: &TestApp) {
    let owner = app.sign_up("live-first@example.com").await;
    write_a_site(app, &owner).await;
    let response = app.authed(Method::GET, &events_path(&owner.org_id), &owner.token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert_eq!(headers["content-type"], "text/event-stream");
    assert_eq!(headers["cache-control"], "no-cache");
    assert_eq!(headers["x-accel-buffering"], "no");
    let mut stream = EventReader::of(response);
    let current = app.store.current_version(&owner.org_id).await.unwrap();
    let epoch = app.store.server_epoch().await.unwrap();
    assert_eq!(stream.next_event(SOON).await, Some(("version".into(), json!({"version": current, "serverEpoch": epoch}))));
}

async fn a_write_by_another_device_is_told(app: &TestApp) {
    let owner = app.sign_up("live-write@example.com").await;
    let technician = app.add_user(&owner, "live-write-tech@example.com", &["LOCATION_WRITE"]).await;
    let mut stream = EventReader::open(app, &owner.org_id, &owner.token).await;
    stream.next_event(SOON).await.expect("the first event");
    let version = write_a_site(app, &technician).await;
    let (name, data) = stream.next_event(SOON).await.expect("an event after the write");
    assert_eq!(name, "version");
    assert_eq!(data["version"], version);
}

async fn notices_close_together_come_as_one_with_the_newest_version(app: &TestApp) {
    let owner = app.sign_up("live-coalesce@example.com").await;
    let mut stream = EventReader::open(app, &owner.org_id, &owner.token).await;
    stream.next_event(SOON).await.expect("the first event");
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let began = tokio::time::Instant::now();
    let writes =
        (0..5).map(|_| app.authed(Method::PATCH, &path, &owner.token).json(&json!({"locations": [site(&owner.org_id, "Shed")]})).send());
    for response in futures_util::future::join_all(writes).await {
        expect(response.unwrap(), StatusCode::OK).await;
    }
    let span = began.elapsed();
    let newest = app.store.current_version(&owner.org_id).await.unwrap();
    let mut told = Vec::new();
    while let Some((_, data)) = stream.next_event(Duration::from_millis(800)).await {
        told.push(data["version"].as_i64().unwrap());
    }
    assert_eq!(told.last(), Some(&newest), "the newest version is told: {told:?}");
    // At most one event per gap while the writes went on, and the newest after them: the five
    // land within a few milliseconds on a quiet machine, so one or two events, but a loaded one
    // may spread them over several gaps.
    let most = 2 + (span.as_millis() / MIN_GAP.as_millis()) as usize;
    assert!(told.len() <= most, "at most one event per {MIN_GAP:?} over the writes' {span:?}, then one: {told:?}");
    assert!(told.windows(2).all(|pair| pair[0] < pair[1]), "versions only grow: {told:?}");
}

async fn another_organisations_stream_is_refused_as_its_download_is(app: &TestApp) {
    let owner = app.sign_up("live-ours@example.com").await;
    let rival = app.sign_up("live-rival@example.com").await;
    let download = app.authed(Method::GET, &format!("/api/organizations/{}/sync", owner.org_id), &rival.token).send().await.unwrap();
    assert_eq!(download.status(), StatusCode::FORBIDDEN);
    let events = app.authed(Method::GET, &events_path(&owner.org_id), &rival.token).send().await.unwrap();
    expect_error(events, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let signed_out = app.request(Method::GET, &events_path(&owner.org_id)).send().await.unwrap();
    assert_eq!(signed_out.status(), StatusCode::UNAUTHORIZED);
}

async fn a_write_in_another_organisation_is_not_told(app: &TestApp) {
    let owner = app.sign_up("live-quiet@example.com").await;
    let rival = app.sign_up("live-noisy@example.com").await;
    let mut stream = EventReader::open(app, &owner.org_id, &owner.token).await;
    stream.next_event(SOON).await.expect("the first event");
    write_a_site(app, &rival).await;
    assert_eq!(stream.next_event(Duration::from_millis(800)).await, None, "nothing is told of another organisation's write");
    let ours = write_a_site(app, &owner).await;
    assert_eq!(stream.next_event(SOON).await.map(|(_, data)| data["version"].clone()), Some(json!(ours)));
}

async fn a_removed_member_loses_the_stream(app: &TestApp) {
    let owner = app.sign_up("live-admin@example.com").await;
    let technician = app.add_user(&owner, "live-removed@example.com", &["SERVICE_WRITE"]).await;
    let mut stream = EventReader::open(app, &owner.org_id, &technician.token).await;
    stream.next_event(SOON).await.expect("the first event");
    let mut record = app.store.user(&owner.org_id, &technician.user_id).await.unwrap().unwrap();
    record["deleted"] = json!(true);
    record["lastUpdated"] = json!("2030-01-01T00:00:00.000Z");
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let answer =
        expect(app.authed(Method::PATCH, &path, &owner.token).json(&json!({"users": [record]})).send().await.unwrap(), StatusCode::OK)
            .await;
    assert_eq!(answer["users"][0]["status"], "accepted", "{answer}");
    assert_eq!(stream.next_event(SOON).await, Some(("end".into(), json!({"reason": "accessEnded"}))));
    assert!(stream.closes_within(SOON).await, "the server closes the stream");
}

async fn a_logged_out_session_loses_the_stream_within_a_heartbeat(app: &TestApp) {
    let owner = app.sign_up("live-logout@example.com").await;
    let mut stream = EventReader::open(app, &owner.org_id, &owner.token).await;
    stream.next_event(SOON).await.expect("the first event");
    let response = app.authed(Method::DELETE, "/api/token", &owner.token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    // The heartbeat is a second in these tests.
    assert_eq!(stream.next_event(Duration::from_secs(3)).await, Some(("end".into(), json!({"reason": "accessEnded"}))));
    assert!(stream.closes_within(SOON).await, "the server closes the stream");
}

async fn the_stream_ends_when_its_token_expires(app: &TestApp) {
    let owner = app.sign_up("live-expiry@example.com").await;
    let secret = app.store.shared_secret("jwt", String::new).await.unwrap();
    let keys = fieldtag_server::auth::tokens::TokenKeys::new(&secret, 2);
    let claims = keys.verify(&owner.token).expect("the sign-up token verifies");
    let short = keys.issue(&owner.user_id, &owner.org_id, &claims.fam).unwrap();
    let mut stream = EventReader::open(app, &owner.org_id, &short.token).await;
    stream.next_event(SOON).await.expect("the first event");
    assert_eq!(stream.next_event(Duration::from_secs(4)).await, Some(("end".into(), json!({"reason": "tokenExpired"}))));
    assert!(stream.closes_within(SOON).await, "the server closes the stream");
}

async fn a_user_may_hold_ten_streams_under_parallel_opens(app: &TestApp) {
    let owner = app.sign_up("live-cap@example.com").await;
    let opens = (0..20).map(|_| app.authed(Method::GET, &events_path(&owner.org_id), &owner.token).send());
    let responses: Vec<reqwest::Response> = futures_util::future::join_all(opens).await.into_iter().map(Result::unwrap).collect();
    let (open, refused): (Vec<_>, Vec<_>) = responses.into_iter().partition(|r| r.status() == StatusCode::OK);
    assert_eq!((open.len(), refused.len()), (10, 10));
    for response in refused {
        expect_error(
            response,
            StatusCode::TOO_MANY_REQUESTS,
            "TooManyStreams",
            "At most 10 live sync streams may be open per user: close another tab or device",
        )
        .await;
    }
    let colleague = app.add_user(&owner, "live-cap-colleague@example.com", &["SERVICE_WRITE"]).await;
    EventReader::open(app, &owner.org_id, &colleague.token).await;
    drop(open);
    // A closed stream frees its place (the server notices the client went at its next write).
    let mut reopened = false;
    for _ in 0..50 {
        let response = app.authed(Method::GET, &events_path(&owner.org_id), &owner.token).send().await.unwrap();
        if response.status() == StatusCode::OK {
            reopened = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reopened, "a place is free again once a stream is closed");
}

fn short_heartbeat(config: &mut fieldtag_server::config::Config) {
    config.sync_events_heartbeat_secs = 1;
}

crate::on_both_engines!(
    configure = short_heartbeat;
    the_first_event_is_the_current_version,
    a_write_by_another_device_is_told,
    notices_close_together_come_as_one_with_the_newest_version,
    another_organisations_stream_is_refused_as_its_download_is,
    a_write_in_another_organisation_is_not_told,
    a_removed_member_loses_the_stream,
    a_logged_out_session_loses_the_stream_within_a_heartbeat,
    the_stream_ends_when_its_token_expires,
    a_user_may_hold_ten_streams_under_parallel_opens,
);

/// Two instances on one PostgreSQL database: a write through one is told on the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_on_one_instance_is_told_on_another() {
    let first = TestApp::spawn(Engine::Postgres).await;
    let url = first.database_url.clone();
    let second = TestApp::spawn_with(Engine::Postgres, move |config| config.database_url = Some(url)).await;
    let owner = first.sign_up("live-instances@example.com").await;
    let mut stream = EventReader::open(&second, &owner.org_id, &owner.token).await;
    stream.next_event(SOON).await.expect("the first event");
    let version = write_a_site(&first, &owner).await;
    assert_eq!(stream.next_event(SOON).await.map(|(_, data)| data["version"].clone()), Some(json!(version)));
    second.stop().await;
    first.stop().await;
}
