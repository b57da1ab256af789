//! Hostile sync uploads (docs/security.md): proptest builds PATCH bodies of arbitrary shape
//! (unknown and odd keys, lists of anything, valid records with one field set to anything,
//! huge and negative numbers, odd strings, wrong types) and sends them through the HTTP
//! route. Never a 5xx: a bad body is refused whole with a 4xx and a message, a bad record
//! gets its own `rejected` answer with a reason, and a good record is stored and comes down.
//! (The record check itself is fuzzed in crates/domain/tests/records.rs.)

use fieldtag_domain::sync_kind::SyncKind;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};
use reqwest::{Method, StatusCode};
use serde_json::{Map, Value, json};

use crate::common::{Account, TestApp, expect};
use crate::sync_kinds::sample;

crate::on_both_engines!(hostile_sync_uploads_are_answered_never_a_server_error, good_records_with_unknown_fields_are_stored);

/// Bodies per engine: a few seconds.
const CASES: u32 = 120;

fn uploadable() -> Vec<SyncKind> {
    SyncKind::ALL.into_iter().filter(|kind| *kind != SyncKind::GlobalAlerts).collect()
}

fn odd_string() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("\u{0}\u{1b}[31m\r\n".to_string()),
        Just("\u{202e}gpj.exe".to_string()),
        Just("<script>alert(1)</script>".to_string()),
        Just("'; DROP TABLE records; --".to_string()),
        Just("9".repeat(400)),
        Just("2026-02-30T25:61:00Z".to_string()),
        "[a-f0-9]{32}",
        "\\PC{0,30}",
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop_oneof![Just(1e308), Just(-1e308), Just(-0.0), any::<f64>()]
            .prop_filter_map("JSON has no NaN or infinity", |f| serde_json::Number::from_f64(f).map(Value::Number)),
        odd_string().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
            prop::collection::btree_map(odd_string(), inner, 0..5).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A valid record of some kind with one of its fields (or a new one) set to anything.
fn damaged_record(owner: Account, site: String) -> impl Strategy<Value = (SyncKind, Value)> {
    (prop::sample::select(uploadable()), 0usize..20, any_json()).prop_map(move |(kind, field, value)| {
        let mut record = sample(kind, &owner, &site, "2030-01-01T00:00:00Z");
        let fields = record.as_object_mut().unwrap();
        let name = fields.keys().nth(field).cloned().unwrap_or_else(|| format!("unknown{field}"));
        fields.insert(name, value);
        (kind, record)
    })
}

/// A whole PATCH body: mostly real sync keys with damaged records, sometimes junk.
fn hostile_body(owner: Account, site: String) -> impl Strategy<Value = Value> {
    let keys = uploadable().into_iter().map(|kind| kind.key().to_string()).collect::<Vec<_>>();
    let entry = prop_oneof![
        6 => prop::collection::vec(damaged_record(owner, site), 1..4).prop_map(|records| {
            let mut lists = Map::new();
            for (kind, record) in records {
                lists.entry(kind.key()).or_insert_with(|| json!([])).as_array_mut().unwrap().push(record);
            }
            lists
        }),
        2 => (prop::sample::select(keys), prop::collection::vec(any_json(), 0..4))
            .prop_map(|(key, list)| Map::from_iter([(key, Value::from(list))])),
        1 => (prop_oneof![odd_string(), Just("globalAlerts".to_string())], any_json())
            .prop_map(|(key, value)| Map::from_iter([(key, value)])),
        1 => (prop::sample::select(uploadable()), any_json())
            .prop_map(|(kind, value)| Map::from_iter([(kind.key().to_string(), value)])),
    ];
    prop_oneof![9 => entry.prop_map(Value::Object), 1 => any_json()]
}

async fn setup(app: &TestApp) -> (Account, String) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site = sample(SyncKind::Locations, &owner, "", "2026-11-20T00:00:00Z");
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let answer =
        expect(app.authed(Method::PATCH, &path, &owner.token).json(&json!({"locations": [site]})).send().await.unwrap(), StatusCode::OK)
            .await;
    assert_eq!(answer["locations"][0]["status"], "accepted");
    (owner, site["id"].as_str().unwrap().to_string())
}

async fn hostile_sync_uploads_are_answered_never_a_server_error(app: &TestApp) {
    let (owner, site) = setup(app).await;
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let strategy = hostile_body(owner.clone(), site);
    let mut runner = TestRunner::new(Config { cases: CASES, failure_persistence: None, ..Config::default() });
    let (mut whole_refusals, mut answered) = (0, 0);
    for _ in 0..CASES {
        let body = strategy.new_tree(&mut runner).unwrap().current();
        let response = app.authed(Method::PATCH, &path, &owner.token).json(&body).send().await.unwrap();
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        assert!(!status.is_server_error(), "{status} for {body}: {answer}");
        if status != StatusCode::OK {
            assert!(status.is_client_error(), "{status} for {body}");
            let message = answer["message"].as_str().unwrap_or_default();
            assert!(!message.is_empty() && answer["code"].is_string(), "{status} without a clear error for {body}: {answer}");
            whole_refusals += 1;
            continue;
        }
        let sent = body.as_object().expect("only an object is answered record by record");
        for (key, list) in sent {
            let answers = answer[key].as_array().unwrap_or_else(|| panic!("no answers for {key} in {answer}"));
            assert_eq!(answers.len(), list.as_array().unwrap().len(), "one answer per record of {key}: {answer}");
            for (record, one) in list.as_array().unwrap().iter().zip(answers) {
                match one["status"].as_str() {
                    Some("accepted") => assert!(one["version"].as_i64().is_some_and(|v| v > 0), "{one}"),
                    Some("stale") => assert!(one["record"].is_object(), "{one}"),
                    Some("rejected") => assert!(one["reason"].as_str().is_some_and(|r| !r.is_empty()), "{record} → {one}"),
                    _ => panic!("{key}: {record} got {one}"),
                }
                answered += 1;
            }
        }
    }
    // The generator reaches both sides: whole bodies refused and records answered one by one.
    assert!(whole_refusals > 0 && answered > 0, "{whole_refusals} bodies refused, {answered} records answered");
}

async fn good_records_with_unknown_fields_are_stored(app: &TestApp) {
    let (owner, site) = setup(app).await;
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let mut runner = TestRunner::new(Config { cases: 40, failure_persistence: None, ..Config::default() });
    let extras = prop::collection::btree_map("zz[A-Za-z]{1,10}", any_json(), 1..4);
    for kind in uploadable().into_iter().filter(|kind| *kind != SyncKind::Organization) {
        let mut record = sample(kind, &owner, &site, "2030-01-01T00:00:00Z");
        let extras = extras.new_tree(&mut runner).unwrap().current();
        record.as_object_mut().unwrap().extend(extras.clone());
        let answer = app.authed(Method::PATCH, &path, &owner.token).json(&json!({(kind.key()): [record]})).send().await.unwrap();
        let answer = expect(answer, StatusCode::OK).await;
        assert_eq!(answer[kind.key()][0]["status"], "accepted", "{}: {record} → {answer}", kind.key());
        let everything = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
        let stored = everything[kind.key()].as_array().unwrap().iter().find(|r| r["id"] == record["id"]).cloned();
        let stored = stored.unwrap_or_else(|| panic!("{} was not stored", kind.key()));
        for (name, value) in &extras {
            assert_eq!(&stored[name], value, "{}: {name} kept as sent", kind.key());
        }
    }
}
