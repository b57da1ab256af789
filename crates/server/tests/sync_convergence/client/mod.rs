//! One simulated device: a local store keyed by (kind, id) with a dirty flag,
//! random edits, a skewed clock, and the sync engine's merge rules. Every
//! answer it gets is checked against what the protocol promises.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reqwest::StatusCode;
use serde_json::Value;

use crate::ledger::SharedLedger;
use crate::net::{Cluster, Reply};
use crate::records::{self, Key, Kind, StampStyle, canonical, is_deleted, stamp_of};

mod download;
mod upload;

/// What every client task shares.
pub struct Shared {
    pub cluster: Cluster,
    pub ledger: SharedLedger,
    /// Local operations done by all clients: the chaos plan is laid out on it.
    pub ops_done: AtomicUsize,
    /// Uploads on the wire right now: a kill timed while one is in flight lands mid-batch.
    pub uploads_in_flight: AtomicUsize,
}

pub struct Identity {
    pub org_id: String,
    pub email: String,
    pub password: String,
}

struct Local {
    data: Value,
    dirty: bool,
    /// Bumped on every local change: an answer to an older send must not clear a newer edit.
    rev: u64,
}

pub struct SimClient {
    pub index: usize,
    identity: Identity,
    token: String,
    rng: StdRng,
    /// This device's clock is off by this much (up to ±48 h).
    skew_ms: i64,
    /// Whether it corrects its stamps by the offset learned from `serverTime`, as the web app does.
    corrects_clock: bool,
    offset_ms: i64,
    style: StampStyle,
    store: BTreeMap<Key, Local>,
    cursor: i64,
    next_rev: u64,
    offline_ops: usize,
    ops_done: usize,
    shared: Arc<Shared>,
}

const HOUR_MS: i64 = 3_600_000;

pub(super) fn now_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

impl SimClient {
    pub fn new(index: usize, identity: Identity, token: String, seed: u64, shared: Arc<Shared>) -> SimClient {
        let mut rng = StdRng::seed_from_u64(seed);
        let skew_ms = rng.random_range(-48 * HOUR_MS..=48 * HOUR_MS);
        let style = StampStyle::random(&mut rng);
        SimClient {
            index,
            identity,
            token,
            rng,
            skew_ms,
            corrects_clock: index.is_multiple_of(2),
            offset_ms: 0,
            style,
            store: BTreeMap::new(),
            cursor: 0,
            next_rev: 0,
            offline_ops: 0,
            ops_done: 0,
            shared,
        }
    }

    pub fn describe(&self) -> String {
        format!(
            "client {}: skew {:+.1} h, corrects clock: {}, stamps {:?}",
            self.index,
            self.skew_ms as f64 / HOUR_MS as f64,
            self.corrects_clock,
            self.style
        )
    }

    /// Random local work and syncing until this client has done `quota` local operations.
    pub async fn run(mut self, quota: usize) -> SimClient {
        while self.ops_done < quota {
            if self.offline_ops > 0 {
                self.offline_ops -= 1;
                self.local_op();
            } else {
                match self.rng.random_range(0..100) {
                    0..70 => self.local_op(),
                    70..83 => {
                        self.upload(true).await;
                    }
                    83..96 => {
                        self.download(false, None).await;
                    }
                    96..98 => self.offline_ops = self.rng.random_range(5..=60),
                    _ => tokio::time::sleep(Duration::from_millis(self.rng.random_range(1..10))).await,
                }
            }
            // Local work takes no time; yielding lets the other clients interleave with it.
            tokio::task::yield_now().await;
        }
        self
    }

