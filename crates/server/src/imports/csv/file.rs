//! Reading the file: headers on line 1, each row with the line it starts on, and the
//! mapping from field keys to the columns that hold them.

use std::collections::{BTreeMap, HashMap};

use super::fields::{FileKind, fields};

/// A mistake in the request itself (not in one row): answered as a 400 naming it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct FileError(pub String);

/// One data row: the line it starts on (the header is line 1) and its cells, trimmed.
#[derive(Debug, Clone)]
pub struct Row {
    pub line: u64,
    pub cells: Vec<String>,
}

/// A field mapped to a column: the column's position and header.
#[derive(Debug, Clone)]
pub struct Column {
    pub index: usize,
    pub header: String,
}

/// The file, read, with its mapping checked against the kind's fields and the headers.
#[derive(Debug)]
pub struct MappedFile {
    pub columns: HashMap<&'static str, Column>,
    pub header_count: usize,
    pub rows: Vec<Row>,
}

impl MappedFile {
    /// The trimmed cell a field maps to in a row; empty when unmapped or blank.
    pub fn cell<'a>(&self, row: &'a Row, field: &str) -> &'a str {
        self.columns.get(field).and_then(|column| row.cells.get(column.index)).map_or("", String::as_str)
    }

    /// The header of the column a field maps to.
    pub fn header<'a>(&'a self, field: &'a str) -> &'a str {
        self.columns.get(field).map_or(field, |column| column.header.as_str())
    }

    pub fn is_mapped(&self, field: &str) -> bool {
        self.columns.contains_key(field)
    }
}

/// Reads `text` and checks `mapping` (field key → column header; an empty header is unmapped).
pub fn read_file(kind: FileKind, text: &str, mapping: &BTreeMap<String, String>) -> Result<MappedFile, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().has_headers(true).flexible(true).from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| FileError(format!("The header line cannot be read: {e}")))?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    if headers.iter().all(String::is_empty) {
        return Err(FileError("The file is empty: its first line must name the columns".into()));
    }

    let known = fields(kind);
    let mut columns = HashMap::new();
    for (name, header) in mapping {
        let field = known
            .iter()
            .find(|f| f.name == name)
            .ok_or_else(|| FileError(format!("Unknown field '{name}' in the mapping of a {} import", kind.key())))?;
        let header = header.trim();
        if header.is_empty() {
            continue;
        }
        let mut matches = headers.iter().enumerate().filter(|(_, h)| *h == header);
        let (index, _) = matches
            .next()
            .ok_or_else(|| FileError(format!("Column '{header}' (mapped to {}) is not in the file's header line", field.name)))?;
        if matches.next().is_some() {
            return Err(FileError(format!("Column '{header}' (mapped to {}) appears twice in the header line", field.name)));
        }
        columns.insert(field.name, Column { index, header: header.to_string() });
    }
    if let Some(missing) = known.iter().find(|f| f.required && !columns.contains_key(f.name)) {
        return Err(FileError(format!("The field '{}' ({}) is required: map it to a column", missing.name, missing.label)));
    }

    let mut rows = Vec::new();
    // The reader counts `\n` only, so after a lone `\r` line ending a row would be named by an
    // earlier line (even the header's): a row starts at least one line after the one before.
    let mut last_line = 1;
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line());
            FileError(format!("Line {line} cannot be read as CSV: {e}"))
        })?;
        let line = record.position().map_or(0, |p| p.line()).max(last_line + 1);
        last_line = line;
        // A line of empty cells (a spreadsheet's trailing rows) is no row.
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        rows.push(Row { line, cells: record.iter().map(|cell| cell.trim().to_string()).collect() });
    }
    Ok(MappedFile { columns, header_count: headers.len(), rows })
}
