//! Operations: `fieldtag backup`, `restore` and `new-epoch`, the server epoch that sync cursors
//! carry, and `/metrics`.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use fieldtag_server::config::Config;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::Connection;

use crate::common::{Account, Engine, TestApp, expect, expect_error};

crate::on_both_engines!(an_old_epoch_cursor_is_refused_and_a_full_download_follows, metrics_count_requests_and_sync_batches);

fn fieldtag(data_dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fieldtag"));
    command.env("FIELDTAG_DATA_DIR", data_dir).env_remove("FIELDTAG_DATABASE_URL");
    command
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn site(org: &str, n: usize) -> Value {
    json!({"id": format!("{n:032x}"), "orgId": org, "name": format!("Site {n}"), "status": "active", "timeZone": "America/Toronto", "lastUpdated": "2026-11-20T10:00:00Z", "deleted": false})
}

async fn upload_sites(app: &TestApp, account: &Account, sites: std::ops::Range<usize>) {
    let body = json!({"locations": sites.map(|n| site(&account.org_id, n)).collect::<Vec<_>>()});
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let answer = expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    assert!(answer["locations"].as_array().unwrap().iter().all(|a| a["status"] == "accepted"), "{answer}");
}

async fn download(app: &TestApp, account: &Account, query: &str) -> reqwest::Response {
    let path = format!("/api/organizations/{}/sync{query}", account.org_id);
    app.authed(Method::GET, &path, &account.token).send().await.unwrap()
}

async fn an_old_epoch_cursor_is_refused_and_a_full_download_follows(app: &TestApp) {
    let account = app.sign_up("epoch@acme.ca").await;
    upload_sites(app, &account, 1..4).await;
    let first = expect(download(app, &account, "").await, StatusCode::OK).await;
    let (cursor, epoch) = (first["cursor"].as_i64().unwrap(), first["serverEpoch"].as_str().unwrap().to_string());
    assert_eq!(epoch.len(), 32, "{first}");
    assert!(cursor > 0);
    // Same epoch: the cursor counts.
    let same = expect(download(app, &account, &format!("?cursor={cursor}&serverEpoch={epoch}")).await, StatusCode::OK).await;
    assert_eq!(same["locations"], json!([]));
    assert_eq!(same["serverEpoch"], epoch.as_str());

    let renewed = app.store.new_server_epoch().await.unwrap();
    assert_ne!(renewed, epoch);
    expect_error(
        download(app, &account, &format!("?cursor={cursor}&serverEpoch={epoch}")).await,
        StatusCode::CONFLICT,
        "ServerEpochChanged",
        "The server was restored from a backup since this cursor was given: download everything again from cursor 0",
    )
    .await;
    // A client that sends no epoch (older) is answered as before.
    let older = expect(download(app, &account, &format!("?cursor={cursor}")).await, StatusCode::OK).await;
    assert_eq!(older["serverEpoch"], renewed.as_str());
    // From 0 the old epoch does not matter: everything comes down, under the new epoch.
    let again = expect(download(app, &account, &format!("?cursor=0&serverEpoch={epoch}")).await, StatusCode::OK).await;
    assert_eq!(again["locations"].as_array().unwrap().len(), 3);
    assert_eq!(again["serverEpoch"], renewed.as_str());
    let next = expect(download(app, &account, &format!("?cursor={}&serverEpoch={renewed}", again["cursor"])).await, StatusCode::OK).await;
    assert_eq!(next["locations"], json!([]));
}

/// `name{labels} value` lines of a Prometheus text answer, by name and sorted labels.
fn parse_metrics(text: &str) -> BTreeMap<String, f64> {
    let mut figures = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("not a sample: {line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("not a number: {line}"));
        let series = match series.split_once('{') {
            Some((name, labels)) => {
                let mut labels: Vec<&str> = labels.trim_end_matches('}').split(',').filter(|l| !l.is_empty()).collect();
                labels.sort();
                format!("{name}{{{}}}", labels.join(","))
            }
            None => series.to_string(),
        };
        figures.insert(series, value);
    }
    figures
}

async fn scrape(app: &TestApp) -> BTreeMap<String, f64> {
    let response = app.request(Method::GET, "/metrics").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    parse_metrics(&response.text().await.unwrap())
}

fn figure(figures: &BTreeMap<String, f64>, series: &str) -> f64 {
    figures.get(series).copied().unwrap_or(0.0)
}

async fn metrics_count_requests_and_sync_batches(app: &TestApp) {
    let account = app.sign_up("metrics@acme.ca").await;
    let before = scrape(app).await;
    let sync_route = "/api/organizations/{orgId}/sync";
    for _ in 0..3 {
        expect(download(app, &account, "").await, StatusCode::OK).await;
    }
    upload_sites(app, &account, 1..6).await;
    expect(download(app, &account, "?cursor=-1").await, StatusCode::BAD_REQUEST).await;
    let after = scrape(app).await;
    // Other tests in this process count too: the figures grow by at least what this one did.
    let grew = |series: &str| figure(&after, series) - figure(&before, series);
    let downloads = format!("fieldtag_http_requests_total{{method=\"GET\",route=\"{sync_route}\",status=\"200\"}}");
    assert!(grew(&downloads) >= 3.0, "{downloads}: {after:?}");
    let refused = format!("fieldtag_http_requests_total{{method=\"GET\",route=\"{sync_route}\",status=\"400\"}}");
    assert!(grew(&refused) >= 1.0);
    let uploads = format!("fieldtag_http_requests_total{{method=\"PATCH\",route=\"{sync_route}\",status=\"200\"}}");
    assert!(grew(&uploads) >= 1.0);
    let timed = format!("fieldtag_http_request_duration_seconds_count{{method=\"GET\",route=\"{sync_route}\"}}");
    assert!(grew(&timed) >= 4.0);
    let slowest_bucket = format!("fieldtag_http_request_duration_seconds_bucket{{le=\"+Inf\",method=\"GET\",route=\"{sync_route}\"}}");
    assert_eq!(figure(&after, &slowest_bucket), figure(&after, &timed), "every request falls in the +Inf bucket");
    assert!(grew("fieldtag_sync_batches_total{direction=\"down\"}") >= 3.0);
    assert!(grew("fieldtag_sync_batches_total{direction=\"up\"}") >= 1.0);
    assert!(grew("fieldtag_sync_records_total{direction=\"up\"}") >= 5.0);
    assert!(grew("fieldtag_sync_records_total{direction=\"down\"}") >= 5.0, "the first download brought the owner's records down");
    assert_eq!(after.get("fieldtag_import_jobs_waiting"), Some(&0.0));

    // Without a token, only direct connections from this machine.
    let forwarded = app.request(Method::GET, "/metrics").header("X-Forwarded-For", "203.0.113.9").send().await.unwrap();
    assert_eq!(forwarded.status(), StatusCode::FORBIDDEN);
}

/// A server with `FIELDTAG_METRICS_TOKEN` set.
mod with_token {
    use reqwest::{Method, StatusCode};

    use crate::common::TestApp;

    crate::on_both_engines!(configure = with_metrics_token; metrics_need_the_token_when_one_is_set);

    fn with_metrics_token(config: &mut fieldtag_server::config::Config) {
        config.metrics_token = Some("scrape-me-please".into());
    }

    async fn metrics_need_the_token_when_one_is_set(app: &TestApp) {
        let refused = app.request(Method::GET, "/metrics").send().await.unwrap();
        assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
        let wrong = app.request(Method::GET, "/metrics").bearer_auth("scrape-me").send().await.unwrap();
        assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
        let allowed = app
            .request(Method::GET, "/metrics")
            .bearer_auth("scrape-me-please")
            .header("X-Forwarded-For", "203.0.113.9")
            .send()
            .await
            .unwrap();
        assert_eq!(allowed.status(), StatusCode::OK);
        assert!(allowed.text().await.unwrap().contains("fieldtag_import_jobs_waiting 0"));
    }
}

/// The import queue is read from the database at each scrape.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_show_the_import_queue() {
    let app = TestApp::spawn(Engine::Sqlite).await;
    let account = app.sign_up("queue@acme.ca").await;
    let mut db = sqlx::SqliteConnection::connect(&format!("sqlite://{}", app.data_dir().join("fieldtag.db").display())).await.unwrap();
    for (n, completed) in [(1, None), (2, None), (3, Some("2026-11-23T10:00:00Z"))] {
        sqlx::query("INSERT INTO imports (id, org_id, source, request, context_id, user_id, date_started, date_completed) VALUES ($1, $2, 'csv', '{}', $3, $4, '2026-11-23T09:00:00Z', $5)")
            .bind(format!("{n:032x}"))
            .bind(&account.org_id)
            .bind(fieldtag_store::new_id())
            .bind(&account.user_id)
            .bind(completed)
            .execute(&mut db)
            .await
            .unwrap();
    }
    assert_eq!(scrape(&app).await.get("fieldtag_import_jobs_waiting"), Some(&2.0));
    app.stop().await;
}

