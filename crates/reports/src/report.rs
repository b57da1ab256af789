//! A report as both renderings read it: its name, the parameters it was made with, totals,
//! and a table of columns and rows.

use fieldtag_domain::records::sites::Location;
use fieldtag_domain::records::stored::AsText;
use serde::Serialize;

use super::data::Dataset;
use super::error::{ReportError, ReportResult};

/// The title of the column that names an item's site.
pub(crate) const SITE: &str = "Site";

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
    /// Not of spec §7: what was done and found at a site on a day, with the customer's signature.
    Visit,
}

impl ReportName {
    pub const ALL: [ReportName; 9] = [
        ReportName::Inspection,
        ReportName::Equipment,
        ReportName::Deficiency,
        ReportName::Location,
        ReportName::SelectiveEquipment,
        ReportName::EquipmentDueConsolidated,
        ReportName::TimeAtLocation,
        ReportName::Questionnaire,
        ReportName::Visit,
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
            ReportName::Visit => "visitReport",
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
            ReportName::Visit => "Visit Report",
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
        !matches!(self, ReportName::Inspection | ReportName::Equipment | ReportName::SelectiveEquipment | ReportName::Visit)
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
#[derive(Debug, Clone, Default, Serialize)]
pub struct Detail {
    pub label: String,
    pub text: String,
    /// Printed in the alert colour (open deficiencies, overdue services).
    pub alert: bool,
    /// The photos of the record the line is about (`photos/{hex}.jpg`), printed under it.
    pub photos: Vec<String>,
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
    /// The photos of the row's record, printed under it.
    pub photos: Vec<String>,
}

/// A customer's signature on a visit, printed at the end of the PDF.
#[derive(Debug, Clone)]
pub struct Signed {
    pub signer_name: String,
    /// When, and the technician, under the name.
    pub lines: Vec<String>,
    /// `signatures/{hex}.png`.
    pub image: String,
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
    /// Customers' signatures, printed at the end of the PDF (the visit report).
    pub signatures: Vec<Signed>,
}

impl Report {
    /// Every photo and signature the PDF prints, in order.
    pub fn evidence_names(&self) -> Vec<String> {
        let rows = self.rows.iter().flat_map(|row| row.photos.iter().chain(row.details.iter().flat_map(|detail| detail.photos.iter())));
        rows.chain(self.signatures.iter().map(|signed| &signed.image)).cloned().collect()
    }

    /// An empty report about `location_id`'s site, or every site.
    pub(crate) fn new(name: ReportName, dataset: &Dataset, location_id: Option<&str>, file_date: String) -> Report {
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
            signatures: Vec::new(),
        }
    }

    /// Leaves the site's column out of the PDF, for a report about one site.
    pub(crate) fn hide_site_from_pdf(&mut self) {
        for column in self.columns.iter_mut().filter(|column| column.title == SITE) {
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
