//! Fieldtag's persistence. One schema and one set of queries serve SQLite (the
//! embedded default) and PostgreSQL (scale-out), through sqlx's `Any` driver:
//! queries use `$N` placeholders, which both engines read — except the statements that bind
//! hundreds of values, which use SQLite's anonymous `?` there (named ones bind in quadratic time).

mod alerts;
mod analytics;
mod auth_tokens;
mod backup;
mod billing;
mod connect;
mod counters;
mod csv_import;
mod demo_organizations;
pub mod export;
mod faults;
mod feed;
mod geocode_cache;
mod group_commit;
mod identities;
mod imports;
mod job_queue;
mod logs;
mod organizations;
mod outbox;
mod rate_limit;
mod records;
mod report_reads;
mod retention;
mod secrets;
mod server_epoch;
mod sync;
mod transfers;
mod version_notices;

pub use analytics::AnalyticsEvent;
pub use auth_tokens::{LiveUserToken, RefreshOutcome, SetPasswordRefusal, UserTokenPurpose};
pub use backup::{BackupError, restore_sqlite};
pub use billing::{EventChange, EventOutcome, Subscription, WebhookEvent};
pub use connect::{Engine, Store};
pub use csv_import::CsvImportEntry;
pub use demo_organizations::DEMO_ORGANIZATIONS_KEPT_MILLIS;
pub use feed::{ChangeList, ChangeLists, FeedPage, RawChange, push_with_version};
pub use geocode_cache::CachedPlace;
pub use identities::{ClaimRefusal, Identity};
pub use imports::{ImportJob, ImportWrite, ImportWritten, NewImport};
pub use logs::ClientLog;
pub use outbox::OutboxMail;
pub use rate_limit::Limit;
pub use records::{NewRecord, StoredRecord};
pub use sync::{IncomingRecord, SyncOutcome, UploadRules};
pub use transfers::{Transfer, TransferDone, TransferRefusal};
pub use version_notices::VersionNotice;

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    /// A unique key is already taken (e.g. an email on sign-up).
    #[error("already exists")]
    Conflict,
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Database(#[source] sqlx::Error),
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// One failure answered to several callers: every upload of a group commit that failed.
    #[error("{0}")]
    Shared(std::sync::Arc<StoreError>),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(error),
        }
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Milliseconds since the Unix epoch: how the store keeps its own times.
pub fn now_millis() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

/// Now as a record stamp (domain `time::format_stamp`): how records and the API write times.
pub fn now_stamp() -> String {
    fieldtag_domain::time::format_stamp(jiff::Timestamp::now())
}

/// A random 32-character hex id, the shape of every Fieldtag id.
pub fn new_id() -> String {
    hex::encode(rand::random::<[u8; 16]>())
}
