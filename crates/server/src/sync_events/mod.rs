//! Live sync (docs/sync.md "Live sync"): the newest version of every organisation that has an
//! open stream, fed by the store's version notices, and the limits on open streams. A stream
//! only learns a number; the device then runs its normal, permission-checked download.

mod coalesce;
mod stream;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use fieldtag_store::{Store, VersionNotice};
use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

pub use coalesce::MIN_GAP;
pub use stream::LiveStream;

/// How many streams may be open, and how often an idle one is checked and kept alive.
#[derive(Debug, Clone, Copy)]
pub struct StreamLimits {
    pub per_user: usize,
    pub total: usize,
    pub heartbeat: Duration,
}

/// Why a stream may not open.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    TooManyForUser(usize),
    Full,
}

/// The live sync hub of this instance. Cheap to clone.
#[derive(Clone)]
pub struct SyncEvents {
    hub: Arc<Hub>,
}

struct Hub {
    store: Store,
    limits: StreamLimits,
    /// The newest committed version of each organisation being watched.
    versions: Mutex<HashMap<Arc<str>, watch::Sender<i64>>>,
    open: Mutex<OpenStreams>,
    /// Set when the server stops: every stream ends, so a graceful shutdown does not wait on them.
    stopping: watch::Sender<bool>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

#[derive(Default)]
struct OpenStreams {
    total: usize,
    by_user: HashMap<String, usize>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl SyncEvents {
    /// Starts passing the store's notices to the streams (and, on PostgreSQL, listening for them).
    pub fn start(store: Store, limits: StreamLimits) -> SyncEvents {
        let notices = store.version_notices();
        let hub = Arc::new(Hub {
            store: store.clone(),
            limits,
            versions: Mutex::default(),
            open: Mutex::default(),
            stopping: watch::Sender::new(false),
            tasks: Mutex::default(),
        });
        let listener = tokio::spawn(async move { store.listen_for_versions().await });
        let distributor = tokio::spawn(distribute(Arc::downgrade(&hub), notices));
        locked(&hub.tasks).extend([listener, distributor]);
        SyncEvents { hub }
    }

    pub fn limits(&self) -> StreamLimits {
        self.hub.limits
    }

    /// Counts a new stream of `user_id` against the limits; the admission frees its place when dropped.
    pub fn admit(&self, user_id: &str) -> Result<Admission, Refusal> {
        let mut open = locked(&self.hub.open);
        let limits = self.hub.limits;
        if open.total >= limits.total {
            return Err(Refusal::Full);
        }
        let mine = open.by_user.entry(user_id.to_string()).or_default();
        if *mine >= limits.per_user {
            return Err(Refusal::TooManyForUser(limits.per_user));
        }
        *mine += 1;
        open.total += 1;
        Ok(Admission { hub: Arc::clone(&self.hub), user_id: user_id.to_string() })
    }

    /// Streams open on this instance.
    pub fn open_streams(&self) -> usize {
        locked(&self.hub.open).total
    }

    /// Watches `org_id`'s version, starting from at least `committed`.
    pub fn watch(&self, org_id: &str, committed: i64) -> OrgWatch {
        let mut versions = locked(&self.hub.versions);
        let sender = versions.entry(org_id.into()).or_insert_with(|| watch::Sender::new(committed));
        raise(sender, committed);
        OrgWatch { hub: Arc::clone(&self.hub), org_id: org_id.into(), receiver: Some(sender.subscribe()) }
    }

    /// Ends every stream and stops listening.
    pub fn stop(&self) {
        self.hub.stopping.send_replace(true);
        for task in locked(&self.hub.tasks).drain(..) {
            task.abort();
        }
    }

    fn stopping(&self) -> watch::Receiver<bool> {
        self.hub.stopping.subscribe()
    }

    fn store(&self) -> &Store {
        &self.hub.store
    }
}

/// Raises a watched version, never lowers it; watchers wake only when it grows.
fn raise(sender: &watch::Sender<i64>, version: i64) {
    sender.send_if_modified(|newest| {
        let grows = version > *newest;
        if grows {
            *newest = version;
        }
        grows
    });
}

impl Hub {
    fn reached(&self, org_id: &str, version: i64) {
        if let Some(sender) = locked(&self.versions).get(org_id) {
            raise(sender, version);
        }
    }

    fn is_watched(&self, org_id: &str) -> bool {
        locked(&self.versions).contains_key(org_id)
    }

    /// Reads the version of `org_id` again, if anyone watches it.
    async fn read_again(&self, org_id: &str) {
        if !self.is_watched(org_id) {
            return;
        }
        match self.store.current_version(org_id).await {
            Ok(version) => self.reached(org_id, version),
            Err(error) => tracing::warn!(%error, org_id, "cannot read an organisation's version for live sync"),
        }
    }

    async fn read_all_again(&self) {
        let watched: Vec<Arc<str>> = locked(&self.versions).keys().cloned().collect();
        for org_id in watched {
            self.read_again(&org_id).await;
        }
    }
}

/// Passes each notice to the watchers of its organisation, until the hub is gone.
async fn distribute(hub: std::sync::Weak<Hub>, mut notices: broadcast::Receiver<VersionNotice>) {
    loop {
        let notice = notices.recv().await;
        let Some(hub) = hub.upgrade() else { return };
        match notice {
            Ok(VersionNotice::Reached { org_id, version }) => hub.reached(&org_id, version),
            Ok(VersionNotice::Changed { org_id }) => hub.read_again(&org_id).await,
            Ok(VersionNotice::MaybeMissed) | Err(broadcast::error::RecvError::Lagged(_)) => hub.read_all_again().await,
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// A stream's place under the limits.
pub struct Admission {
    hub: Arc<Hub>,
    user_id: String,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut open = locked(&self.hub.open);
        open.total -= 1;
        if let Some(mine) = open.by_user.get_mut(&self.user_id) {
            *mine -= 1;
            if *mine == 0 {
                open.by_user.remove(&self.user_id);
            }
        }
    }
}

/// One stream's view of its organisation's newest version; the organisation is forgotten
/// when its last watcher goes.
pub struct OrgWatch {
    hub: Arc<Hub>,
    org_id: Arc<str>,
    receiver: Option<watch::Receiver<i64>>,
}

impl OrgWatch {
    /// Tells every watcher of this organisation that its versions up to `version` are committed.
    pub fn raise(&mut self, version: i64) {
        self.hub.reached(&self.org_id, version);
    }

    fn receiver(&mut self) -> &mut watch::Receiver<i64> {
        self.receiver.as_mut().expect("the receiver lives until drop")
    }
}

impl Drop for OrgWatch {
    fn drop(&mut self) {
        let mut versions = locked(&self.hub.versions);
        drop(self.receiver.take());
        if versions.get(&self.org_id).is_some_and(|sender| sender.receiver_count() == 0) {
            versions.remove(&self.org_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watched_version_only_grows() {
        let sender = watch::Sender::new(5);
        let mut receiver = sender.subscribe();
        raise(&sender, 3);
        assert!(!receiver.has_changed().unwrap());
        raise(&sender, 5);
        assert!(!receiver.has_changed().unwrap());
        raise(&sender, 8);
        raise(&sender, 7);
        assert!(receiver.has_changed().unwrap());
        assert_eq!(*receiver.borrow_and_update(), 8);
    }
}