/// A server of this test's own on `data_dir`, which outlives it (TestApp's folder does not).
struct Server {
    running: fieldtag_server::serve::RunningServer,
    http: reqwest::Client,
    base: String,
}

impl Server {
    async fn start(data_dir: &Path) -> Server {
        let running = fieldtag_server::serve::start(Config::for_data_dir(data_dir.to_path_buf(), None)).await.unwrap();
        Server { base: format!("http://{}", running.addr), running, http: reqwest::Client::new() }
    }

    async fn sign_up(&self, email: &str) -> (String, String) {
        let body = json!({"name": "Owner", "email": email, "password": "correct horse battery", "organizationName": "Backups Inc.", "plan": "Basic", "acceptedTermsVersion": "1.0.1"});
        let answer: Value = self.http.post(format!("{}/api/users", self.base)).json(&body).send().await.unwrap().json().await.unwrap();
        (answer["user"]["orgId"].as_str().unwrap().to_string(), answer["token"].as_str().unwrap().to_string())
    }

    async fn upload(&self, org: &str, token: &str, sites: impl Iterator<Item = usize>) {
        let body = json!({"locations": sites.map(|n| site(org, n)).collect::<Vec<_>>()});
        let response =
            self.http.patch(format!("{}/api/organizations/{org}/sync", self.base)).bearer_auth(token).json(&body).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }

