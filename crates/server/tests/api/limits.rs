//! Limits that hold under concurrency (logins, resets, client logs), and the retention of
//! every table that grows with traffic.

use std::time::Duration;

use futures_util::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::json;

use fieldtag_server::auth::login_limit::{MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL};
use fieldtag_server::routes::logs::{MAX_LOG_BODY_BYTES, MAX_LOGS_PER_ADDRESS};

use crate::common::{TestApp, expect};

fn configure(config: &mut fieldtag_server::config::Config) {
    config.maintenance_every = Duration::from_millis(200);
}

crate::on_both_engines!(
    configure = configure;
    parallel_wrong_passwords_are_checked_at_most_the_limit,
    parallel_guesses_from_one_address_are_checked_at_most_the_limit,
    parallel_reset_requests_send_at_most_the_limit,
    client_logs_are_capped_limited_and_bounded,
    the_server_prunes_what_has_expired,
);

async fn parallel_wrong_passwords_are_checked_at_most_the_limit(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let guesses: Vec<String> = (0..100).map(|n| format!("wrong guess {n}")).collect();
    let answers = join_all(guesses.iter().map(|guess| app.login(&owner.email, guess))).await;
    let checked = answers.iter().filter(|a| a.status() == StatusCode::UNAUTHORIZED).count();
    let refused = answers.iter().filter(|a| a.status() == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(checked + refused, 100, "every guess is answered 401 or 429");
    assert_eq!(checked as i64, MAX_FAILURES_PER_EMAIL, "exactly the limit of guesses is checked");
    expect(app.login(&owner.email, &owner.password).await, StatusCode::TOO_MANY_REQUESTS).await;
}

async fn parallel_guesses_from_one_address_are_checked_at_most_the_limit(app: &TestApp) {
    let mut emails = Vec::new();
    for n in 0..12 {
        emails.push(app.sign_up(&format!("owner{n}@acme.ca")).await.email);
    }
    // Eight guesses at each of twelve accounts: each under its own limit, 96 from one address.
    let guesses = emails.iter().flat_map(|email| (0..8).map(move |n| (email.clone(), format!("wrong {n}"))));
    let answers = join_all(guesses.map(|(email, password)| async move { app.login(&email, &password).await })).await;
    let checked = answers.iter().filter(|a| a.status() == StatusCode::UNAUTHORIZED).count();
    assert_eq!(checked as i64, MAX_FAILURES_PER_ADDRESS, "the address's limit holds across accounts");
}

async fn parallel_reset_requests_send_at_most_the_limit(app: &TestApp) {
    app.sign_up("owner@acme.ca").await;
    let ask = || app.request(Method::POST, "/api/users/reset-password").json(&json!({"email": "owner@acme.ca"})).send();
    for answer in join_all((0..30).map(|_| ask())).await {
        expect(answer.unwrap(), StatusCode::OK).await;
    }
    // The mails go out in the background: wait for the limit's worth (a loaded machine is slow),
    // then a while longer, so a sixth mail would have time to show.
    let outbox = || async { app.store.outbox_for("owner@acme.ca").await.unwrap().len() };
    for _ in 0..100 {
        if outbox().await >= 5 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let sent = outbox().await;
    assert_eq!(sent, 5, "five reset mails an hour, however many asked at once");
}

async fn client_logs_are_capped_limited_and_bounded(app: &TestApp) {
    let big = json!({"level": "error", "message": "x".repeat(80 * 1024)});
    let response = app.request(Method::POST, "/api/logs").json(&big).send().await.unwrap();
    let body = expect(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert_eq!(body["code"], "LogTooLarge", "{body}");
    let at_the_cap = "y".repeat(MAX_LOG_BODY_BYTES - 64);
    let fits = app.request(Method::POST, "/api/logs").json(&json!({"level": "error", "message": at_the_cap})).send().await.unwrap();
    expect(fits, StatusCode::NO_CONTENT).await;

    let small = json!({"level": "error", "message": "crash"});
    let answers = join_all((0..MAX_LOGS_PER_ADDRESS + 40).map(|_| app.request(Method::POST, "/api/logs").json(&small).send())).await;
    let kept = answers.iter().filter(|a| a.as_ref().unwrap().status() == StatusCode::NO_CONTENT).count();
    let limited = answers.iter().filter(|a| a.as_ref().unwrap().status() == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(kept as i64 + 1, MAX_LOGS_PER_ADDRESS, "the address's limit counts the first log too");
    assert_eq!(kept + limited, answers.len());
    assert_eq!(app.store.recent_client_logs(10_000).await.unwrap().len() as i64, MAX_LOGS_PER_ADDRESS);

    // The table keeps the newest rows only.
    for n in 0..30 {
        let log =
            fieldtag_store::ClientLog { org_id: None, user_id: None, level: "error".into(), message: format!("log {n}"), context: None };
        app.store.add_client_log(&log, 20).await.unwrap();
    }
    let logs = app.store.recent_client_logs(10_000).await.unwrap();
    assert_eq!(logs.len(), 20, "bounded to the newest 20");
    assert!(logs.iter().any(|log| log.message == "log 29") && !logs.iter().any(|log| log.message == "log 0"), "the oldest went");
}

/// Rows of every table that grows with traffic, long expired.
const EXPIRED_ROWS: &[&str] = &[
    "INSERT INTO token_blacklist (token_id, expires_at) VALUES ('old-token', $1)",
    "INSERT INTO user_tokens (token_hash, user_id, org_id, purpose, created_at, expires_at) VALUES ('old-hash', 'u', 'o', 'invite', $1, $1)",
    "INSERT INTO token_families (id, user_id, created_at, revoked_at) VALUES ('old-family', 'u', $1, $1)",
    "INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at) VALUES ('old-refresh', 'old-family', $1, $1)",
    "INSERT INTO rate_limit_hits (id, limit_key, at) VALUES ('old-hit', 'email:old@acme.ca', $1)",
    "INSERT INTO rate_limit_keys (limit_key, touched_at) VALUES ('email:old@acme.ca', $1)",
    "INSERT INTO client_logs (id, level, message, created_at) VALUES ('old-log', 'error', 'old', $1)",
    "INSERT INTO outbox (id, to_address, subject, body, created_at, sent_at) VALUES ('old-mail', 'a@acme.ca', 's', 'b', $1, $1)",
    "INSERT INTO webhook_events (id, event_type, created, received_at) VALUES ('old-event', 'x', 1, $1)",
];

const OLD_ROWS: &str = "SELECT (SELECT COUNT(*) FROM token_blacklist WHERE token_id = 'old-token')
    + (SELECT COUNT(*) FROM user_tokens WHERE token_hash = 'old-hash')
    + (SELECT COUNT(*) FROM token_families WHERE id = 'old-family')
    + (SELECT COUNT(*) FROM refresh_tokens WHERE token_hash = 'old-refresh')
    + (SELECT COUNT(*) FROM rate_limit_hits WHERE id = 'old-hit')
    + (SELECT COUNT(*) FROM rate_limit_keys WHERE limit_key = 'email:old@acme.ca')
    + (SELECT COUNT(*) FROM client_logs WHERE id = 'old-log')
    + (SELECT COUNT(*) FROM outbox WHERE id = 'old-mail')
    + (SELECT COUNT(*) FROM webhook_events WHERE id = 'old-event')";

async fn the_server_prunes_what_has_expired(app: &TestApp) {
    use sqlx::{Connection, Row};
    sqlx::any::install_default_drivers();
    let owner = app.sign_up("owner@acme.ca").await;
    let mut db = sqlx::AnyConnection::connect(&app.database_url).await.unwrap();
    let long_ago = fieldtag_store::now_millis() - 400 * 24 * 60 * 60 * 1000;
    // In one transaction: the maintenance task runs meanwhile, and a session pruned before its
    // refresh token is planted would fail the token's reference.
    let mut tx = db.begin().await.unwrap();
    for insert in EXPIRED_ROWS {
        sqlx::query(insert).bind(long_ago).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let left: i64 = sqlx::query(OLD_ROWS).fetch_one(&mut db).await.unwrap().get(0);
        if left == 0 {
            // What is live stays: the owner's session and login.
            let path = format!("/api/organizations/{}", owner.org_id);
            expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
            expect(app.login(&owner.email, &owner.password).await, StatusCode::OK).await;
            return;
        }
    }
    panic!("expired rows are still there after the maintenance task ran");
}
