//! The import record as every import answer and list item shows it (spec §3 Import record,
//! plus source, progress and counts). The UI derives the status: running while
//! `dateCompleted` is null, failed when `error` is set, done otherwise.

use fieldtag_store::ImportJob;
use serde::Serialize;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRecord {
    pub id: String,
    pub org_id: String,
    /// `safetyScan` or `csv`.
    pub source: String,
    /// RFC 3339 UTC.
    pub date_started: String,
    pub date_completed: Option<String>,
    pub error: Option<String>,
    /// Quote this to support: the server's log of the job carries it.
    pub context_id: String,
    pub import_all_sites: bool,
    pub clear_all_data: bool,
    pub import_users: bool,
    /// YYYY-MM-DD.
    pub import_date: Option<String>,
    pub progress: Progress,
    pub records_written: i64,
    pub rows_rejected: i64,
}

/// Steps done of steps known (for the safety scan app: pages fetched of pages known).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Progress {
    pub done: i64,
    pub total: i64,
}

impl From<ImportJob> for ImportRecord {
    fn from(job: ImportJob) -> ImportRecord {
        ImportRecord {
            id: job.id,
            org_id: job.org_id,
            source: job.source,
            date_started: job.date_started,
            date_completed: job.date_completed,
            error: job.error,
            context_id: job.context_id,
            import_all_sites: job.import_all_sites,
            clear_all_data: job.clear_all_data,
            import_users: job.import_users,
            import_date: job.import_date,
            progress: Progress { done: job.progress_done, total: job.progress_total },
            records_written: job.records_written,
            rows_rejected: job.rows_rejected,
        }
    }
}