    async fn download(&self, org: &str, token: &str, query: &str) -> reqwest::Response {
        self.http.get(format!("{}/api/organizations/{org}/sync{query}", self.base)).bearer_auth(token).send().await.unwrap()
    }
}

/// Backup while uploads go on, restore refused while the server runs, restore once stopped:
/// the restored server has the backup's records and a new epoch, which a client cursor sees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_while_writing_then_restore_gives_a_new_epoch() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    let server = Server::start(&data_dir).await;
    let (org, token) = server.sign_up("backup@acme.ca").await;
    server.upload(&org, &token, 0..10).await;
    let before: Value = server.download(&org, &token, "").await.json().await.unwrap();
    let (old_cursor, old_epoch) = (before["cursor"].as_i64().unwrap(), before["serverEpoch"].as_str().unwrap().to_string());

    let backup = dir.path().join("fieldtag-backup.db");
    // Uploads go on while the backup is taken; the copy must be one consistent moment.
    let server = std::sync::Arc::new(server);
    let writer = {
        let (server, org, token) = (server.clone(), org.clone(), token.clone());
        tokio::spawn(async move {
            for batch in 0..20 {
                server.upload(&org, &token, (0..5).map(|i| 100 + batch * 5 + i)).await;
            }
        })
    };
    let output = tokio::task::spawn_blocking({
        let (data_dir, backup) = (data_dir.clone(), backup.clone());
        move || fieldtag(&data_dir).arg("backup").arg(&backup).output().unwrap()
    })
    .await
    .unwrap();
    writer.await.unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("backed up to"));

    // Consistent: the organisation's version counter matches the newest record in the copy.
    let mut copy = sqlx::SqliteConnection::connect(&format!("sqlite://{}?mode=ro", backup.display())).await.unwrap();
    let (counter, newest, sites): (i64, i64, i64) = sqlx::query_as(
        "SELECT o.version, (SELECT MAX(version) FROM records WHERE org_id = o.id), \
         (SELECT COUNT(*) FROM records WHERE org_id = o.id AND kind = 'locations') FROM organizations o WHERE o.id = $1",
    )
    .bind(&org)
    .fetch_one(&mut copy)
    .await
    .unwrap();
    copy.close().await.unwrap();
    assert_eq!(counter, newest, "the counter and the records are from the same moment");
    assert!((10..=110).contains(&sites), "{sites}");
    assert_eq!((sites - 10) % 5, 0, "each upload batch is wholly in the backup or not at all: {sites}");

    let again = fieldtag(&data_dir).arg("backup").arg(&backup).output().unwrap();
    assert!(!again.status.success());
    assert!(stderr(&again).contains("already exists"), "{}", stderr(&again));
    let postgres = fieldtag(&data_dir)
        .args(["backup", "--database-url", "postgres://localhost/fieldtag"])
        .arg(dir.path().join("pg.db"))
        .output()
        .unwrap();
    assert!(!postgres.status.success());
    assert!(stderr(&postgres).contains("pg_dump"), "{}", stderr(&postgres));

    // Restore refuses while the server has the database open, and refuses files that are not ours.
    let busy = fieldtag(&data_dir).arg("restore").arg(&backup).output().unwrap();
    assert!(!busy.status.success());
    assert!(stderr(&busy).contains("is in use"), "{}", stderr(&busy));
    let stranger = dir.path().join("stranger.db");
    let mut other = sqlx::SqliteConnection::connect(&format!("sqlite://{}?mode=rwc", stranger.display())).await.unwrap();
    sqlx::query("CREATE TABLE notes (body TEXT)").execute(&mut other).await.unwrap();
    other.close().await.unwrap();
    let refused = fieldtag(&data_dir).arg("restore").arg(&stranger).output().unwrap();
    assert!(stderr(&refused).contains("is not a Fieldtag database: it has no migrations table"), "{}", stderr(&refused));
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "hello, not a database").unwrap();
    let refused = fieldtag(&data_dir).arg("restore").arg(&text).output().unwrap();
    assert!(stderr(&refused).contains("is not a Fieldtag database"), "{}", stderr(&refused));

    let live: Value = server.download(&org, &token, "").await.json().await.unwrap();
    assert_eq!(live["locations"].as_array().unwrap().len(), 110);
    let Ok(server) = std::sync::Arc::try_unwrap(server) else { panic!("the writer is done") };
    server.running.stop().await;

    let restored = fieldtag(&data_dir).arg("restore").arg(&backup).output().unwrap();
    assert!(restored.status.success(), "{}", stderr(&restored));
    assert!(String::from_utf8_lossy(&restored.stdout).contains("new server epoch"));

    let server = Server::start(&data_dir).await;
    // The client's cursor counted versions of the old history: it is told so.
    let stale = server.download(&org, &token, &format!("?cursor={old_cursor}&serverEpoch={old_epoch}")).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    assert_eq!(stale.json::<Value>().await.unwrap()["code"], "ServerEpochChanged");
    let full: Value = server.download(&org, &token, "?cursor=0").await.json().await.unwrap();
    assert_eq!(full["locations"].as_array().unwrap().len() as i64, sites, "the backup's records, no more");
    assert_ne!(full["serverEpoch"], old_epoch.as_str());
    server.running.stop().await;

    // new-epoch (after a restore by other means) works on a stopped or running server alike.
    let renewed = fieldtag(&data_dir).arg("new-epoch").output().unwrap();
    assert!(renewed.status.success(), "{}", stderr(&renewed));
    assert!(!String::from_utf8_lossy(&renewed.stdout).contains(full["serverEpoch"].as_str().unwrap()));
}
