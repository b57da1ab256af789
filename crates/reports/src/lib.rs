//! The eight reports of spec §7 (`GET /api/reports/{name}`), as PDF or CSV. Each report turns
//! the records of a site (or of the whole organisation) into one [`Report`]: a title, the
//! parameters it was made with, totals, and a table. The PDF and the CSV are two renderings of
//! that same table, so they always agree. Columns and choices: docs/reports.md.

mod data;
mod deficiency;
mod due_consolidated;
mod engine;
mod equipment;
mod error;
mod inspection;
mod items;
mod jobs;
mod loaded;
mod location;
mod page_data;
mod params;
mod photos;
mod questionnaire;
mod render_csv;
mod render_pdf;
mod report;
mod selective_equipment;
mod slices;
mod time_at_location;
mod times;
mod visit;

use fieldtag_store::Store;
use report::Report;

pub use error::{ReportError, ReportResult};
pub use jobs::{PdfJob, PdfJobs};
pub use page_data::NOT_UPLOADED;
pub use params::{Layout, Output, ReportQuery};
pub use render_pdf::{ImageKind, Images, StoredFile};
pub use report::ReportName;

/// The file answered.
pub struct ReportFile {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub file_name: String,
}

/// Makes report `name` for the caller's organisation. A PDF waits for its turn in `pdf_jobs`
/// before its records are read, so the PDFs waiting hold no more than their request.
pub async fn make(
    store: &Store,
    images: &impl Images,
    pdf_jobs: &PdfJobs,
    org_id: &str,
    name: ReportName,
    query: &ReportQuery,
) -> ReportResult<ReportFile> {
    let request = params::Request::read(name, query)?;
    if request.org_id.as_deref().is_some_and(|asked| asked != org_id) {
        return Err(ReportError::OtherOrganization);
    }
    let _turn = match request.output {
        Output::Pdf => Some(pdf_jobs.admit().await?),
        Output::Csv => None,
    };
    let mut dataset = data::Dataset::load(store, org_id, request.location_id.as_deref()).await?;
    if name == ReportName::Visit {
        dataset.load_visits(store, org_id, request.location_id.as_deref().unwrap_or_default()).await?;
    }
    let report = match name {
        ReportName::Inspection => inspection::build(&dataset, &request)?,
        ReportName::Equipment => equipment::build(&dataset, &request)?,
        ReportName::Deficiency => deficiency::build(&dataset, &request)?,
        ReportName::Location => location::build(&dataset, &request)?,
        ReportName::SelectiveEquipment => selective_equipment::build(&dataset, &request)?,
        ReportName::EquipmentDueConsolidated => due_consolidated::build(&dataset, &request)?,
        ReportName::TimeAtLocation => time_at_location::build(&dataset, &request)?,
        ReportName::Questionnaire => questionnaire::build(&dataset, &request)?,
        ReportName::Visit => visit::build(&dataset, &request)?,
    };
    let extension = request.output.extension();
    let file_name = file_name(&report, extension);
    let bytes = match request.output {
        Output::Csv => render_csv::render(&report).map_err(|error| ReportError::Render(error.into()))?,
        Output::Pdf => {
            let branding = render_pdf::Branding::load(images, dataset.organization.as_ref(), request.layout).await;
            drop(dataset);
            let evidence = photos::Evidence::load(images, report.evidence_names()).await;
            tokio::task::spawn_blocking(move || render_pdf::render(&report, &branding, request.layout, &evidence))
                .await
                .map_err(|error| ReportError::Render(error.into()))?
                .map_err(ReportError::Render)?
        }
    };
    Ok(ReportFile { bytes, content_type: request.output.content_type(), file_name })
}

/// '{report name} - {site} - {date}.{pdf|csv}', without characters a file name cannot hold.
fn file_name(report: &Report, extension: &str) -> String {
    let scope: String = report
        .scope
        .chars()
        .map(|c| if c.is_control() || matches!(c, '/' | '\\' | '"' | ':' | '*' | '?' | '<' | '>' | '|') { ' ' } else { c })
        .collect();
    let scope = scope.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{} - {} - {}.{extension}", report.name.title(), scope, report.file_date)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Column;

    /// Cells are marked and columns hidden by title, so a title names one column.
    #[test]
    fn a_reports_column_titles_are_its_own() {
        let reports: [&[Column]; 9] = [
            &inspection::COLUMNS,
            &equipment::COLUMNS,
            &deficiency::COLUMNS,
            &location::COLUMNS,
            &selective_equipment::COLUMNS,
            &due_consolidated::COLUMNS,
            &time_at_location::COLUMNS,
            &questionnaire::COLUMNS,
            &visit::COLUMNS,
        ];
        for columns in reports {
            let mut titles: Vec<&str> = columns.iter().map(|column| column.title).collect();
            titles.sort_unstable();
            titles.dedup();
            assert_eq!(titles.len(), columns.len(), "{:?}", columns.iter().map(|column| column.title).collect::<Vec<_>>());
        }
    }
}
