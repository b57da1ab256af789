//! The S3 file store against moto's server, a local fake S3 speaking the real protocol:
//! uploads through the server land in the bucket, read links are presigned URLs the fake
//! answers, a name is written once (a conditional put), and refused uploads store nothing.
//!
//! `make test` installs moto (scripts/ensure-fake-s3.sh) and names its `moto_server` in
//! FIELDTAG_TEST_MOTO; a plain `cargo test` without it skips these tests, saying so.
//! On SQLite only: the S3 part never touches the database (only the link-signing secret
//! lives there, and the local-disk tests in files.rs cover it on both engines).
//!
//! What moto cannot show: it checks no signature (unsigned requests work too), so an
//! altered presigned link is not refused; and its `If-None-Match: *` is a check then a
//! write, not atomic, so two racing uploads would test moto rather than us.

use std::io::Write;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fieldtag_server::config::Config;
use futures_util::TryStreamExt;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::{Attribute, ObjectStore};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{Account, Engine, TestApp, expect, expect_error, jpeg, png};

const TEN_MIB: usize = 10 * 1024 * 1024;
const BUCKET: &str = "fieldtag-files";
const REGION: &str = "eu-west-1";
const KEY_ID: &str = "fieldtag-test-key";
const SECRET: &str = "fieldtag-test-secret";

/// A `moto_server` on a free port of 127.0.0.1, stopped when dropped.
struct FakeS3 {
    child: Child,
    endpoint: String,
    /// What moto printed, shown when it does not start.
    log: tempfile::NamedTempFile,
}

impl Drop for FakeS3 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl FakeS3 {
    /// moto on a free port, with an empty bucket; None (and a message) when FIELDTAG_TEST_MOTO is unset.
    async fn start(test: &str) -> Option<FakeS3> {
        let Some(moto) = std::env::var_os("FIELDTAG_TEST_MOTO") else {
            // Straight to stderr: libtest hides a passing test's `eprintln!`.
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED files_s3::{test}: FIELDTAG_TEST_MOTO is not set. `make test` sets it; by hand: \
                 FIELDTAG_TEST_MOTO=$(scripts/ensure-fake-s3.sh) cargo test -p fieldtag-server --test api files_s3"
            );
            return None;
        };
        let http = reqwest::Client::new();
        // A port that was free a moment ago may be taken before moto binds it: try a few.
        let mut last_log = String::new();
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            let log = tempfile::NamedTempFile::new().unwrap();
            let child = Command::new(&moto)
                .args(["-H", "127.0.0.1", "-p", &port.to_string()])
                .stdin(Stdio::null())
                .stdout(log.reopen().unwrap())
                .stderr(log.reopen().unwrap())
                .spawn()
                .unwrap_or_else(|error| panic!("cannot start FIELDTAG_TEST_MOTO={}: {error}", moto.to_string_lossy()));
            let mut fake = FakeS3 { child, endpoint: format!("http://127.0.0.1:{port}"), log };
            let started = Instant::now();
            while started.elapsed() < Duration::from_secs(60) {
                if fake.child.try_wait().unwrap().is_some() {
                    break;
                }
                if http.get(format!("{}/moto-api/", fake.endpoint)).send().await.is_ok() {
                    // The bucket, made as any S3 client would (moto takes unsigned requests).
                    let made = http.put(format!("{}/{BUCKET}", fake.endpoint)).send().await.unwrap();
                    assert!(made.status().is_success(), "create bucket: {}", made.text().await.unwrap());
                    return Some(fake);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let _ = fake.child.kill();
            last_log = std::fs::read_to_string(fake.log.path()).unwrap_or_default();
        }
        panic!("moto_server ({}) did not start; it printed:\n{last_log}", moto.to_string_lossy());
    }

    /// The bucket as the server sees it.
    fn bucket(&self) -> AmazonS3 {
        AmazonS3Builder::new()
            .with_bucket_name(BUCKET)
            .with_endpoint(&self.endpoint)
            .with_allow_http(true)
            .with_region(REGION)
            .with_access_key_id(KEY_ID)
            .with_secret_access_key(SECRET)
            .build()
            .unwrap()
    }

    /// Every key in the bucket.
    async fn keys(&self) -> Vec<String> {
        let listed: Vec<_> = self.bucket().list(None).try_collect().await.unwrap();
        let mut keys: Vec<String> = listed.into_iter().map(|object| object.location.to_string()).collect();
        keys.sort();
        keys
    }

    /// A Fieldtag server keeping its files in this bucket.
    async fn app(&self) -> TestApp {
        let endpoint = self.endpoint.clone();
        TestApp::spawn_with(Engine::Sqlite, move |config: &mut Config| {
            config.files.s3_bucket = Some(BUCKET.into());
            config.files.s3_endpoint = Some(endpoint);
            config.files.s3_region = Some(REGION.into());
            config.files.s3_access_key_id = Some(KEY_ID.into());
            config.files.s3_secret_access_key = Some(SECRET.into());
        })
        .await
    }
}

