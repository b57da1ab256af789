//! Faults under the real binary: the server SIGKILLed mid-upload, a full disk,
//! PostgreSQL restarted mid-request, a client back after a month offline. Each ends
//! with every acknowledged change still there and a clear error where a request
//! failed. docs/faults.md says how each is made and what it showed.

mod full_disk;
mod kill_during_upload;
mod offline_month;
mod postgres_restart;

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::Value;

use crate::records::{self, StampStyle};

/// `count` new sites of `org_id` stamped `millis`, from a seeded generator.
fn new_sites(rng: &mut StdRng, org_id: &str, count: usize, millis: i64) -> Vec<Value> {
    let stamp = records::stamp_text(millis, StampStyle::Millis);
    (0..count)
        .map(|_| {
            let id = records::new_id(rng);
            records::new_site(rng, org_id, &id, &stamp)
        })
        .collect()
}

fn seeded(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

fn now_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

/// The ids of a list of records.
fn ids(records: &[Value]) -> Vec<String> {
    records.iter().map(|record| record["id"].as_str().expect("id").to_string()).collect()
}

/// Panics unless every answer of a sync upload is `accepted`.
fn assert_all_accepted(answer: &Value, key: &str, count: usize, what: &str) {
    let statuses = answer[key].as_array().unwrap_or_else(|| panic!("{what}: no {key} in {answer}"));
    assert_eq!(statuses.len(), count, "{what}: one answer per record");
    for status in statuses {
        assert_eq!(status["status"], "accepted", "{what}: {status}");
    }
}
