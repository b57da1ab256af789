//! What the clients learned during the run, shared by all of them: every write
//! the server acknowledged, every delete it acknowledged and when, counters for
//! the summary, and the invariant breaches seen on the way.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::Instant;

use serde_json::Value;

use crate::records::{Key, canonical, is_deleted, stamp_of};

/// A write a client sent and received an `accepted` answer for.
#[derive(Debug)]
pub struct AckedWrite {
    pub client: usize,
    pub key: Key,
    pub stamp: i64,
    pub deleted: bool,
    pub canonical: Value,
    pub version: i64,
}

#[derive(Debug, Default, Clone)]
pub struct Stats {
    pub uploads: usize,
    pub accepted: usize,
    pub stale: usize,
    pub dropped: usize,
    pub duplicated: usize,
    pub failed_requests: usize,
    pub pages: usize,
    /// Time spent waiting for uploads and for pages: where a run's wall time goes.
    pub upload_wait: std::time::Duration,
    pub page_wait: std::time::Duration,
    pub downloaded_records: usize,
    pub relogins: usize,
    pub restarts: usize,
    /// Kills that landed while an upload was on the wire.
    pub kills_mid_upload: usize,
    /// The last transport error, shown when a run fails.
    pub last_failure: Option<String>,
}

#[derive(Default)]
pub struct Ledger {
    pub acked: Vec<AckedWrite>,
    /// When each acknowledged delete was first acknowledged: a copy of the record
    /// read by a request sent after this instant must be deleted too.
    pub acked_deletes: HashMap<Key, Instant>,
    pub stats: Stats,
    violations: Vec<String>,
}

/// Violations kept in full; beyond this only counted, so a systematic failure stays readable.
const KEPT_VIOLATIONS: usize = 40;

pub type SharedLedger = std::sync::Arc<Mutex<Ledger>>;

impl Ledger {
    pub fn violation(&mut self, text: String) {
        if self.violations.len() < KEPT_VIOLATIONS {
            eprintln!("sync_convergence VIOLATION: {text}");
        }
        self.violations.push(text);
    }

    /// A request that got no HTTP answer (server down or killed mid-request): retried later.
    pub fn network_failure(&mut self, error: String) {
        self.stats.failed_requests += 1;
        self.stats.last_failure = Some(error);
    }

    pub fn violations(&self) -> &[String] {
        &self.violations
    }

    pub fn acknowledge(&mut self, client: usize, key: &Key, sent: &Value, version: i64) {
        let deleted = is_deleted(sent);
        if deleted {
            self.acked_deletes.entry(key.clone()).or_insert_with(Instant::now);
        }
        self.acked.push(AckedWrite { client, key: key.clone(), stamp: stamp_of(sent), deleted, canonical: canonical(sent), version });
    }

    /// Invariant 3 as it happens: `record` is the server's copy as read by a request
    /// sent at `sent_at`; if a delete of it had been acknowledged before then, it must be deleted.
    pub fn check_not_resurrected(&mut self, key: &Key, record: &Value, sent_at: Instant, context: &str) {
        if is_deleted(record) {
            return;
        }
        if let Some(acked_at) = self.acked_deletes.get(key)
            && *acked_at < sent_at
        {
            self.violation(format!(
                "(3) {context}: {} {} was acknowledged as deleted, yet came back undeleted: {record}",
                key.0.key(),
                key.1
            ));
        }
    }

    /// Invariants 2 and 3 at the end, against the server's full state.
    pub fn check_acknowledged_writes(&mut self, server: &BTreeMap<Key, Value>) {
        let mut found = Vec::new();
        for write in &self.acked {
            let (kind, id) = (write.key.0.key(), &write.key.1);
            let Some(stored) = server.get(&write.key) else {
                found.push(format!(
                    "(2) acknowledged write lost: {kind} {id} (client {}, version {}) is not on the server",
                    write.client, write.version
                ));
                continue;
            };
            if write.deleted && !is_deleted(stored) {
                found.push(format!("(3) {kind} {id} was acknowledged as deleted (client {}) but the server holds {stored}", write.client));
            } else if canonical(stored) != write.canonical && !is_deleted(stored) && stamp_of(stored) < write.stamp {
                found.push(format!(
                    "(2) acknowledged write lost: {kind} {id} (client {}, version {}, stamp {}) replaced by an older one: {stored}; acknowledged: {}",
                    write.client, write.version, write.stamp, write.canonical
                ));
            }
        }
        for text in found {
            self.violation(text);
        }
    }
}
