//! The import job runner, started by `serve` on every instance: it polls the `imports` table
//! every second (and at once when this instance queues a job), leases the oldest waiting job,
//! renews the lease while working, and ends the job with its records or its error. A job whose
//! lease ran out (its instance died) is taken up by whichever runner polls next.

use std::sync::Arc;
use std::time::Duration;

use fieldtag_store::{ImportJob, Store, new_id};
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use super::safety_scan::{self, ImportError, Invitee};
use crate::auth::password_links::{Invitation, invite_link, invite_mail};
use crate::mail::Mailer;

/// How often an idle runner looks for waiting jobs.
pub const POLL_EVERY: Duration = Duration::from_secs(1);
/// How long a lease lasts without renewal: past it, the job counts as interrupted.
pub const LEASE: Duration = Duration::from_secs(30);
/// How often a working runner renews its lease.
pub const RENEW_EVERY: Duration = Duration::from_secs(10);
/// Leases one job may have: a job interrupted this many times fails instead of running again.
pub const MAX_ATTEMPTS: i64 = 3;

/// Wakes this instance's runner when a job is queued, instead of waiting for its next poll.
#[derive(Clone, Default)]
pub struct ImportQueue {
    wake: Arc<Notify>,
}

impl ImportQueue {
    pub fn queued(&self) {
        self.wake.notify_one();
    }
}

/// What the runner needs besides the queue.
pub struct RunnerContext {
    pub store: Store,
    /// The safety scan app's API (FIELDTAG_SAFETY_SCAN_URL).
    pub safety_scan_url: Option<String>,
    pub mailer: Arc<Mailer>,
    pub public_url: String,
}

/// The running runner.
pub struct ImportRunner {
    task: JoinHandle<()>,
}

impl ImportRunner {
    pub fn start(context: RunnerContext, queue: ImportQueue) -> ImportRunner {
        let worker = new_id();
        ImportRunner { task: tokio::spawn(run_forever(context, queue, worker)) }
    }

    /// Stops at once. A job in progress is dropped with its transaction uncommitted; its lease
    /// runs out and another instance (or this one, after a restart) takes it up again.
    pub async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
    }
}

async fn run_forever(context: RunnerContext, queue: ImportQueue, worker: String) {
    loop {
        loop {
            match context.store.lease_next_import(&worker, safety_scan::SOURCE, LEASE.as_millis() as i64).await {
                Ok(Some(job)) => run_leased(&context, &worker, job).await,
                Ok(None) => break,
                Err(error) => {
                    tracing::warn!(%error, "cannot look for waiting import jobs");
                    break;
                }
            }
        }
        tokio::select! {
            () = queue.wake.notified() => {}
            () = tokio::time::sleep(POLL_EVERY) => {}
        }
    }
}

/// Runs one leased job while renewing its lease; stops quietly if the lease is lost.
async fn run_leased(context: &RunnerContext, worker: &str, job: ImportJob) {
    tracing::info!(import = job.id, context_id = job.context_id, attempt = job.attempts, "import started");
    let outcome = if job.attempts > MAX_ATTEMPTS {
        Err(ImportError::Interrupted(job.attempts - 1))
    } else {
        let work = safety_scan::run(&context.store, context.safety_scan_url.as_deref(), worker, &job);
        tokio::select! {
            outcome = work => outcome,
            () = keep_lease(&context.store, &job.id, worker) => Err(ImportError::LeaseLost),
        }
    };
    match outcome {
        Ok(finished) => {
            tracing::info!(
                import = job.id,
                context_id = job.context_id,
                records = finished.written.records_written,
                rejected = finished.written.rows_rejected,
                deleted = finished.written.tombstones,
                "import done"
            );
            for invitee in &finished.invitees {
                invite(context, &job, invitee).await;
            }
        }
        Err(ImportError::LeaseLost) => {
            tracing::info!(import = job.id, context_id = job.context_id, "import taken up by another worker; this one stops");
        }
        Err(error) => {
            tracing::error!(import = job.id, context_id = job.context_id, %error, "import failed");
            if let Err(store_error) = context.store.fail_import(&job.id, worker, &error.to_string()).await {
                tracing::error!(import = job.id, context_id = job.context_id, error = %store_error, "cannot record the import's failure");
            }
        }
    }
}

/// Renews the lease until it is lost (returns then); errors are retried at the next renewal.
async fn keep_lease(store: &Store, job_id: &str, worker: &str) {
    loop {
        tokio::time::sleep(RENEW_EVERY).await;
        match store.renew_import_lease(job_id, worker, LEASE.as_millis() as i64).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(error) => tracing::warn!(import = job_id, %error, "cannot renew the import's lease"),
        }
    }
}

/// Mails an imported user the link to set their password and join (as an invite link does).
async fn invite(context: &RunnerContext, job: &ImportJob, invitee: &Invitee) {
    // A throw-away demo sends no mail: its user records may name anyone.
    if crate::demo::is_throw_away(&context.store, &job.org_id).await.unwrap_or(true) {
        return;
    }
    let link = match invite_link(&context.store, &context.public_url, &job.org_id, &invitee.user_id).await {
        Ok(link) => link,
        Err(error) => {
            tracing::error!(context_id = job.context_id, user = invitee.user_id, %error, "cannot create an imported user's invite");
            return;
        }
    };
    let (subject, body) = invite_mail(&invitee.name, Invitation::Imported, &link);
    context.mailer.send(&invitee.email, subject, &body).await;
}
