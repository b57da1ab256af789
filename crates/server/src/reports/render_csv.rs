//! A report's table as CSV: a header line, then one line per row; no totals, so the file
//! opens as a plain table in any spreadsheet (the totals are in the PDF).

use super::Report;

pub fn render(report: &Report) -> Result<Vec<u8>, csv::Error> {
    let columns: Vec<usize> = (0..report.columns.len()).filter(|&i| report.columns[i].in_csv).collect();
    let mut writer = csv::Writer::from_writer(Vec::with_capacity(report.rows.len() * 160));
    writer.write_record(columns.iter().map(|&i| report.columns[i].title))?;
    for row in &report.rows {
        writer.write_record(columns.iter().map(|&i| row.cells.get(i).map(String::as_str).unwrap_or_default()))?;
    }
    writer.into_inner().map_err(|error| csv::Error::from(error.into_error()))
}