    /// Uploads until nothing is dirty (no faults now; the servers are all up).
    pub async fn settle(&mut self) {
        for _ in 0..100 {
            if !self.store.values().any(|local| local.dirty) {
                return;
            }
            if !self.upload(false).await {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        self.violation(format!("client {} still has unsent changes after 100 uploads", self.index));
    }

    /// Downloads every page up to the end of the feed.
    pub async fn catch_up(&mut self) {
        for _ in 0..100 {
            // Large pages now: the run itself already paged with small ones.
            if self.download(true, Some(200)).await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.violation(format!("client {} could not download to the end of the feed", self.index));
    }

    /// Every record this client holds.
    pub fn records(&self) -> impl Iterator<Item = (&Key, &Value)> {
        self.store.iter().map(|(key, local)| (key, &local.data))
    }

    fn violation(&self, text: String) {
        self.shared.ledger.lock().unwrap().violation(text);
    }

    fn stamp(&self) -> String {
        let offset = if self.corrects_clock { self.offset_ms } else { 0 };
        records::stamp_text(now_ms() + self.skew_ms + offset, self.style)
    }

    /// The offset between the server's clock and this device's, from an answer's `serverTime`.
    fn learn_server_time(&mut self, answer: &Value) {
        match answer["serverTime"].as_str().and_then(|text| text.parse::<jiff::Timestamp>().ok()) {
            Some(server) => self.offset_ms = server.as_millisecond() - (now_ms() + self.skew_ms),
            None => self.violation(format!("answer without a valid serverTime: {}", answer["serverTime"])),
        }
    }

    fn write(&mut self, key: Key, data: Value, dirty: bool) {
        self.next_rev += 1;
        self.store.insert(key, Local { data, dirty, rev: self.next_rev });
    }

    /// One create, edit or delete, as a person using the app offline would make.
    fn local_op(&mut self) {
        self.ops_done += 1;
        self.shared.ops_done.fetch_add(1, Ordering::Relaxed);
        let live: Vec<Key> = self.store.iter().filter(|(_, local)| !is_deleted(&local.data)).map(|(key, _)| key.clone()).collect();
        let live_sites: Vec<String> = live.iter().filter(|(kind, _)| *kind == Kind::Locations).map(|(_, id)| id.clone()).collect();
        let stamp = self.stamp();
        let org_id = self.identity.org_id.clone();
        let roll = self.rng.random_range(0..100);
        if live_sites.is_empty() || roll < 10 {
            let id = records::new_id(&mut self.rng);
            let site = records::new_site(&mut self.rng, &org_id, &id, &stamp);
            self.write((Kind::Locations, id), site, true);
        } else if roll < 35 {
            // Equipment stands on a site this client sees and has not deleted.
            let site = live_sites[self.rng.random_range(0..live_sites.len())].clone();
            let id = records::new_id(&mut self.rng);
            let item = records::new_equipment(&mut self.rng, &org_id, &id, &site, &stamp);
            self.write((Kind::Equipment, id), item, true);
        } else {
            let key = live[self.rng.random_range(0..live.len())].clone();
            let mut data = self.store[&key].data.clone();
            if roll < 93 {
                records::edit(&mut self.rng, key.0, &mut data, &live_sites, &stamp);
            } else {
                records::delete(&mut data, &stamp);
            }
            self.write(key, data, true);
        }
    }

    fn pick_server(&mut self) -> usize {
        self.rng.random_range(0..self.shared.cluster.servers.len())
    }

    /// The download rule: the server's copy replaces the local one unless the
    /// local one is dirty with a newer or equal stamp (it will be uploaded and judged there).
    fn merge_remote(&mut self, key: Key, record: &Value) {
        if let Some(local) = self.store.get(&key)
            && local.dirty
            && stamp_of(&local.data) >= stamp_of(record)
        {
            return;
        }
        self.write(key, record.clone(), false);
    }

    /// No answer: back off a little and work offline for a while, as the app
    /// does, rather than spend the whole run hammering a server that is down.
    async fn network_failure(&mut self, error: String) {
        self.shared.ledger.lock().unwrap().network_failure(error);
        self.offline_ops = self.rng.random_range(0..10);
        tokio::time::sleep(Duration::from_millis(self.rng.random_range(10..60))).await;
    }

    /// A fresh access token by logging in again (after a 401).
    async fn relogin(&mut self) -> bool {
        let server = self.pick_server();
        match self.shared.cluster.login(server, &self.identity.email, &self.identity.password).await {
            Reply::Answer(answer) => {
                self.token = answer["token"].as_str().unwrap_or_default().to_string();
                self.shared.ledger.lock().unwrap().stats.relogins += 1;
                true
            }
            Reply::Down(_) => false,
            Reply::Status(status, text) => {
                self.unexpected("POST token", status, &text);
                false
            }
        }
    }

    /// Invariant 5: a server that answers never answers 5xx; other errors are not expected either.
    fn unexpected(&self, what: &str, status: StatusCode, text: &str) {
        let invariant = if status.is_server_error() { "(5) " } else { "" };
        self.violation(format!("{invariant}client {}: {what} answered {status}: {text}", self.index));
    }
}

/// Differences between a client's records and the server's (invariant 1).
pub fn differences(client: &SimClient, server: &BTreeMap<Key, Value>) -> Vec<String> {
    let mut found = Vec::new();
    let local: BTreeMap<&Key, &Value> = client.records().collect();
    for (key, stored) in server {
        match local.get(key) {
            None => found.push(format!("(1) client {} lacks {} {}: server has {stored}", client.index, key.0.key(), key.1)),
            Some(held) if canonical(held) != canonical(stored) => {
                found.push(format!("(1) client {} holds {held}, server holds {stored}", client.index));
            }
            Some(_) => {}
        }
    }
    for (key, held) in local {
        if !server.contains_key(key) {
            found.push(format!("(1) client {} holds {} {} the server does not know: {held}", client.index, key.0.key(), key.1));
        }
    }
    found
}
