//! Configuration: flags and `FIELDTAG_*` variables, with defaults that start a
//! working single-machine server.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;

use crate::billing::BillingConfig;
use crate::files::FilesConfig;

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "FIELDTAG_BIND", default_value = "127.0.0.1")]
    pub bind: IpAddr,

    /// Port to listen on (0 picks a free one).
    #[arg(long, env = "FIELDTAG_PORT", default_value_t = 8080)]
    pub port: u16,

    /// Where the embedded database and local files live.
    #[arg(long, env = "FIELDTAG_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Database URL: `sqlite://PATH` or `postgres://...`. Default: SQLite in the data directory.
    #[arg(long, env = "FIELDTAG_DATABASE_URL")]
    pub database_url: Option<String>,

    /// The address people reach this server at; links in mail are built from it.
    #[arg(long, env = "FIELDTAG_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Secret that signs access tokens. Default: generated once and kept in the database,
    /// so every instance on one database agrees.
    #[arg(long, env = "FIELDTAG_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,

    /// SMTP server for outgoing mail, e.g. `smtps://user:pass@mail.example.com`.
    /// Without it, mail is kept in the outbox table and written to the log.
    #[arg(long, env = "FIELDTAG_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// The sender of outgoing mail.
    #[arg(long, env = "FIELDTAG_MAIL_FROM", default_value = "Fieldtag <no-reply@fieldtag.local>")]
    pub mail_from: String,

    /// Minutes an access token lives.
    #[arg(long, env = "FIELDTAG_ACCESS_TOKEN_MINUTES", default_value_t = 15, value_parser = clap::value_parser!(i64).range(1..=1440))]
    pub access_token_minutes: i64,

    /// Serve the web app from this folder (a web build, `web/dist`) instead of the copy built
    /// into the binary: for development and tests.
    #[arg(long, env = "FIELDTAG_WEB_DIR")]
    pub web_dir: Option<PathBuf>,

    /// Bearer token that `/metrics` requires. Without it, `/metrics` answers only direct
    /// connections from this machine (none forwarded by a proxy).
    #[arg(long, env = "FIELDTAG_METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<String>,

    /// How often the maintenance task prunes what has expired (tokens, limits, logs, mail).
    #[arg(skip = std::time::Duration::from_secs(60 * 60))]
    pub maintenance_every: std::time::Duration,

    /// How often the maintenance task sweeps photos and signatures no record names
    /// (files/sweep.rs): at most this often, however often it prunes.
    #[arg(skip = std::time::Duration::from_secs(60 * 60))]
    pub evidence_sweep_every: std::time::Duration,

    /// Addresses of the reverse proxies in front of this server (comma-separated): from them,
    /// `X-Forwarded-For` names the client for the per-address login limit. None by default.
    #[arg(long, env = "FIELDTAG_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<IpAddr>,

    /// Base URL of the safety scan app's API, the source of `POST /organizations/{orgId}/imports`
    /// (docs/import.md). Without it, imports from the app are refused.
    #[arg(long, env = "FIELDTAG_SAFETY_SCAN_URL")]
    pub safety_scan_url: Option<String>,

    /// Search URL of a geocoder speaking Nominatim's protocol, e.g.
    /// `https://nominatim.openstreetmap.org/search` (docs/maps.md). Without it, site maps are off.
    #[arg(long, env = "FIELDTAG_GEOCODER_URL")]
    pub geocoder_url: Option<String>,

    /// PDF reports made at once (docs/reports.md); each holds its site's records and layout in
    /// memory while it is made. Default: the number of CPU cores.
    #[arg(long, env = "FIELDTAG_REPORT_JOBS", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub report_jobs: Option<u16>,

    /// PDF reports that may wait for a turn; one more is answered 503 with Retry-After.
    #[arg(long, env = "FIELDTAG_REPORT_QUEUE", default_value_t = 8, value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub report_queue: u16,

    /// Live sync streams (docs/sync.md "Live sync") one user may hold open on this instance.
    #[arg(long, env = "FIELDTAG_SYNC_EVENTS_PER_USER", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..))]
    pub sync_events_per_user: u16,

    /// Live sync streams this instance holds at most; one more is answered 503 and its device
    /// syncs every minute instead.
    #[arg(long, env = "FIELDTAG_SYNC_EVENTS_MAX", default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub sync_events_max: u32,

    /// Seconds between a live sync stream's heartbeats (a `: keep-alive` comment, and a check
    /// that its session and user are still live).
    #[arg(long, env = "FIELDTAG_SYNC_EVENTS_HEARTBEAT_SECS", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=300))]
    pub sync_events_heartbeat_secs: u64,

    /// Log format: `pretty` or `json`.
    #[arg(long, env = "FIELDTAG_LOG_FORMAT", default_value = "pretty", value_parser = ["pretty", "json"])]
    pub log_format: String,

    #[command(flatten)]
    pub files: FilesConfig,

    #[command(flatten)]
    pub billing: BillingConfig,
}

impl Config {
    /// The database URL in force.
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| format!("sqlite://{}?mode=rwc", self.data_dir.join("fieldtag.db").display()))
    }

    /// PDF reports made at once: as configured, else one per CPU core.
    pub fn report_jobs(&self) -> usize {
        self.report_jobs.map(usize::from).unwrap_or_else(|| std::thread::available_parallelism().map_or(2, usize::from))
    }

    /// The limits on live sync streams.
    pub fn sync_event_limits(&self) -> crate::sync_events::StreamLimits {
        crate::sync_events::StreamLimits {
            per_user: self.sync_events_per_user.into(),
            total: self.sync_events_max as usize,
            heartbeat: std::time::Duration::from_secs(self.sync_events_heartbeat_secs),
        }
    }

    /// The public URL in force, without a trailing slash.
    pub fn public_url(&self, bound_port: u16) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{}:{}", self.bind, bound_port),
        }
    }

    /// A configuration for tests and tools: every default, the given data dir and database.
    pub fn for_data_dir(data_dir: PathBuf, database_url: Option<String>) -> Config {
        Config {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 0,
            data_dir,
            database_url,
            public_url: None,
            jwt_secret: None,
            smtp_url: None,
            mail_from: "Fieldtag <no-reply@fieldtag.local>".into(),
            access_token_minutes: 15,
            web_dir: None,
            safety_scan_url: None,
            geocoder_url: None,
            metrics_token: None,
            trusted_proxies: Vec::new(),
            report_jobs: None,
            report_queue: 8,
            sync_events_per_user: 10,
            sync_events_max: 10_000,
            sync_events_heartbeat_secs: 15,
            log_format: "pretty".into(),
            files: FilesConfig::default(),
            billing: BillingConfig::default(),
            maintenance_every: std::time::Duration::from_secs(60 * 60),
            evidence_sweep_every: std::time::Duration::from_secs(60 * 60),
        }
    }
}
