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
mod location;
mod params;
mod questionnaire;
mod render_csv;
mod render_pdf;
mod selective_equipment;
mod time_at_location;
mod times;

use fieldtag_domain::records::sites::Location;
use fieldtag_domain::records::stored::AsText;
use fieldtag_store::Store;
use serde::Serialize;

pub use error::{ReportError, ReportResult};
pub use params::{Layout, Output, ReportQuery};
pub use render_pdf::{ImageKind, Images};

/// The reports, by the name in their path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportName {
    Inspection,
    Equipment,
    Deficiency,
    Location,
    SelectiveEquipment,
    EquipmentDueConsolidated,
    TimeAtLocation,
    Questionnaire,
}

impl ReportName {
    pub const ALL: [ReportName; 8] = [
        ReportName::Inspection,
        ReportName::Equipment,
        ReportName::Deficiency,
        ReportName::Location,
        ReportName::SelectiveEquipment,
        ReportName::EquipmentDueConsolidated,
        ReportName::TimeAtLocation,
        ReportName::Questionnaire,
    ];

    /// The name in `/api/reports/{name}`.
    pub fn path_name(self) -> &'static str {
        match self {
            ReportName::Inspection => "inspectionReport",
            ReportName::Equipment => "equipmentReport",
            ReportName::Deficiency => "deficiencyReport",
            ReportName::Location => "locationReport",
            ReportName::SelectiveEquipment => "selectiveEquipmentReport",
            ReportName::EquipmentDueConsolidated => "equipmentDueConsolidatedReport",
            ReportName::TimeAtLocation => "timeAtLocation",
            ReportName::Questionnaire => "questionnaireReport",
        }
    }

    /// The title on the page and in the file name.
    pub fn title(self) -> &'static str {
        match self {
            ReportName::Inspection => "Inspection Report",
            ReportName::Equipment => "Equipment Report",
            ReportName::Deficiency => "Deficiency Report",
            ReportName::Location => "Location Report",
            ReportName::SelectiveEquipment => "Selective Equipment Report",
            ReportName::EquipmentDueConsolidated => "Equipment Due Consolidated Report",
            ReportName::TimeAtLocation => "Time at Location Report",
            ReportName::Questionnaire => "Questionnaire Report",
        }
    }

    pub fn parse(name: &str) -> ReportResult<ReportName> {
        ReportName::ALL.into_iter().find(|report| report.path_name() == name).ok_or_else(|| {
            let known: Vec<&str> = ReportName::ALL.iter().map(|r| r.path_name()).collect();
            ReportError::UnknownReport { name: name.to_string(), known: known.join(", ") }
        })
    }

    /// Whether the report can cover every site (no locationId).
    pub fn company_wide(self) -> bool {
        !matches!(self, ReportName::Inspection | ReportName::Equipment | ReportName::SelectiveEquipment)
    }
}

/// One column of a report's table.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub title: &'static str,
    /// Share of the page width in the PDF (Typst `fr`).
    pub width: f32,
    pub in_pdf: bool,
    pub in_csv: bool,
    /// Describes the group (the item) rather than the row: the PDF shows it on the first row
    /// of a group only, the CSV on every row.
    pub grouped: bool,
}

impl Column {
    pub const fn both(title: &'static str, width: f32) -> Column {
        Column { title, width, in_pdf: true, in_csv: true, grouped: false }
    }

    pub const fn grouped(title: &'static str, width: f32) -> Column {
        Column { title, width, in_pdf: true, in_csv: true, grouped: true }
    }

    pub const fn csv_only(title: &'static str) -> Column {
        Column { title, width: 0.0, in_pdf: false, in_csv: true, grouped: true }
    }
}

/// A line the PDF prints under a row across the whole table (a deficiency, a history entry).
#[derive(Debug, Clone, Serialize)]
pub struct Detail {
    pub label: String,
    pub text: String,
    /// Printed in the alert colour (open deficiencies, overdue services).
    pub alert: bool,
}

/// One row: a cell per column, in column order.
#[derive(Debug, Clone, Default)]
pub struct Row {
    pub cells: Vec<String>,
    /// The first row of a new group (item): the PDF rules a line above it.
    pub group_start: bool,
    /// Cells the PDF marks in the alert colour, by column title.
    pub alerts: Vec<&'static str>,
    pub details: Vec<Detail>,
}

/// A labelled value: a parameter of the report or one of its totals.
#[derive(Debug, Clone, Serialize)]
pub struct Labelled {
    pub label: String,
    pub value: String,
}

impl Labelled {
    pub fn new(label: impl Into<String>, value: impl ToString) -> Labelled {
        Labelled { label: label.into(), value: value.to_string() }
    }
}

