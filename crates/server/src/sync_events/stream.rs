//! One open stream: its first event, a `version` event when its organisation's version grows
//! (coalesced, `coalesce`), a heartbeat, and its end when the token expires, the session or the
//! user's access ends, or the server stops.

use std::convert::Infallible;
use std::time::Duration;

use axum::response::sse::Event;
use futures_util::Stream;
use serde_json::json;
use tokio::sync::watch;
use tokio::time::{Instant, Interval, MissedTickBehavior, sleep_until};

use super::coalesce::{draw_jitter, send_at};
use super::{Admission, OrgWatch, SyncEvents};
use crate::auth::tokens::AccessClaims;

/// Why a stream ended, as its `end` event says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum EndReason {
    TokenExpired,
    AccessEnded,
    ServerStopping,
}

impl EndReason {
    fn as_str(self) -> &'static str {
        match self {
            EndReason::TokenExpired => "tokenExpired",
            EndReason::AccessEnded => "accessEnded",
            EndReason::ServerStopping => "serverStopping",
        }
    }
}

/// What woke a waiting stream.
enum Wake {
    Ended(EndReason),
    Heartbeat,
    Changed,
}

/// An open stream's state.
pub struct LiveStream {
    events: SyncEvents,
    claims: AccessClaims,
    server_epoch: String,
    watch: OrgWatch,
    _admission: Admission,
    /// The version last told (0 before the first event).
    told: i64,
    told_at: Option<Instant>,
    jitter: Duration,
    heartbeat: Interval,
    expires_at: Instant,
    stopping: watch::Receiver<bool>,
    ended: bool,
}

impl LiveStream {
    pub fn new(events: &SyncEvents, admission: Admission, watch: OrgWatch, claims: AccessClaims, server_epoch: String) -> LiveStream {
        let every = events.limits().heartbeat;
        let mut heartbeat = tokio::time::interval_at(Instant::now() + every, every);
        heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let seconds_left = (claims.exp - jiff::Timestamp::now().as_second()).max(0);
        LiveStream {
            events: events.clone(),
            stopping: events.stopping(),
            expires_at: Instant::now() + Duration::from_secs(seconds_left as u64),
            claims,
            server_epoch,
            watch,
            _admission: admission,
            told: 0,
            told_at: None,
            jitter: draw_jitter(),
            heartbeat,
            ended: false,
        }
    }

    /// The stream's events, the first (the current version) at once.
    pub fn into_events(self) -> impl Stream<Item = Result<Event, Infallible>> + Send {
        futures_util::stream::unfold(self, |mut stream| async move {
            let event = stream.next_event().await?;
            Some((Ok(event), stream))
        })
    }

    async fn next_event(&mut self) -> Option<Event> {
        if self.ended {
            return None;
        }
        if self.told_at.is_none() {
            let newest = *self.watch.receiver().borrow_and_update();
            return Some(self.tell(newest));
        }
        loop {
            let wake = tokio::select! {
                () = sleep_until(self.expires_at) => Wake::Ended(EndReason::TokenExpired),
                _ = self.stopping.wait_for(|stopping| *stopping) => Wake::Ended(EndReason::ServerStopping),
                _ = self.heartbeat.tick() => Wake::Heartbeat,
                changed = self.watch.receiver().changed() => match changed {
                    Ok(()) => Wake::Changed,
                    Err(_) => Wake::Ended(EndReason::ServerStopping),
                },
            };
            match wake {
                Wake::Ended(reason) => return Some(self.end(reason)),
                Wake::Heartbeat if !self.still_allowed().await => return Some(self.end(EndReason::AccessEnded)),
                Wake::Heartbeat => return Some(Event::default().comment("keep-alive")),
                Wake::Changed => {
                    sleep_until(send_at(Instant::now(), self.told_at, self.jitter)).await;
                    let newest = *self.watch.receiver().borrow_and_update();
                    if newest <= self.told {
                        continue;
                    }
                    if !self.still_allowed().await {
                        return Some(self.end(EndReason::AccessEnded));
                    }
                    return Some(self.tell(newest));
                }
            }
        }
    }

    fn tell(&mut self, version: i64) -> Event {
        self.told = version;
        self.told_at = Some(Instant::now());
        Event::default().event("version").data(json!({"version": version, "serverEpoch": self.server_epoch}).to_string())
    }

    fn end(&mut self, reason: EndReason) -> Event {
        self.ended = true;
        Event::default().event("end").data(json!({"reason": reason.as_str()}).to_string())
    }

    /// Whether the token's session is still live and its user still a member: the checks of
    /// every request, less the signature and expiry (checked when the stream opened, and timed).
    async fn still_allowed(&self) -> bool {
        let store = self.events.store();
        let claims = &self.claims;
        let live = store.session_is_live(&claims.jti, &claims.fam, &claims.org, &claims.sub).await;
        match live {
            Ok(true) => {}
            Ok(false) => return false,
            Err(error) => {
                tracing::warn!(%error, "cannot check a live sync stream's session; ending it");
                return false;
            }
        }
        match store.user(&claims.org, &claims.sub).await {
            Ok(user) => user.is_some(),
            Err(error) => {
                tracing::warn!(%error, "cannot check a live sync stream's user; ending it");
                false
            }
        }
    }
}
