//! What every handler may reach: the store, keys, mail, files and the rest of the server's
//! shared parts, built once at start-up.

use std::sync::Arc;

use fieldtag_store::Store;

use crate::auth::tokens::TokenKeys;
use crate::billing::Billing;
use crate::client_address::ClientAddress;
use crate::files::Files;
use crate::geocoder::Geocoder;
use crate::imports::runner::ImportQueue;
use crate::mail::Mailer;
use crate::metrics::MetricsAccess;
use crate::web_app::WebAssets;

/// What every handler may reach.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub tokens: Arc<TokenKeys>,
    pub mailer: Arc<Mailer>,
    /// Uploaded images and their signed links.
    pub files: Arc<Files>,
    /// Where people reach this server; links in mail start with it.
    pub public_url: String,
    /// The built web app, served from `/`.
    pub web_assets: WebAssets,
    /// The card payment provider, or none (manual billing).
    pub billing: Billing,
    /// Wakes this instance's import runner when a job is queued.
    pub import_queue: ImportQueue,
    /// The safety scan app's API, when imports from it are configured.
    pub safety_scan_url: Option<String>,
    /// Site addresses to points, when a geocoder is configured.
    pub geocoder: Option<Arc<Geocoder>>,
    /// Who may read `/metrics`.
    pub metrics: MetricsAccess,
    /// Where a request comes from, through trusted proxies.
    pub client_address: ClientAddress,
    /// The PDF reports being made and waiting.
    pub pdf_jobs: Arc<fieldtag_reports::PdfJobs>,
    /// The live sync streams of this instance and what feeds them.
    pub sync_events: crate::sync_events::SyncEvents,
}