/// A report, ready to render.
#[derive(Debug, Clone)]
pub struct Report {
    pub name: ReportName,
    /// The site's name, or "All Sites".
    pub scope: String,
    /// The site's address and contact lines.
    pub scope_lines: Vec<String>,
    /// The date in the file name (YYYY-MM-DD).
    pub file_date: String,
    /// When it was made, in the report's time zone.
    pub generated: String,
    pub parameters: Vec<Labelled>,
    pub totals: Vec<Labelled>,
    pub columns: Vec<Column>,
    pub rows: Vec<Row>,
    /// What the PDF says when there are no rows.
    pub empty_text: &'static str,
    /// A signature block at the end of the PDF (reports handed to an authority).
    pub signature: bool,
}

impl Report {
    /// An empty report about `location_id`'s site, or every site.
    pub(crate) fn new(name: ReportName, dataset: &data::Dataset, location_id: Option<&str>, file_date: String) -> Report {
        let (scope, scope_lines) = match dataset.single_site(location_id) {
            Some(site) => (site.name.as_text().to_string(), site_lines(site)),
            None => ("All Sites".to_string(), vec![format!("{} sites", dataset.sites.len())]),
        };
        let generated = dataset.report_zone(location_id).format_date_time(jiff::Timestamp::now().as_millisecond());
        Report {
            name,
            scope,
            scope_lines,
            file_date,
            generated,
            parameters: Vec::new(),
            totals: Vec::new(),
            columns: Vec::new(),
            rows: Vec::new(),
            empty_text: "Nothing to report for these parameters.",
            signature: false,
        }
    }

    /// Leaves a column out of the PDF (the site's name on a report about one site).
    pub(crate) fn hide_from_pdf(&mut self, title: &str) {
        for column in self.columns.iter_mut().filter(|column| column.title == title) {
            column.in_pdf = false;
        }
    }
}

/// A site's address and contact, as printed under its name.
fn site_lines(site: &Location) -> Vec<String> {
    let field = |value: &str| value.trim().to_string();
    let join = |parts: &[String], separator: &str| parts.iter().filter(|p| !p.is_empty()).cloned().collect::<Vec<_>>().join(separator);
    let reach = &site.contact_details;
    let street = join(&[field(reach.address.as_text()), field(reach.address_two.as_text())], ", ");
    let town =
        join(&[field(reach.city.as_text()), join(&[field(reach.province.as_text()), field(reach.postal_code.as_text())], " ")], ", ");
    let number = field(site.customer_number.as_text());
    let contact = join(&[field(reach.contact.as_text()), field(reach.phone.as_text()), field(reach.email.as_text())], " · ");
    let mut lines = vec![street, town];
    if !number.is_empty() {
        lines.push(format!("Site number {number}"));
    }
    if !contact.is_empty() {
        lines.push(format!("Contact: {contact}"));
    }
    lines.retain(|line| !line.is_empty());
    lines
}

/// The file answered.
pub struct ReportFile {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub file_name: String,
}

/// Makes report `name` for the caller's organisation.
pub async fn make(store: &Store, images: &impl Images, org_id: &str, name: ReportName, query: &ReportQuery) -> ReportResult<ReportFile> {
    let request = params::Request::read(name, query)?;
    if request.org_id.as_deref().is_some_and(|asked| asked != org_id) {
        return Err(ReportError::OtherOrganization);
    }
    let dataset = data::Dataset::load(store, org_id, request.location_id.as_deref()).await?;
    let report = match name {
        ReportName::Inspection => inspection::build(&dataset, &request)?,
        ReportName::Equipment => equipment::build(&dataset, &request)?,
        ReportName::Deficiency => deficiency::build(&dataset, &request)?,
        ReportName::Location => location::build(&dataset, &request)?,
        ReportName::SelectiveEquipment => selective_equipment::build(&dataset, &request)?,
        ReportName::EquipmentDueConsolidated => due_consolidated::build(&dataset, &request)?,
        ReportName::TimeAtLocation => time_at_location::build(&dataset, &request)?,
        ReportName::Questionnaire => questionnaire::build(&dataset, &request)?,
    };
    let extension = request.output.extension();
    let file_name = file_name(&report, extension);
    let bytes = match request.output {
        Output::Csv => render_csv::render(&report).map_err(|error| ReportError::Render(error.into()))?,
        Output::Pdf => {
            let branding = render_pdf::Branding::load(images, dataset.organization.as_ref(), request.layout).await;
            tokio::task::spawn_blocking(move || render_pdf::render(&report, &branding, request.layout))
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

    /// Cells are marked and columns hidden by title, so a title names one column.
    #[test]
    fn a_reports_column_titles_are_its_own() {
        let reports: [&[Column]; 8] = [
            &inspection::COLUMNS,
            &equipment::COLUMNS,
            &deficiency::COLUMNS,
            &location::COLUMNS,
            &selective_equipment::COLUMNS,
            &due_consolidated::COLUMNS,
            &time_at_location::COLUMNS,
            &questionnaire::COLUMNS,
        ];
        for columns in reports {
            let mut titles: Vec<&str> = columns.iter().map(|column| column.title).collect();
            titles.sort_unstable();
            titles.dedup();
            assert_eq!(titles.len(), columns.len(), "{:?}", columns.iter().map(|column| column.title).collect::<Vec<_>>());
        }
    }
}
