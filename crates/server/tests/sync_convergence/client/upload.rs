//! Uploads: every dirty record in one batch, sometimes with a fault on
//! purpose, and the answers merged under the client's rules.

use std::sync::atomic::Ordering;
use std::time::Instant;

use rand::Rng;
use reqwest::StatusCode;
use serde_json::{Map, Value, json};

use super::{SimClient, now_ms};
use crate::net::Reply;
use crate::records::{Key, Kind, is_deleted, stamp_of};

/// A record as it went out in an upload.
struct Sent {
    key: Key,
    rev: u64,
    record: Value,
}

/// What goes wrong with one upload on purpose.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    None,
    /// The server commits, the answer is lost on the way back.
    DropAnswer,
    /// The same batch is sent twice in a row (a retry after a timeout that had in fact worked).
    SendTwice,
    /// The same batch is sent twice at once, possibly to two servers.
    SendTwiceAtOnce,
}

impl SimClient {
    /// Sends every dirty record; true if an answer came back (even one deliberately ignored).
    pub(super) async fn upload(&mut self, with_faults: bool) -> bool {
        let sent: Vec<Sent> = self
            .store
            .iter()
            .filter(|(_, local)| local.dirty)
            .map(|(key, local)| Sent { key: key.clone(), rev: local.rev, record: local.data.clone() })
            .collect();
        if sent.is_empty() {
            return true;
        }
        let mut body = Map::new();
        for kind in Kind::ALL {
            let list: Vec<Value> = sent.iter().filter(|s| s.key.0 == kind).map(|s| with_local_flag(&s.record)).collect();
            if !list.is_empty() {
                body.insert(kind.key().to_string(), Value::Array(list));
            }
        }
        let body = Value::Object(body);
        let fault = if with_faults {
            match self.rng.random_range(0..100) {
                0..8 => Fault::DropAnswer,
                8..14 => Fault::SendTwice,
                14..18 => Fault::SendTwiceAtOnce,
                _ => Fault::None,
            }
        } else {
            Fault::None
        };
        let servers = (self.pick_server(), self.pick_server());
        let sent_at = Instant::now();
        let (shared, org_id, token) = (self.shared.clone(), self.identity.org_id.clone(), self.token.clone());
        shared.uploads_in_flight.fetch_add(1, Ordering::SeqCst);
        let request = tokio::spawn(async move {
            let cluster = &shared.cluster;
            let replies = match fault {
                Fault::SendTwice => {
                    vec![cluster.upload(servers.0, &org_id, &token, &body).await, cluster.upload(servers.1, &org_id, &token, &body).await]
                }
                Fault::SendTwiceAtOnce => {
                    let (a, b) =
                        tokio::join!(cluster.upload(servers.0, &org_id, &token, &body), cluster.upload(servers.1, &org_id, &token, &body));
                    vec![a, b]
                }
                _ => vec![cluster.upload(servers.0, &org_id, &token, &body).await],
            };
            shared.uploads_in_flight.fetch_sub(1, Ordering::SeqCst);
            replies
        });
        // The person keeps working while the upload is on the wire: these edits must stay dirty.
        if with_faults {
            for _ in 0..self.rng.random_range(0..=2) {
                self.local_op();
            }
        }
        let replies = request.await.expect("upload task");
        let mut answered = false;
        {
            let mut ledger = self.shared.ledger.lock().unwrap();
            ledger.stats.uploads += replies.len();
            ledger.stats.upload_wait += sent_at.elapsed();
            ledger.stats.duplicated += usize::from(replies.len() > 1);
        }
        for reply in replies {
            match reply {
                Reply::Answer(answer) => {
                    answered = true;
                    if fault == Fault::DropAnswer {
                        self.shared.ledger.lock().unwrap().stats.dropped += 1;
                    } else {
                        self.apply_upload_answer(&sent, &answer, sent_at);
                    }
                }
                Reply::Down(error) => self.network_failure(error).await,
                Reply::Status(StatusCode::UNAUTHORIZED, _) => {
                    self.relogin().await;
                }
                Reply::Status(status, text) => self.unexpected("PATCH sync", status, &text),
            }
        }
        answered
    }

