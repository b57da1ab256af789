//! The command line besides `serve`: `due` and `alerts`.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn fieldtag() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fieldtag"))
}

/// The first vector of the shared due vectors: its input and what it must give.
fn first_vector() -> (Value, Value) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/due");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let cases: Value = serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    let case = cases.as_array().map(|list| list[0].clone()).unwrap_or_else(|| cases["cases"][0].clone());
    (case["input"].clone(), case["expected"].clone())
}

#[test]
fn due_reads_a_file_or_stdin_and_prints_the_result() {
    let (input, expected) = first_vector();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("input.json");
    std::fs::write(&file, input.to_string()).unwrap();
    let output = fieldtag().args(["due", "--input"]).arg(&file).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(printed, expected);

    let mut child = fieldtag().args(["due", "--input", "-", "--explain"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.to_string().as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let explained: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(explained["inspectionDue"], expected["inspectionDue"]);
    assert!(explained["services"].as_array().unwrap().iter().all(|s| s.get("explain").is_some()), "{explained}");
}

#[test]
fn due_names_the_bad_field_and_exits_2() {
    let (mut input, _) = first_vector();
    input["site"].as_object_mut().unwrap().remove("timeZone");
    let mut child = fieldtag().args(["due", "--input", "-"]).stdin(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.to_string().as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("timeZone is required"), "{stderr}");

    let output = fieldtag().args(["due", "--input", "/nonexistent/input.json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn alerts_are_added_listed_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        fieldtag().arg("alerts").args(args).env("FIELDTAG_DATA_DIR", dir.path()).env_remove("FIELDTAG_DATABASE_URL").output().unwrap()
    };
    let added = run(&["add", "--type", "warning", "Maintenance tonight at 22:00"]);
    assert!(added.status.success(), "{}", String::from_utf8_lossy(&added.stderr));
    let id = String::from_utf8(added.stdout).unwrap().trim().to_string();
    assert_eq!(id.len(), 32);
    let listed = String::from_utf8(run(&["list"]).stdout).unwrap();
    assert_eq!(listed.trim(), format!("{id}\twarning\tMaintenance tonight at 22:00"));
    assert!(run(&["remove", &id]).status.success());
    assert!(String::from_utf8(run(&["list"]).stdout).unwrap().is_empty());
    let again = run(&["remove", &id]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("no alert"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seed_demo_creates_a_living_organisation() {
    let dir = tempfile::tempdir().unwrap();
    let seed = |email: &str| {
        fieldtag()
            .args(["seed-demo", "--email", email, "--password", "demo password 1"])
            .env("FIELDTAG_DATA_DIR", dir.path())
            .env_remove("FIELDTAG_DATABASE_URL")
            .output()
            .unwrap()
    };
    let output = seed("demo@acme.ca");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("Log in as demo@acme.ca"));
    let again = seed("demo@acme.ca");
    assert!(!again.status.success(), "a second demo with the same login is refused");
    assert!(String::from_utf8_lossy(&again.stderr).contains("already has an account"));

    let server =
        fieldtag_server::serve::start(fieldtag_server::config::Config::for_data_dir(dir.path().to_path_buf(), None)).await.unwrap();
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();
    let login: Value = http
        .post(format!("{base}/api/token"))
        .basic_auth("demo@acme.ca", Some("demo password 1"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (token, org_id) = (login["token"].as_str().unwrap(), login["user"]["orgId"].as_str().unwrap());
    let data: Value =
        http.get(format!("{base}/api/organizations/{org_id}/sync")).bearer_auth(token).send().await.unwrap().json().await.unwrap();
    let count = |key: &str| data[key].as_array().map_or(0, Vec::len);
    assert_eq!(count("locations"), 4);
    assert_eq!(count("customers"), 2);
    assert!(count("equipment") >= 20);
    assert_eq!(count("serviceTypes"), 3);
    assert!(count("history") >= 60);
    assert_eq!(count("deficiencies"), 1);
    assert_eq!(count("schedule"), 3);
    let zones: std::collections::BTreeSet<&str> =
        data["locations"].as_array().unwrap().iter().map(|s| s["timeZone"].as_str().unwrap()).collect();
    assert_eq!(zones.len(), 4, "sites in four time zones");
    server.stop().await;
}
