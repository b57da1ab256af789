//! Running an import: the file is checked against the organisation as it stands, and the
//! accepted rows are written with the completed import record in one transaction. A write
//! that lands between the check and the commit sends the file round again.

use std::collections::BTreeMap;

use fieldtag_store::{CsvImportEntry, NewRecord, Store, StoreError, now_stamp};
use serde_json::json;

use crate::imports::record::{ImportRecord, Progress};

use super::catalogue::{Catalogue, kinds_read};
use super::check::{Checked, check_file};
use super::fields::FileKind;
use super::file::MappedFile;

/// Checks before giving up when other writes keep landing during the check.
const ATTEMPTS: usize = 3;

/// The import as done or as it would be done.
pub struct Outcome {
    pub checked: Checked,
    /// The import record, when the records were written.
    pub import: Option<ImportRecord>,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("the organisation kept changing while the file was checked")]
    Busy,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Who asks, and what.
pub struct Request<'a> {
    pub org_id: &'a str,
    pub user_id: &'a str,
    pub kind: FileKind,
    pub mapping: &'a BTreeMap<String, String>,
    pub dry_run: bool,
}

pub async fn run(store: &Store, request: &Request<'_>, file: &MappedFile) -> Result<Outcome, RunError> {
    let started = now_stamp();
    let kinds: Vec<&str> = kinds_read(request.kind).iter().map(|kind| kind.key()).collect();
    for _ in 0..ATTEMPTS {
        let (version, records) = store.live_records_with_version(request.org_id, &kinds).await?;
        let catalogue = Catalogue::new(records);
        let stamp = now_stamp();
        let checked = check_file(request.kind, file, &catalogue, request.org_id, &stamp);
        if request.dry_run {
            return Ok(Outcome { checked, import: None });
        }
        let records: Vec<NewRecord> = checked
            .records
            .iter()
            .map(|(kind, record)| NewRecord {
                kind: kind.key(),
                id: &record.id,
                location_id: record.location_id.as_deref(),
                last_updated: &record.last_updated,
                deleted: record.deleted,
                data: &record.data,
            })
            .collect();
        let id = fieldtag_store::new_id();
        let context_id = fieldtag_store::new_id();
        let completed = now_stamp();
        let asked = json!({"kind": request.kind.key(), "mapping": request.mapping, "dryRun": false, "rows": checked.rows});
        let entry = CsvImportEntry {
            id: &id,
            user_id: request.user_id,
            context_id: &context_id,
            request: &asked,
            date_started: &started,
            date_completed: &completed,
            rows: checked.rows as i64,
            records_written: records.len() as i64,
            rows_rejected: checked.rejected.len() as i64,
        };
        if store.write_csv_import(request.org_id, version, &records, &entry).await? {
            let import = import_record(request.org_id, &entry);
            return Ok(Outcome { checked, import: Some(import) });
        }
    }
    Err(RunError::Busy)
}

/// The completed CSV import as every import answer shows it.
fn import_record(org_id: &str, entry: &CsvImportEntry) -> ImportRecord {
    ImportRecord {
        id: entry.id.to_string(),
        org_id: org_id.to_string(),
        source: "csv".into(),
        date_started: entry.date_started.to_string(),
        date_completed: Some(entry.date_completed.to_string()),
        error: None,
        context_id: entry.context_id.to_string(),
        import_all_sites: false,
        clear_all_data: false,
        import_users: false,
        import_date: None,
        progress: Progress { done: entry.rows, total: entry.rows },
        records_written: entry.records_written,
        rows_rejected: entry.rows_rejected,
    }
}