    fn apply_upload_answer(&mut self, sent: &[Sent], answer: &Value, sent_at: Instant) {
        self.learn_server_time(answer);
        for kind in Kind::ALL {
            let slots: Vec<&Sent> = sent.iter().filter(|s| s.key.0 == kind).collect();
            if slots.is_empty() {
                continue;
            }
            let Some(answers) = answer[kind.key()].as_array().filter(|list| list.len() == slots.len()) else {
                self.violation(format!("upload answer for {} does not have one entry per record sent: {answer}", kind.key()));
                continue;
            };
            for (slot, reply) in slots.into_iter().zip(answers) {
                if reply["id"] != slot.key.1.as_str() {
                    self.violation(format!("upload answer out of order: sent {}, answered {reply}", slot.key.1));
                    continue;
                }
                match reply["status"].as_str() {
                    Some("accepted") => {
                        let version = reply["version"].as_i64().unwrap_or(0);
                        let mut ledger = self.shared.ledger.lock().unwrap();
                        ledger.stats.accepted += 1;
                        if version <= 0 {
                            ledger.violation(format!("accepted without a version: {reply}"));
                        }
                        // A stamp too far ahead was kept under the time of receipt, which the answer names.
                        let mut kept = slot.record.clone();
                        if let Some(stamp) = reply["lastUpdated"].as_str() {
                            kept["lastUpdated"] = json!(stamp);
                        }
                        ledger.acknowledge(self.index, &slot.key, &kept, version);
                        drop(ledger);
                        // Only the copy that was sent is now clean: a later edit still has to go.
                        if let Some(local) = self.store.get_mut(&slot.key)
                            && local.rev == slot.rev
                        {
                            local.dirty = false;
                            local.data["lastUpdated"] = kept["lastUpdated"].clone();
                        }
                    }
                    Some("stale") => {
                        let server = &reply["record"];
                        let mut ledger = self.shared.ledger.lock().unwrap();
                        ledger.stats.stale += 1;
                        ledger.check_not_resurrected(&slot.key, server, sent_at, "stale answer");
                        if server["id"] != slot.key.1.as_str() || server["lastUpdated"].as_str().is_none() {
                            ledger.violation(format!("stale answer without the server's copy of {}: {reply}", slot.key.1));
                            continue;
                        }
                        // A stamp more than the allowed lead ahead of the server's clock (this same
                        // machine's) was weighed as the time of receipt, not as sent.
                        let weighed_as_sent = stamp_of(&slot.record) <= now_ms() + fieldtag_domain::lww::MAX_AHEAD_MILLIS;
                        if weighed_as_sent && !is_deleted(server) && stamp_of(server) < stamp_of(&slot.record) {
                            ledger.violation(format!("stale answer with an older copy: sent {}, server has {server}", slot.record));
                        }
                        drop(ledger);
                        let unchanged = self.store.get(&slot.key).is_some_and(|local| local.rev == slot.rev);
                        if unchanged {
                            self.write(slot.key.clone(), server.clone(), false);
                        } else {
                            self.merge_remote(slot.key.clone(), server);
                        }
                    }
                    Some("rejected") => self.violation(format!(
                        "a valid record was rejected: {} {}: {}; record: {}",
                        kind.key(),
                        slot.key.1,
                        reply["reason"],
                        slot.record
                    )),
                    _ => self.violation(format!("upload answer with an unknown status: {reply}")),
                }
            }
        }
    }
}

/// The record as a client sends it: with the local flag the server drops.
fn with_local_flag(record: &Value) -> Value {
    let mut copy = record.clone();
    copy["hasBeenChangedLocally"] = json!(true);
    copy
}
