//! The `fieldtag` binary itself: starts, answers, stops cleanly on SIGTERM,
//! and says clearly what is wrong with a bad configuration.

use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[tokio::test]
async fn serve_answers_health_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fieldtag"))
        .arg("serve")
        .env("FIELDTAG_PORT", port.to_string())
        .env("FIELDTAG_DATA_DIR", dir.path().join("data"))
        .env_remove("FIELDTAG_DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let url = format!("http://127.0.0.1:{port}/healthz");
    let started = Instant::now();
    let health = loop {
        match reqwest::get(&url).await {
            Ok(response) => break response,
            Err(_) if started.elapsed() < Duration::from_secs(30) => tokio::time::sleep(Duration::from_millis(50)).await,
            Err(error) => panic!("server did not start: {error}"),
        }
    };
    assert_eq!(health.status(), 200);
    assert!(dir.path().join("data/fieldtag.db").exists(), "the SQLite database lives in the data dir");

    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    let stopped = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(stopped.elapsed() < Duration::from_secs(10), "no clean stop within 10 s of SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "graceful shutdown exits 0, got {status}");
}

#[test]
fn bad_configuration_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_fieldtag"))
        .arg("serve")
        .env("FIELDTAG_PORT", free_port().to_string())
        .env("FIELDTAG_DATA_DIR", dir.path())
        .env("FIELDTAG_DATABASE_URL", "mysql://localhost/fieldtag")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unsupported database URL"), "{stderr}");

    let output = Command::new(env!("CARGO_BIN_EXE_fieldtag")).args(["serve", "--port", "not-a-port"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--port"));
}
