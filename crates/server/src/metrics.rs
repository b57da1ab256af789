//! What `GET /metrics` shows, in Prometheus text format: HTTP requests and their latency by
//! route template, sync batches and records, and the import job queue (docs/operations.md).
//!
//! Counters live in the process-wide `metrics` recorder, as a scraper expects of one process;
//! the job queue is read from the database at each scrape, so it is the same on every instance.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::Response;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use sha2::{Digest, Sha256};

use crate::error::{ApiError, ApiResult};

pub const REQUESTS: &str = "fieldtag_http_requests_total";
pub const REQUEST_SECONDS: &str = "fieldtag_http_request_duration_seconds";
pub const SYNC_BATCHES: &str = "fieldtag_sync_batches_total";
pub const SYNC_RECORDS: &str = "fieldtag_sync_records_total";
pub const IMPORT_JOBS_WAITING: &str = "fieldtag_import_jobs_waiting";

/// Latency buckets (seconds): the sync goal is p99 under 100 ms, so the low end is fine-grained.
const LATENCY_BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

/// The process's recorder, installed the first time a router is built.
pub fn install() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(REQUEST_SECONDS.into()), &LATENCY_BUCKETS)
            .expect("the buckets are not empty");
        // Also starts the upkeep that drains histograms between scrapes.
        builder.install_recorder().unwrap_or_else(|error| {
            tracing::warn!(%error, "another metrics recorder is installed: /metrics shows only the job queue");
            PrometheusBuilder::new().build_recorder().handle()
        })
    })
}

/// Counts each request by method, route template and status, and times it (to the answer's
/// head: a streamed body's transfer is not included).
pub async fn track(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let route = match request.extensions().get::<MatchedPath>() {
        Some(path) => path.as_str().to_owned(),
        // No route: unknown API paths and the web app's files, which would make a label per path.
        None if request.uri().path().starts_with("/api") => "unmatched".to_owned(),
        None => "web app".to_owned(),
    };
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::histogram!(REQUEST_SECONDS, "method" => method.clone(), "route" => route.clone()).record(started.elapsed().as_secs_f64());
    metrics::counter!(REQUESTS, "method" => method, "route" => route, "status" => status).increment(1);
    response
}

/// One sync batch went `direction` ("up" or "down") with `records` records.
pub fn sync_batch(direction: &'static str, records: usize) {
    metrics::counter!(SYNC_BATCHES, "direction" => direction).increment(1);
    metrics::counter!(SYNC_RECORDS, "direction" => direction).increment(records as u64);
}

/// Who may read `/metrics`: with a token, whoever sends it as a bearer; without one, only a
/// direct connection from this machine (not one a reverse proxy forwarded).
#[derive(Clone, Default)]
pub struct MetricsAccess {
    token_hash: Option<[u8; 32]>,
}

impl MetricsAccess {
    pub fn new(token: Option<&str>) -> MetricsAccess {
        MetricsAccess { token_hash: token.filter(|t| !t.is_empty()).map(hash) }
    }

    /// Whether a request from `peer` with `headers` may read the metrics.
    pub fn check(&self, peer: Option<SocketAddr>, headers: &HeaderMap) -> ApiResult<()> {
        match &self.token_hash {
            Some(expected) => {
                let sent = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
                // Hashes compared, so the time taken says nothing about the token.
                if sent.map(hash).as_ref() == Some(expected) { Ok(()) } else { Err(ApiError::metrics_token_needed()) }
            }
            None => {
                let forwarded = headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED);
                if peer.is_some_and(|p| p.ip().is_loopback()) && !forwarded {
                    Ok(())
                } else {
                    Err(ApiError::forbidden("/metrics is open only to this machine; set FIELDTAG_METRICS_TOKEN to read it from elsewhere"))
                }
            }
        }
    }
}

fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}
