//! Turning rows into records or rejections. Each row becomes the records a device would
//! upload, checked by the sync upload's own check (`check_record`); a row is rejected with
//! every problem found, each naming its column. Nothing here writes. Each kind of file has
//! its own checks: sites, equipment (items) and service history.

mod history;
mod item;
mod site;

use std::collections::HashMap;

use fieldtag_domain::records::{CheckedRecord, check_record};
use fieldtag_domain::sync_kind::SyncKind;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::catalogue::{Catalogue, ModelRef};
use super::fields::FileKind;
use super::file::{MappedFile, Row};

/// A row that will not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Rejection {
    /// Its line in the file; the header is line 1.
    pub row: u64,
    pub reason: String,
}

/// The outcome of checking a file.
#[derive(Debug, Default)]
pub struct Checked {
    pub rows: usize,
    pub accepted: usize,
    pub rejected: Vec<Rejection>,
    /// What the accepted rows write: new records, and newer copies of performed services.
    pub records: Vec<(SyncKind, CheckedRecord)>,
}

/// Checks every row of `file` against `catalogue`, as records of `org_id` stamped `now`.
pub fn check_file(kind: FileKind, file: &MappedFile, catalogue: &Catalogue, org_id: &str, now: &str) -> Checked {
    let mut checker =
        Checker { file, catalogue, org_id, now, checked: Checked { rows: file.rows.len(), ..Checked::default() }, seen: Seen::default() };
    for row in &file.rows {
        let mut problems = Problems::new(file);
        if row.cells.len() > file.header_count && row.cells[file.header_count..].iter().any(|cell| !cell.is_empty()) {
            problems.row(format!("has {} cells but the header line names {} columns", row.cells.len(), file.header_count));
        }
        let records = match kind {
            FileKind::Sites => checker.site(row, &mut problems),
            FileKind::Equipment => checker.item(row, &mut problems),
            FileKind::History => checker.history(row, &mut problems),
        };
        match records {
            Some(records) if problems.list.is_empty() => {
                checker.checked.accepted += 1;
                checker.checked.records.extend(records);
            }
            _ => checker.checked.rejected.push(Rejection { row: row.line, reason: problems.list.join("; ") }),
        }
    }
    if kind == FileKind::History {
        checker.performed_services();
    }
    checker.checked
}

/// The problems of one row, each naming its column.
struct Problems<'a> {
    file: &'a MappedFile,
    list: Vec<String>,
}

impl<'a> Problems<'a> {
    fn new(file: &'a MappedFile) -> Self {
        Problems { file, list: Vec::new() }
    }

    fn at(&mut self, field: &str, message: impl std::fmt::Display) {
        self.list.push(format!("Column '{}': {message}", self.file.header(field)));
    }

    fn row(&mut self, message: impl std::fmt::Display) {
        self.list.push(format!("The row {message}"));
    }

    /// A record the sync check refused: its field is named by the column it came from.
    fn record(&mut self, error: fieldtag_domain::records::RecordError, field_of: &[(&str, &str)]) {
        let root = error.field.split(['.', '[']).next().unwrap_or_default();
        match field_of.iter().find(|(record_field, _)| *record_field == root) {
            Some((_, field)) if self.file.is_mapped(field) => self.at(field, error.message),
            _ => self.row(format!("is refused: {error}")),
        }
    }
}

/// What earlier accepted rows of the file hold: numbers, names and barcodes they took,
/// and the types and models they create.
#[derive(Default)]
struct Seen {
    site_numbers: HashMap<String, u64>,
    site_names: HashMap<String, u64>,
    barcodes: HashMap<String, u64>,
    types: HashMap<String, String>,
    models: HashMap<String, ModelRef>,
    /// Performed service id to the latest date in the file and the item's site.
    performed: HashMap<String, (String, String, String, String)>,
}

struct Checker<'a> {
    file: &'a MappedFile,
    catalogue: &'a Catalogue,
    org_id: &'a str,
    now: &'a str,
    checked: Checked,
    seen: Seen,
}

impl Checker<'_> {
    fn cell<'r>(&self, row: &'r Row, field: &str) -> &'r str {
        self.file.cell(row, field)
    }

    /// A new record's fields every kind shares.
    fn base(&self) -> Map<String, Value> {
        let mut record = Map::new();
        record.insert("id".into(), json!(fieldtag_store::new_id()));
        record.insert("orgId".into(), json!(self.org_id));
        record.insert("lastUpdated".into(), json!(self.now));
        record.insert("deleted".into(), json!(false));
        record
    }

    fn checked(&self, kind: SyncKind, record: Map<String, Value>) -> Result<CheckedRecord, fieldtag_domain::records::RecordError> {
        check_record(kind, self.org_id, &Value::Object(record))
    }

    /// A required field's cell, or a problem when it is blank.
    fn required<'r>(&self, row: &'r Row, field: &str, problems: &mut Problems) -> Option<&'r str> {
        let value = self.cell(row, field);
        if value.is_empty() {
            problems.at(field, "is empty, and it is required");
            return None;
        }
        Some(value)
    }
}
