//! What the load test measured: latencies per request kind, records moved, errors; and its report.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::ERRORS_SHOWN;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Kind {
    SyncDownload,
    SyncUpload,
    ServiceUpload,
    TokenRefresh,
}

impl Kind {
    pub(super) fn name(self) -> &'static str {
        match self {
            Kind::SyncDownload => "sync GET",
            Kind::SyncUpload => "sync PATCH (unsent)",
            Kind::ServiceUpload => "service PATCH",
            Kind::TokenRefresh => "token refresh",
        }
    }
}

#[derive(Default)]
pub(super) struct Errors {
    pub(super) count: u64,
    pub(super) first: Vec<String>,
}

/// Latencies per request kind, records moved, and errors, shared by every technician.
#[derive(Default)]
pub(super) struct Recorder {
    pub(super) latencies: Mutex<BTreeMap<Kind, Vec<f64>>>,
    pub(super) records: AtomicU64,
    pub(super) errors: Mutex<Errors>,
}

impl Recorder {
    pub(super) fn latency(&self, kind: Kind, elapsed: Duration) {
        self.latencies.lock().unwrap().entry(kind).or_default().push(elapsed.as_secs_f64() * 1000.0);
    }

    pub(super) fn add_records(&self, count: u64) {
        self.records.fetch_add(count, Ordering::Relaxed);
    }

    pub(super) fn error(&self, message: String) {
        let mut errors = self.errors.lock().unwrap();
        errors.count += 1;
        if errors.first.len() < ERRORS_SHOWN {
            errors.first.push(message);
        }
    }

    /// Reads a response whole and times it; a transport error, a non-2xx status or a body
    /// that is not JSON is recorded as an error and gives None.
    pub(super) async fn answer(&self, kind: Kind, started: Instant, sent: reqwest::Result<reqwest::Response>) -> Option<Value> {
        let received = match sent {
            Ok(response) => {
                let status = response.status();
                response.text().await.map(|body| (status, body))
            }
            Err(error) => Err(error),
        };
        self.latency(kind, started.elapsed());
        match received {
            Err(error) => self.error(format!("{}: transport: {error}", kind.name())),
            Ok((status, body)) if !status.is_success() => self.error(format!("{}: {status} {}", kind.name(), brief(&body))),
            Ok((_, body)) => match serde_json::from_str(&body) {
                Ok(answer) => return Some(answer),
                Err(error) => self.error(format!("{}: not JSON ({error}): {}", kind.name(), brief(&body))),
            },
        }
        None
    }

    pub(super) fn report(&self, engine: &str, technicians: usize, seconds: f64, server_cpu: f64, peak_rss_mb: f64) {
        let latencies = self.latencies.lock().unwrap();
        let requests: usize = latencies.values().map(Vec::len).sum();
        let records = self.records.load(Ordering::Relaxed);
        println!(
            "{engine}: {technicians} technicians for {seconds:.0} s: {requests} requests = {:.1} req/s, {records} records moved = {:.0} records/s",
            requests as f64 / seconds,
            records as f64 / seconds
        );
        println!("{engine}: server CPU {server_cpu:.1} s = {:.0}% of one core, peak RSS {peak_rss_mb:.0} MB", 100.0 * server_cpu / seconds);
        let mut worst_p99 = 0f64;
        for (kind, values) in latencies.iter() {
            let mut sorted = values.clone();
            sorted.sort_by(f64::total_cmp);
            let p = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q).round() as usize];
            worst_p99 = worst_p99.max(p(0.99));
            println!(
                "{engine}: {:<20} {:>6} requests  p50 {:>7.1} ms  p95 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
                kind.name(),
                sorted.len(),
                p(0.50),
                p(0.95),
                p(0.99),
                sorted[sorted.len() - 1]
            );
        }
        let errors = self.errors.lock().unwrap();
        println!("{engine}: errors: {} (non-2xx, transport, rejected records)", errors.count);
        for message in &errors.first {
            println!("{engine}:   {message}");
        }
        let met = errors.count == 0 && worst_p99 < 100.0;
        println!("{engine}: goal (0 errors, p99 < 100 ms for every kind): {}", if met { "met" } else { "missed" });
    }
}

/// The start of a response body, for an error line.
pub(super) fn brief(body: &str) -> String {
    body.chars().take(200).collect()
}
