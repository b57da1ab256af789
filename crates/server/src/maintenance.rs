//! The maintenance task: on every instance, at start and then every `every`, prunes what has
//! expired (store/retention.rs), and at most every `sweep_every` sweeps the photos and
//! signatures no record names (files/sweep.rs). Deleting an expired row or a swept file twice
//! is harmless, so instances need not agree on who does it.

use std::sync::Arc;
use std::time::Duration;

use fieldtag_store::{Store, now_millis};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::files::Files;

pub struct Maintenance {
    task: JoinHandle<()>,
}

impl Maintenance {
    pub fn start(store: Store, files: Arc<Files>, every: Duration, sweep_every: Duration) -> Maintenance {
        let task = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut last_sweep = None;
            loop {
                let tick = ticks.tick().await;
                match store.prune_expired(now_millis()).await {
                    Ok(0) => {}
                    Ok(pruned) => tracing::info!(pruned, "expired rows pruned"),
                    Err(error) => tracing::warn!(%error, "cannot prune expired rows; trying again at the next round"),
                }
                if sweep_due(last_sweep, tick, sweep_every) {
                    last_sweep = Some(tick);
                    match files.sweep_evidence(&store, jiff::Timestamp::now()).await {
                        Ok(0) => {}
                        Ok(deleted) => tracing::info!(deleted, "photos and signatures no record names deleted"),
                        Err(error) => tracing::warn!(%error, "cannot sweep photos and signatures; trying again at the next round"),
                    }
                }
            }
        });
        Maintenance { task }
    }

    pub fn stop(self) {
        self.task.abort();
    }
}

/// Whether the sweep is due at `tick`: the ticks' own times are compared, so the time a prune
/// took does not push the sweep back by a whole round.
fn sweep_due(last: Option<Instant>, tick: Instant, every: Duration) -> bool {
    last.is_none_or(|last| tick.duration_since(last) >= every)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sweep_runs_at_start_then_at_most_every_sweep_every() {
        let start = Instant::now();
        let hour = Duration::from_secs(3600);
        assert!(sweep_due(None, start, hour));
        assert!(!sweep_due(Some(start), start + Duration::from_secs(60), hour), "a prune every minute does not sweep every minute");
        assert!(sweep_due(Some(start), start + hour, hour));
    }
}
