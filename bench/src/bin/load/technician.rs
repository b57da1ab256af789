//! One simulated technician's device: its session, syncs and services.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fieldtag_store::{new_id, now_millis};
use serde_json::{Value, json};
use tokio::time::Instant as TokioInstant;

use super::recorder::{Kind, Recorder, brief};
use super::seed::SeededOrg;
use super::{EQUIPMENT_PER_SITE, SERVICE_EVERY, SITES_PER_ORG, SYNC_EVERY};

/// One simulated device: its session, its place in the feed and its unsent changes.
pub(super) struct Technician {
    pub(super) org: Arc<SeededOrg>,
    pub(super) site: usize,
    pub(super) user_id: String,
    pub(super) refresh_token: String,
    pub(super) access_token: String,
    /// When to refresh the access token (a minute before it runs out).
    pub(super) expires: TokioInstant,
    pub(super) cursor: i64,
    /// Changes not yet acknowledged, by sync key, sent again at the next sync.
    pub(super) pending: Vec<(&'static str, Value)>,
    pub(super) serviced: usize,
}

impl Technician {
    pub(super) async fn work(
        mut self,
        http: reqwest::Client,
        base: String,
        recorder: Arc<Recorder>,
        mut sync_at: TokioInstant,
        mut service_at: TokioInstant,
        end: TokioInstant,
    ) -> Technician {
        loop {
            let next = sync_at.min(service_at);
            if next >= end {
                return self;
            }
            tokio::time::sleep_until(next).await;
            if self.expires <= TokioInstant::now()
                && let Err(error) = self.refresh_measured(&http, &base, &recorder).await
            {
                recorder.error(format!("token refresh: {error}"));
            }
            if next == service_at {
                self.perform_service();
                self.upload(&http, &base, &recorder, Kind::ServiceUpload).await;
                service_at += SERVICE_EVERY;
            } else {
                if !self.pending.is_empty() {
                    self.upload(&http, &base, &recorder, Kind::SyncUpload).await;
                }
                self.download(&http, &base, &recorder).await;
                sync_at += SYNC_EVERY;
            }
        }
    }

    pub(super) async fn refresh(&mut self, http: &reqwest::Client, base: &str) -> Result<(), String> {
        let response = http
            .post(format!("{base}/api/token"))
            .bearer_auth(&self.refresh_token)
            .header("x-fieldtag-client", "mobile")
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = response.status();
        let body = response.text().await.map_err(|e| e.to_string())?;
        if !status.is_success() {
            return Err(format!("{status} {}", brief(&body)));
        }
        let answer: Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
        let expires = answer["expires"].as_str().and_then(|t| t.parse::<jiff::Timestamp>().ok()).ok_or("no expiry")?;
        let left = (expires.as_millisecond() - now_millis() - 60_000).max(0) as u64;
        self.access_token = answer["token"].as_str().ok_or("no token")?.to_string();
        self.refresh_token = answer["refreshToken"].as_str().ok_or("no refresh token")?.to_string();
        self.expires = TokioInstant::now() + Duration::from_millis(left);
        Ok(())
    }

    pub(super) async fn refresh_measured(&mut self, http: &reqwest::Client, base: &str, recorder: &Recorder) -> Result<(), String> {
        let started = Instant::now();
        let outcome = self.refresh(http, base).await;
        recorder.latency(Kind::TokenRefresh, started.elapsed());
        outcome
    }

    /// A service performed on the next item at this technician's site, as the app writes it
    /// (performService.ts): the performed service, its history record (type 2), and the item.
    pub(super) fn perform_service(&mut self) {
        let org = &self.org;
        // Item n stands at site n % SITES_PER_ORG (see `seed`): this walks the technician's site.
        let (item, site) = &org.equipment[self.site + SITES_PER_ORG * (self.serviced % EQUIPMENT_PER_SITE)];
        self.serviced += 1;
        let now = jiff::Timestamp::now().round(jiff::Unit::Millisecond).unwrap().to_string();
        let performed_id = format!("{item}-{}", org.service_type);
        self.pending.push(("performedServices", json!({"id": performed_id, "orgId": org.id, "equipmentId": item, "serviceTypeId": org.service_type, "locationId": site, "lastDate": now, "overidedNextDate": "", "equipmentFieldData": {}, "lastUpdated": now, "deleted": false})));
        self.pending.push(("history", json!({"id": new_id(), "orgId": org.id, "type": 2, "description": "Monthly inspection performed", "equipmentId": item, "locationId": site, "happenedAtLocationId": site, "userId": self.user_id, "relevantId": performed_id, "date": now, "lastUpdated": now, "deleted": false})));
        self.pending.push(("equipment", json!({"id": item, "orgId": org.id, "locationId": site, "name": format!("Extinguisher at {}", &item[..6]), "barcode": &item[..10], "modelId": org.model, "note": format!("Inspected {now}"), "fieldData": {}, "lastUpdated": now, "deleted": false})));
    }

    /// PATCHes every unsent change; acknowledged ones (accepted, or stale: the server's copy
    /// wins) leave the queue, a failed request keeps them for the next sync.
    pub(super) async fn upload(&mut self, http: &reqwest::Client, base: &str, recorder: &Recorder, kind: Kind) {
        let mut body: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
        for (key, record) in &self.pending {
            body.entry(key).or_default().push(record);
        }
        let url = format!("{base}/api/organizations/{}/sync", self.org.id);
        let started = Instant::now();
        let sent = http.patch(url).bearer_auth(&self.access_token).json(&body).send().await;
        let Some(answer) = recorder.answer(kind, started, sent).await else {
            return;
        };
        let mut rejected = 0;
        for (key, list) in &body {
            for (n, outcome) in answer[*key].as_array().into_iter().flatten().enumerate() {
                if outcome["status"] == "rejected" {
                    rejected += 1;
                    recorder.error(format!("{}: {key}[{n}] rejected: {}", kind.name(), outcome["reason"]));
                }
            }
            recorder.add_records(list.len() as u64);
        }
        if rejected == 0 {
            self.pending.clear();
        }
    }

    /// GETs pages after the cursor until there are no more.
    pub(super) async fn download(&mut self, http: &reqwest::Client, base: &str, recorder: &Recorder) {
        loop {
            let url = format!("{base}/api/organizations/{}/sync?cursor={}", self.org.id, self.cursor);
            let started = Instant::now();
            let sent = http.get(url).bearer_auth(&self.access_token).send().await;
            let Some(page) = recorder.answer(Kind::SyncDownload, started, sent).await else {
                return;
            };
            let records: usize = page
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(key, _)| *key != "globalAlerts")
                .filter_map(|(_, v)| v.as_array())
                .map(Vec::len)
                .sum();
            recorder.add_records(records as u64);
            self.cursor = page["cursor"].as_i64().unwrap_or(self.cursor);
            if page["hasMore"] != true {
                return;
            }
        }
    }
}
