//! Downloads: the feed paged after the client's cursor, checked page by page.

use std::time::Instant;

use rand::Rng;
use reqwest::StatusCode;
use serde_json::Value;

use super::SimClient;
use crate::net::Reply;
use crate::records::Kind;

impl SimClient {
    /// Pages through the feed with a small limit, from a random server each page.
    /// True once it reached the end; false if it stopped early (network, or went offline).
    pub(super) async fn download(&mut self, to_the_end: bool, limit: Option<usize>) -> bool {
        let limit = limit.unwrap_or_else(|| [1, 5, 5, 20, 20, 100][self.rng.random_range(0..6)]);
        loop {
            let server = self.pick_server();
            let sent_at = Instant::now();
            let reply = self.shared.cluster.download(server, &self.identity.org_id, &self.token, self.cursor, limit).await;
            self.shared.ledger.lock().unwrap().stats.page_wait += sent_at.elapsed();
            match reply {
                Reply::Answer(page) => {
                    let has_more = self.apply_page(&page, limit, sent_at);
                    if !has_more {
                        return true;
                    }
                    if !to_the_end && self.rng.random_bool(0.05) {
                        return false;
                    }
                }
                Reply::Down(error) => {
                    self.network_failure(error).await;
                    return false;
                }
                Reply::Status(StatusCode::UNAUTHORIZED, _) => {
                    if !self.relogin().await {
                        return false;
                    }
                }
                Reply::Status(status, text) => {
                    self.unexpected("GET sync", status, &text);
                    return false;
                }
            }
        }
    }

    /// Merges one page; answers `hasMore`. Checks invariant 4 (cursors only move
    /// forward) and that the page holds only changes in (old cursor, new cursor].
    fn apply_page(&mut self, page: &Value, limit: usize, sent_at: Instant) -> bool {
        self.learn_server_time(page);
        let (Some(next), Some(has_more)) = (page["cursor"].as_i64(), page["hasMore"].as_bool()) else {
            self.violation(format!("page without cursor or hasMore: {page}"));
            return false;
        };
        let mut ledger = self.shared.ledger.lock().unwrap();
        ledger.stats.pages += 1;
        if next < self.cursor {
            ledger.violation(format!("(4) client {}: cursor moved back from {} to {next}", self.index, self.cursor));
        }
        let in_page: usize = page.as_object().map_or(0, |map| {
            map.iter().filter(|(key, _)| *key != "globalAlerts").filter_map(|(_, list)| list.as_array()).map(Vec::len).sum()
        });
        if in_page > limit {
            ledger.violation(format!("page of {in_page} records for limit {limit}"));
        }
        let mut incoming = Vec::new();
        for kind in Kind::ALL {
            for record in page[kind.key()].as_array().into_iter().flatten() {
                let key = (kind, record["id"].as_str().unwrap_or_default().to_string());
                let version = record["version"].as_i64().unwrap_or(-1);
                if version <= self.cursor || version > next {
                    ledger.violation(format!("(4) page after cursor {} up to {next} holds version {version}: {record}", self.cursor));
                }
                ledger.check_not_resurrected(&key, record, sent_at, "download");
                incoming.push((key, record.clone()));
            }
        }
        ledger.stats.downloaded_records += incoming.len();
        drop(ledger);
        for (key, record) in incoming {
            self.merge_remote(key, &record);
        }
        self.cursor = self.cursor.max(next);
        has_more
    }
}
