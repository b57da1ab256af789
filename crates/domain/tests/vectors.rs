//! Runs every vector of `testdata/` (shared with the TypeScript twin in `web/src/domain`).
//! A file holds one case `{name, input, expected}` or a list of them; other files are data
//! the cases use (testdata/permissions/actions.json, the action table).

use std::path::{Path, PathBuf};

use fieldtag_domain::actions;
use fieldtag_domain::due;
use fieldtag_domain::lww;
use fieldtag_domain::permission_toggle::toggle;
use fieldtag_domain::permissions::{Permission, grants};
use fieldtag_domain::search;
use serde_json::{Value, json};

fn cases(folder: &str) -> Vec<(String, Value, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("vector file");
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // A file holds one case or a list of them; another file (the action table) is data.
        let list = match value {
            Value::Array(list) => list,
            one if one.get("name").is_some() => vec![one],
            _ => continue,
        };
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        for case in list {
            let name = format!("{stem}: {}", case["name"].as_str().expect("a case has a name"));
            cases.push((name, case["input"].clone(), case["expected"].clone()));
        }
    }
    assert!(!cases.is_empty(), "no vectors in {}", dir.display());
    cases
}

/// Runs each case and reports every failure at once.
fn run(folder: &str, minimum: usize, check: impl Fn(&Value) -> Value) {
    run_part(folder, minimum, |expected| Some(expected.clone()), check);
}

/// [`run`] against the part of each case's `expected` that `part` picks; a case without one
/// is the other twin's (the TypeScript side's) alone.
fn run_part(folder: &str, minimum: usize, part: impl Fn(&Value) -> Option<Value>, check: impl Fn(&Value) -> Value) {
    let cases: Vec<(String, Value, Value)> =
        cases(folder).into_iter().filter_map(|(name, input, expected)| part(&expected).map(|wanted| (name, input, wanted))).collect();
    assert!(cases.len() >= minimum, "{folder}: {} cases, want at least {minimum}", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(name, input, expected)| {
            let actual = check(input);
            (actual != *expected).then(|| format!("{name}\n  expected {expected}\n  actual   {actual}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} {folder} vectors fail:\n{}", failures.len(), cases.len(), failures.join("\n"));
    println!("{folder}: {} vectors pass", cases.len());
}

#[test]
fn due_vectors() {
    run("due", 80, |input| match due::evaluate_json(&input.to_string(), false) {
        Ok(text) => serde_json::from_str(&text).expect("the engine writes JSON"),
        Err(error) => json!({ "error": error.to_string() }),
    });
}

/// A report evaluates its items on every core: each vector, asked for many items at once
/// (some of them not read), answers what it answers alone, in the items' order.
#[test]
fn due_vectors_evaluated_many_at_once() {
    let now = |input: &due::DueInput| input.now.as_deref().and_then(|text| text.parse::<jiff::Timestamp>().ok());
    let mut checked = 0;
    for (name, input, expected) in cases("due") {
        let Ok(input) = serde_json::from_value::<due::DueInput>(input) else { continue };
        let Some(at) = now(&input) else { continue };
        let catalogue = due::Catalogue::new(&input.service_types, &input.location_overrides, &input.service_months);
        let items: Vec<usize> = (0..600).collect();
        let results = due::evaluate_all(&catalogue, &items, |&i| (i % 7 != 3).then(|| (due::EquipmentRecords::of_input(&input), at)));
        assert_eq!(results.len(), items.len(), "{name}");
        for (i, result) in results.into_iter().enumerate() {
            let actual = match result {
                None => {
                    assert_eq!(i % 7, 3, "{name}: item {i} was read");
                    continue;
                }
                Some(Ok(result)) => result.to_json(),
                Some(Err(error)) => json!({ "error": error.to_string() }),
            };
            assert_ne!(i % 7, 3, "{name}: item {i} was not read");
            assert_eq!(actual, expected, "{name}: item {i}");
        }
        checked += 1;
    }
    assert!(checked >= 60, "{checked} due vectors read as inputs");
}

#[test]
fn due_explain_adds_steps_to_every_service() {
    let (_, input, expected) = cases("due").into_iter().find(|(name, ..)| name.contains("service months")).expect("a service-month vector");
    let text = due::evaluate_json(&input.to_string(), true).expect("the vector is valid");
    let explained: Value = serde_json::from_str(&text).expect("JSON");
    for (service, plain) in explained["services"].as_array().unwrap().iter().zip(expected["services"].as_array().unwrap()) {
        assert!(service["explain"].as_array().is_some_and(|steps| !steps.is_empty()), "{service}");
        assert_eq!(service["nextDate"], plain["nextDate"]);
    }
}

#[test]
fn search_vectors() {
    run("search", 10, |input| {
        let fields: Vec<Option<String>> =
            input["fields"].as_array().expect("fields").iter().map(|f| f.as_str().map(str::to_string)).collect();
        json!(search::matches(input["query"].as_str().expect("query"), &fields))
    });
}

fn permission(name: &Value) -> Permission {
    Permission::parse(name.as_str().expect("a permission name")).expect("a known permission")
}

#[test]
fn permission_vectors() {
    run("permissions", 40, |input| {
        if let Some(kind) = input["kind"].as_str() {
            let held: Vec<&str> = input["held"].as_array().expect("held").iter().map(|p| p.as_str().unwrap()).collect();
            let kind = fieldtag_domain::sync_kind::SyncKind::parse(kind).expect("a sync kind");
            let stored = input.get("stored");
            return match actions::may_write(&held, input["userId"].as_str().expect("userId"), kind, &input["record"], stored) {
                Ok(()) => json!("allowed"),
                Err(reason) => json!(reason),
            };
        }
        let held: Vec<String> =
            input["held"].as_array().map(|h| h.iter().map(|p| p.as_str().unwrap().to_string()).collect()).unwrap_or_default();
        if let Some(text) = input["parse"].as_str() {
            json!(Permission::parse(text).map(Permission::constant))
        } else if !input["wanted"].is_null() {
            json!(grants(&held, permission(&input["wanted"])))
        } else {
            json!(toggle(&held, permission(&input["toggle"]), input["on"].as_bool().expect("on")))
        }
    });
}

fn copy(value: &Value) -> lww::Copy<'_> {
    lww::Copy {
        last_updated: value["lastUpdated"].as_str().expect("lastUpdated"),
        deleted: value["deleted"].as_bool().unwrap_or(false),
        data: &value["data"],
    }
}

/// Last-writer-wins: the server's decision between a stored and an uploaded copy, and the stamp
/// a write is kept under. (The device's decision is run by web/src/offline/records.test.ts.)
#[test]
fn lww_vectors() {
    // Copies: the server's decision; receipts: the whole answer.
    let server_part = |expected: &Value| expected.get("server").cloned().or_else(|| expected.get("stored").map(|_| expected.clone()));
    run_part("lww", 12, server_part, |input| {
        if let Some(sent) = input["sent"].as_str() {
            let now: jiff::Timestamp = input["serverNow"].as_str().expect("serverNow").parse().expect("a time");
            let restamped = lww::stamp_on_receipt(sent, now);
            return json!({"stored": restamped.clone().unwrap_or_else(|| sent.to_string()), "restamped": restamped.is_some()});
        }
        let decision = lww::decide(copy(&input["held"]), copy(&input["arriving"]));
        json!(match decision {
            lww::Decision::Incoming => "incoming",
            lww::Decision::Stored => "stored",
            lww::Decision::Same => "same",
        })
    });
}
