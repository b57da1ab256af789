//! Group commit of sync uploads. A commit waits for the disk (one fsync); the uploads that
//! arrive for a lane while it waits are applied together next, in one transaction, each inside
//! its own savepoint, and committed with one fsync. Nothing is answered before the commit that
//! holds it: an upload is acknowledged only once it is durable.
//!
//! A lane is one organisation on PostgreSQL (its uploads already queue on the organisation's row
//! lock; other organisations commit beside it, and PostgreSQL shares their WAL flushes), and the
//! whole database on SQLite (one writer connection; a transaction may span organisations there,
//! since SQLite has one lock anyway). In a lane the uploads are applied in the order they came,
//! so versions are handed out in that order and committed together with their rows: the feed's
//! cursor rule (everything up to the organisation's version is committed) still holds.
//!
//! An upload that fails (a database error) rolls back to its savepoint and gets its own error;
//! the others of its group are unaffected. If the commit itself fails, every upload of the group
//! gets an error and none was stored.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use sqlx::{AnyPool, Connection};
use tokio::sync::oneshot;

use crate::sync::{IncomingRecord, SyncOutcome, UploadRules, apply_batch};
use crate::{Result, StoreError};

/// At most this many uploads share one commit (they may be large; a long group holds the
/// next one back).
const MAX_GROUP: usize = 64;

/// One upload waiting for its lane.
struct Job {
    org_id: String,
    records: Vec<IncomingRecord>,
    rules: Arc<dyn UploadRules + Send>,
    answer: oneshot::Sender<Result<Vec<SyncOutcome>>>,
}

/// The uploads waiting, by lane. A lane is in the map while its worker runs.
#[derive(Default)]
pub(crate) struct Lanes {
    queues: Mutex<HashMap<String, VecDeque<Job>>>,
}

impl Lanes {
    /// Queues an upload in `lane` and waits until the commit that holds it is done.
    pub(crate) async fn apply(
        self: &Arc<Self>,
        writer: &AnyPool,
        lane: String,
        org_id: &str,
        records: Vec<IncomingRecord>,
        rules: Arc<dyn UploadRules + Send>,
    ) -> Result<Vec<SyncOutcome>> {
        let (answer, answered) = oneshot::channel();
        let job = Job { org_id: org_id.to_string(), records, rules, answer };
        let start_worker = {
            let mut queues = self.queues.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match queues.get_mut(&lane) {
                Some(queue) => {
                    queue.push_back(job);
                    false
                }
                None => {
                    queues.insert(lane.clone(), VecDeque::from([job]));
                    true
                }
            }
        };
        if start_worker {
            // A task of its own: an upload whose client goes away does not stop the others' commit.
            tokio::spawn(run_lane(Arc::clone(self), writer.clone(), lane));
        }
        answered.await.map_err(|_| group_failed("its commit was abandoned"))?
    }
}

/// Commits the lane's groups until its queue is empty, then leaves the lane.
async fn run_lane(lanes: Arc<Lanes>, writer: AnyPool, lane: String) {
    let mut guard = LaneGuard { lanes: &lanes, lane: &lane, armed: true };
    loop {
        let group: Vec<Job> = {
            let mut queues = lanes.queues.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let Some(queue) = queues.get_mut(&lane) else { break };
            if queue.is_empty() {
                queues.remove(&lane);
                break;
            }
            let take = queue.len().min(MAX_GROUP);
            queue.drain(..take).collect()
        };
        commit_group(&writer, group).await;
    }
    guard.armed = false;
}

/// Should a worker stop early (a panic), its lane is freed and the uploads still queued in it
/// are answered with an error (their senders are dropped), so a later upload starts a new worker.
struct LaneGuard<'a> {
    lanes: &'a Lanes,
    lane: &'a str,
    armed: bool,
}

impl Drop for LaneGuard<'_> {
    fn drop(&mut self) {
        if self.armed {
            let mut queues = self.lanes.queues.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            queues.remove(self.lane);
        }
    }
}

/// Applies a group in one transaction, each upload inside a savepoint, commits once, then
/// answers every upload of the group.
async fn commit_group(writer: &AnyPool, group: Vec<Job>) {
    let mut applied: Vec<Result<Vec<SyncOutcome>>> = Vec::with_capacity(group.len());
    let committed: Result<()> = async {
        let mut tx = writer.begin().await?;
        for job in &group {
            // A nested transaction is a savepoint: committing it releases it, rolling it back
            // undoes this upload only.
            let mut savepoint = Connection::begin(&mut *tx).await?;
            match apply_batch(&mut savepoint, &job.org_id, &job.records, &*job.rules).await {
                Ok(outcomes) => {
                    savepoint.commit().await?;
                    applied.push(Ok(outcomes));
                }
                Err(error) => {
                    // An error that broke the whole transaction (SQLite rolls back on a full
                    // disk) is the group's: every upload of it gets that error.
                    if savepoint.rollback().await.is_err() {
                        return Err(error);
                    }
                    applied.push(Err(error));
                }
            }
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    match committed {
        Ok(()) => {
            for (job, result) in group.into_iter().zip(applied) {
                // The client may be gone; its upload is stored all the same (a re-send is idempotent).
                let _ = job.answer.send(result);
            }
        }
        Err(error) => {
            tracing::warn!(%error, uploads = group.len(), "a group of sync uploads failed to commit");
            // Each upload gets the same error, so a full disk or a lost database is still named.
            let error = Arc::new(error);
            for job in group {
                let _ = job.answer.send(Err(StoreError::Shared(Arc::clone(&error))));
            }
        }
    }
}

/// The error of an upload whose worker stopped before answering it.
fn group_failed(reason: &str) -> StoreError {
    StoreError::Database(sqlx::Error::Protocol(format!("upload not stored: {reason}")))
}
