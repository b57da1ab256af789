//! How many PDFs are made at once. A PDF holds its site's records, its table and Typst's layout
//! in memory while it is made, so at most `running` are made together and at most `waiting`
//! more wait their turn; the request after that is turned away (the route answers 503 with
//! Retry-After) rather than adding to the server's memory.

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{Semaphore, SemaphorePermit};

use super::error::{ReportError, ReportResult};

pub struct PdfJobs {
    slots: Semaphore,
    waiting_limit: usize,
    waiting: AtomicUsize,
    running: AtomicUsize,
    peak: AtomicUsize,
}

impl PdfJobs {
    /// At most `running` PDFs at once (at least one), and `waiting` more in the queue.
    pub fn new(running: usize, waiting: usize) -> PdfJobs {
        PdfJobs {
            slots: Semaphore::new(running.max(1)),
            waiting_limit: waiting,
            waiting: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// A turn to make a PDF: at once when a slot is free, after the jobs ahead when the queue
    /// has room, else [`ReportError::Busy`]. The turn ends when the job is dropped.
    pub async fn admit(&self) -> ReportResult<PdfJob<'_>> {
        let permit = match self.slots.try_acquire() {
            Ok(permit) => permit,
            Err(_) => {
                let queued = self.waiting.fetch_add(1, Ordering::AcqRel);
                let _leave = Waiting(&self.waiting);
                if queued >= self.waiting_limit {
                    return Err(ReportError::Busy);
                }
                self.slots.acquire().await.map_err(|_| ReportError::Busy)?
            }
        };
        let running = self.running.fetch_add(1, Ordering::AcqRel) + 1;
        self.peak.fetch_max(running, Ordering::AcqRel);
        Ok(PdfJob { jobs: self, _permit: permit })
    }

    /// The PDFs waiting for a turn now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Acquire)
    }

    /// The most PDFs made at the same time since the start.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Acquire)
    }
}

/// One PDF being made; its slot frees when it is dropped.
pub struct PdfJob<'a> {
    jobs: &'a PdfJobs,
    _permit: SemaphorePermit<'a>,
}

impl Drop for PdfJob<'_> {
    fn drop(&mut self) {
        self.jobs.running.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A place in the queue, given up when the wait ends or the request goes away.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_turns_the_next_job_away_and_a_freed_slot_lets_one_in() {
        let jobs = PdfJobs::new(1, 1);
        let first = jobs.admit().await.unwrap();
        let queued = jobs.admit();
        tokio::pin!(queued);
        assert!(futures_poll(&mut queued).await.is_none(), "waits while the slot is taken");
        assert!(matches!(jobs.admit().await, Err(ReportError::Busy)), "the queue holds one");
        drop(first);
        let job = queued.await.unwrap();
        assert_eq!(jobs.peak(), 1);
        drop(job);
        assert!(jobs.admit().await.is_ok());
    }

    /// Polls once: Some(output) when ready.
    async fn futures_poll<F: Future + Unpin>(future: &mut F) -> Option<F::Output> {
        tokio::select! {
            biased;
            output = future => Some(output),
            () = std::future::ready(()) => None,
        }
    }
}
