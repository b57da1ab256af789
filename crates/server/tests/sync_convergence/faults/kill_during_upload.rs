//! `kill -9` of the server while an upload is on the wire: a file PUT and a large sync
//! PATCH whose bodies stop halfway. After a restart everything acknowledged before is
//! there, the interrupted upload is wholly absent, and the client's retry succeeds.

use std::path::Path;
use std::time::Duration;

use bytes::Bytes;
use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{assert_all_accepted, ids, new_sites, now_ms, seeded};
use crate::calls::{PNG, answer, authed, download_all, expect, http, read_link, sign_up, upload, write_link};
use crate::server::{Database, Engine, ServerProcess};

/// Sends `body` up to `sent` bytes, then nothing more until the connection dies.
fn stalled_body(body: Vec<u8>, sent: usize) -> reqwest::Body {
    let first: Result<Bytes, std::io::Error> = Ok(Bytes::from(body[..sent].to_vec()));
    reqwest::Body::wrap_stream(futures_util::StreamExt::chain(futures_util::stream::iter([first]), futures_util::stream::pending()))
}

/// Every file under `dir`, temporary ones included.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path.display().to_string());
        }
    }
    found.sort();
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_mid_upload_keeps_what_was_acknowledged_and_none_of_the_interrupted_upload() {
    let database = Database::create(Engine::Sqlite).await;
    let mut server = ServerProcess::start(&database, "server0").await;
    let http = http();
    let owner = sign_up(&http, &server.base, "owner@kill.fieldtag.test").await;
    let mut rng = seeded(0x6b11);

    // Acknowledged before the kill: a batch of sites and a logo.
    let acknowledged = new_sites(&mut rng, &owner.org_id, 50, now_ms());
    let answer_of =
        expect(upload(&http, &server.base, &owner, &json!({"locations": acknowledged})).await.unwrap(), StatusCode::OK, "batch").await;
    assert_all_accepted(&answer_of, "locations", 50, "acknowledged batch");
    let (url, kept_file) = write_link(&http, &server.base, &owner).await;
    expect(http.put(&url).body(PNG).send().await.unwrap(), StatusCode::OK, "acknowledged upload").await;

    // A 2 MiB logo whose body stops after 1 MiB, and a 3,000-site batch that stops at 60 %.
    let mut logo = PNG.to_vec();
    logo.resize(2 << 20, 7);
    let (logo_url, logo_name) = write_link(&http, &server.base, &owner).await;
    let interrupted_batch = new_sites(&mut rng, &owner.org_id, 3_000, now_ms());
    let batch_body = serde_json::to_vec(&json!({"locations": interrupted_batch})).unwrap();
    let sync_path = format!("/api/organizations/{}/sync", owner.org_id);
    let put = http.put(&logo_url).header("content-length", logo.len()).body(stalled_body(logo.clone(), 1 << 20)).send();
    let patch = authed(&http, &server.base, Method::PATCH, &sync_path, &owner.token)
        .header("content-type", "application/json")
        .header("content-length", batch_body.len())
        .body(stalled_body(batch_body.clone(), batch_body.len() * 6 / 10))
        .send();
    let in_flight = tokio::spawn(async move { (put.await, patch.await) });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!in_flight.is_finished(), "both uploads are still on the wire when the server dies");
    server.kill();
    let (put, patch) = in_flight.await.unwrap();
    assert!(put.is_err() && patch.is_err(), "a killed server sends no answer: {put:?} {patch:?}");
    server.restart().await;

    // Everything acknowledged is there; nothing of the interrupted uploads is.
    let stored = download_all(&http, &server.base, &owner, "locations").await;
    for id in ids(&acknowledged) {
        assert!(stored.contains_key(&id), "acknowledged site {id} survived the kill");
    }
    let half: Vec<String> = ids(&interrupted_batch).into_iter().filter(|id| stored.contains_key(id)).collect();
    assert_eq!(half.len(), 0, "no part of the interrupted batch is stored");
    assert_eq!(stored.len(), 50);
    let org_files = database.data_dir("server0").join("files").join(&owner.org_id);
    let kept_path = org_files.join(&kept_file).display().to_string();
    assert_eq!(files_under(&org_files), vec![kept_path], "the acknowledged logo, and no part or temporary copy of the other");
    let read = read_link(&http, &server.base, &owner, &logo_name).await;
    assert_eq!(http.get(&read).send().await.unwrap().status(), StatusCode::NOT_FOUND, "the interrupted logo is absent");
    let read = read_link(&http, &server.base, &owner, &kept_file).await;
    assert_eq!(http.get(&read).send().await.unwrap().bytes().await.unwrap().as_ref(), PNG);

    // The client's retries succeed: the same upload link, the same batch.
    expect(http.put(&logo_url).body(logo.clone()).send().await.unwrap(), StatusCode::OK, "retried upload").await;
    let read = read_link(&http, &server.base, &owner, &logo_name).await;
    assert_eq!(http.get(&read).send().await.unwrap().bytes().await.unwrap().as_ref(), logo.as_slice());
    let response = authed(&http, &server.base, Method::PATCH, &sync_path, &owner.token)
        .header("content-type", "application/json")
        .body(batch_body)
        .send()
        .await
        .unwrap();
    let (status, retried) = answer(response).await;
    assert_eq!(status, StatusCode::OK, "{retried}");
    assert_all_accepted(&retried, "locations", 3_000, "retried batch");
    assert_eq!(download_all(&http, &server.base, &owner, "locations").await.len(), 3_050);
}