async fn signed_url(app: &TestApp, caller: &Account, body: Value) -> Value {
    let response = app
        .authed(Method::POST, &format!("/api/organizations/{}/signed-urls", caller.org_id), &caller.token)
        .json(&body)
        .send()
        .await
        .unwrap();
    expect(response, StatusCode::OK).await
}

/// `{url, fileName}` of a write link: a path on the server, as with local disk.
async fn write_link(app: &TestApp, caller: &Account, folder: &str, content_type: &str) -> (String, String) {
    let answer = signed_url(app, caller, json!({"action": "write", "folderName": folder, "contentType": content_type})).await;
    let path = answer["url"].as_str().unwrap();
    assert!(path.starts_with("/api/files/"), "uploads come through the server: {path}");
    (format!("{}{path}", app.base), answer["fileName"].as_str().unwrap().to_string())
}

/// A read link: presigned by the store, absolute.
async fn read_link(app: &TestApp, caller: &Account, file_name: &str) -> String {
    let answer = signed_url(app, caller, json!({"action": "read", "fileName": file_name})).await;
    assert_eq!(answer["fileName"], file_name);
    answer["url"].as_str().unwrap().to_string()
}

async fn put(app: &TestApp, url: &str, body: impl Into<reqwest::Body>) -> reqwest::Response {
    app.http.put(url).header(header::CONTENT_TYPE, "application/octet-stream").body(body).send().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_image_goes_into_the_bucket_and_comes_back_from_it() {
    let Some(s3) = FakeS3::start("an_image_goes_into_the_bucket_and_comes_back_from_it").await else { return };
    let app = s3.app().await;
    let owner = app.sign_up("owner@acme.ca").await;

    let (url, file_name) = write_link(&app, &owner, "logos", "image/png").await;
    let uploaded = expect(put(&app, &url, png()).await, StatusCode::OK).await;
    assert_eq!(uploaded["fileName"], file_name.as_str());
    let key = format!("{}/{file_name}", owner.org_id);
    assert_eq!(s3.keys().await, vec![key.clone()], "kept as {{orgId}}/{{folder}}/{{name}}");
    let stored = s3.bucket().get(&key.as_str().into()).await.unwrap();
    assert_eq!(stored.attributes.get(&Attribute::ContentType).map(|v| v.as_ref()), Some("image/png"));
    assert_eq!(stored.attributes.get(&Attribute::CacheControl).map(|v| v.as_ref()), Some("private, max-age=31536000, immutable"));
    assert_eq!(stored.bytes().await.unwrap(), png());
    assert!(!app.data_dir().join("files").exists(), "nothing on local disk");

    let read = read_link(&app, &owner, &file_name).await;
    assert!(read.starts_with(&format!("{}/{BUCKET}/{key}?", s3.endpoint)), "{read}");
    assert!(read.contains("X-Amz-Signature="), "{read}");
    let response = app.http.get(&read).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(response.headers()[header::CACHE_CONTROL], "private, max-age=31536000, immutable");
    assert_eq!(response.bytes().await.unwrap(), png());

    // moto checks no signature (it takes unsigned requests too), so an altered presigned link
    // cannot be shown to fail here: the unit test in files/mod.rs pins the link's SigV4 parts.

    // Written once: a second upload to the name is refused and the first bytes stay.
    let mut again = png().to_vec();
    again.extend_from_slice(b" but different");
    let refused = put(&app, &url, again).await;
    expect_error(refused, StatusCode::CONFLICT, "FileExists", "This file has already been uploaded: ask for a new upload link").await;
    assert_eq!(s3.bucket().get(&key.as_str().into()).await.unwrap().bytes().await.unwrap(), png());

    // A JPEG, and the largest file allowed.
    let (url, file_name) = write_link(&app, &owner, "floor-plans", "image/jpeg").await;
    let mut largest = vec![7u8; TEN_MIB];
    largest[..jpeg().len()].copy_from_slice(jpeg());
    expect(put(&app, &url, largest.clone()).await, StatusCode::OK).await;
    let response = app.http.get(read_link(&app, &owner, &file_name).await).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/jpeg");
    assert!(response.bytes().await.unwrap() == largest, "10 MiB come back whole");

    // A genuine read link to a file never uploaded: the store answers 404.
    let missing = read_link(&app, &owner, "logos/0123456789abcdef0123456789abcdef.png").await;
    assert_eq!(app.http.get(&missing).send().await.unwrap().status(), StatusCode::NOT_FOUND);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_uploads_leave_the_bucket_empty() {
    let Some(s3) = FakeS3::start("refused_uploads_leave_the_bucket_empty").await else { return };
    let app = s3.app().await;
    let owner = app.sign_up("owner@acme.ca").await;
    let (png_url, _) = write_link(&app, &owner, "logos", "image/png").await;
    let (jpeg_url, _) = write_link(&app, &owner, "letter-heads", "image/jpeg").await;

    let not_png = "The file is not a PNG image: this link takes image/png";
    for body in [jpeg(), b"hello".as_slice(), b"".as_slice()] {
        expect_error(put(&app, &png_url, body).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "WrongFileType", not_png).await;
    }
    let not_jpeg = "The file is not a JPEG image: this link takes image/jpeg";
    expect_error(put(&app, &jpeg_url, png()).await, StatusCode::UNSUPPORTED_MEDIA_TYPE, "WrongFileType", not_jpeg).await;

    let too_large = "The file is larger than the limit of 10 MiB";
    let mut too_big = vec![0u8; TEN_MIB + 1];
    too_big[..png().len()].copy_from_slice(png());
    expect_error(put(&app, &png_url, too_big.clone()).await, StatusCode::PAYLOAD_TOO_LARGE, "FileTooLarge", too_large).await;
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = too_big.chunks(1024 * 1024).map(|chunk| Ok(chunk.to_vec())).collect();
    let streamed = reqwest::Body::wrap_stream(futures_util::stream::iter(chunks));
    expect_error(put(&app, &png_url, streamed).await, StatusCode::PAYLOAD_TOO_LARGE, "FileTooLarge", too_large).await;

    let (path, query) = png_url.split_once('?').unwrap();
    let forged = format!("{path}?{}", query.replace("signature=", "signature=0"));
    let invalid = "This file link is not valid: ask for a new one";
    expect_error(put(&app, &forged, png()).await, StatusCode::FORBIDDEN, "InvalidSignature", invalid).await;

    assert_eq!(s3.keys().await, Vec::<String>::new(), "a refused upload stores nothing");
    expect(put(&app, &png_url, png()).await, StatusCode::OK).await;
    assert_eq!(s3.keys().await.len(), 1);
    app.stop().await;
}

/// A photo or signature uploaded under a device's name; answers the name.
async fn upload_evidence(app: &TestApp, caller: &Account, folder: &str) -> String {
    let (extension, content_type, bytes) = if folder == "signatures" { ("png", "image/png", png()) } else { ("jpg", "image/jpeg", jpeg()) };
    let file_name = format!("{folder}/{}.{extension}", fieldtag_store::new_id());
    let body = json!({"action": "write", "folderName": folder, "contentType": content_type, "fileName": file_name});
    let url = format!("{}{}", app.base, signed_url(app, caller, body).await["url"].as_str().unwrap());
    expect(put(app, &url, bytes).await, StatusCode::OK).await;
    file_name
}

/// The sweep reads each object's last_modified from the bucket's listing (moto's own clock, so
/// the sweep is asked as of 31 days from now rather than the objects aged), and the export lists
/// the bucket's objects of the organisation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_and_the_export_read_the_bucket() {
    let Some(s3) = FakeS3::start("the_sweep_and_the_export_read_the_bucket").await else { return };
    let app = s3.app().await;
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let named = upload_evidence(&app, &owner, "photos").await;
    let unnamed = upload_evidence(&app, &owner, "photos").await;
    let unsigned = upload_evidence(&app, &owner, "signatures").await;
    let theirs = upload_evidence(&app, &rival, "photos").await;
    let (url, logo) = write_link(&app, &owner, "logos", "image/png").await;
    expect(put(&app, &url, png()).await, StatusCode::OK).await;
    let id = fieldtag_store::new_id();
    let data =
        json!({"id": id, "orgId": owner.org_id, "description": "Corroded valve", "photos": [named], "lastUpdated": "2026-01-05T10:00:00Z"});
    app.store.put_entity(&owner.org_id, "deficiencies", &id, &data).await.unwrap();

    let state = app.state();
    assert_eq!(state.files.sweep_evidence(&state.store, jiff::Timestamp::now()).await.unwrap(), 0, "all younger than the grace");
    let later = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(31 * 24);
    assert_eq!(state.files.sweep_evidence(&state.store, later).await.unwrap(), 3);
    let mut kept = vec![format!("{}/{named}", owner.org_id), format!("{}/{logo}", owner.org_id)];
    kept.sort();
    assert_eq!(s3.keys().await, kept, "{unnamed}, {unsigned} and the rival's {theirs} are gone");

    let path = format!("/api/organizations/{}/export", owner.org_id);
    let export = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    let mut listed: Vec<(String, u64)> = export["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|file| (file["fileName"].as_str().unwrap().to_string(), file["bytes"].as_u64().unwrap()))
        .collect();
    listed.sort();
    let mut expected = vec![(named, jpeg().len() as u64), (logo, png().len() as u64)];
    expected.sort();
    assert_eq!(listed, expected);
    app.stop().await;
}
