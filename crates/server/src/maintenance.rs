//! The maintenance task: on every instance, at start and then every `every`, prunes what has
//! expired (store/retention.rs). Deleting an expired row twice is harmless, so instances need
//! not agree on who does it.

use std::time::Duration;

use fieldtag_store::{Store, now_millis};
use tokio::task::JoinHandle;

pub struct Maintenance {
    task: JoinHandle<()>,
}

impl Maintenance {
    pub fn start(store: Store, every: Duration) -> Maintenance {
        let task = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                match store.prune_expired(now_millis()).await {
                    Ok(0) => {}
                    Ok(pruned) => tracing::info!(pruned, "expired rows pruned"),
                    Err(error) => tracing::warn!(%error, "cannot prune expired rows; trying again at the next round"),
                }
            }
        });
        Maintenance { task }
    }

    pub fn stop(self) {
        self.task.abort();
    }
}
