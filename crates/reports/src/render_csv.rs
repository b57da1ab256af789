//! A report's table as CSV: a header line, then one line per row; no totals, so the file
//! opens as a plain table in any spreadsheet (the totals are in the PDF).
//!
//! Every cell a spreadsheet would run as a formula (OWASP's CSV injection rule: one starting
//! with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading `'`, unless
//! it is a number: a site named `=HYPERLINK(...)` reads as text, and `-5` stays a number.

use std::borrow::Cow;

use super::report::Report;

pub fn render(report: &Report) -> Result<Vec<u8>, csv::Error> {
    let columns: Vec<usize> = (0..report.columns.len()).filter(|&i| report.columns[i].in_csv).collect();
    let mut writer = csv::Writer::from_writer(Vec::with_capacity(report.rows.len() * 160));
    writer.write_record(columns.iter().map(|&i| as_bytes(neutralised(report.columns[i].title))))?;
    for row in &report.rows {
        writer.write_record(columns.iter().map(|&i| as_bytes(neutralised(row.cells.get(i).map(String::as_str).unwrap_or_default()))))?;
    }
    writer.into_inner().map_err(|error| csv::Error::from(error.into_error()))
}

fn as_bytes(cell: Cow<'_, str>) -> Cow<'_, [u8]> {
    match cell {
        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
    }
}

/// The cell as a spreadsheet will read it as text, not run it.
pub fn neutralised(cell: &str) -> Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && cell.trim().parse::<f64>().is_err() { Cow::Owned(format!("'{cell}")) } else { Cow::Borrowed(cell) }
}

#[cfg(test)]
mod tests {
    use super::neutralised;

    #[test]
    fn formulas_become_text_and_numbers_stay_numbers() {
        for (cell, written) in [
            ("=1+1", "'=1+1"),
            ("+SUM(A1)", "'+SUM(A1)"),
            ("-2+3", "'-2+3"),
            ("@cmd", "'@cmd"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("-5", "-5"),
            ("+1.5", "+1.5"),
            ("-0.25", "-0.25"),
            ("Lobby", "Lobby"),
            ("", ""),
            ("a=b", "a=b"),
        ] {
            assert_eq!(neutralised(cell), written, "{cell:?}");
        }
    }
}
