//! Deficiency report (one site, or every site): the deficiencies open at some time in
//! `startDate`..`endDate` (default this month, spec §9): opened on or before the end and not
//! closed before the start. Oldest first.

use fieldtag_domain::records::equipment::Equipment;
use fieldtag_domain::records::stored::AsText;

use super::data::Dataset;
use super::error::ReportResult;
use super::params::Request;
use super::report::{Column, Labelled, Report, ReportName, Row, SITE};
use super::times::days_between;

pub(super) const COLUMNS: [Column; 12] = [
    Column::both(SITE, 1.2),
    Column::both("Location", 1.3),
    Column::both("Barcode", 0.8),
    Column::csv_only("Model"),
    Column::both("Type", 0.9),
    Column::both("Service", 1.0),
    Column::both("Description", 2.0),
    Column::both("Opened", 0.8),
    Column::both("Closed", 0.8),
    Column::both(STATUS, 0.6),
    Column::both("Days Open", 0.5),
    Column::csv_only("Equipment Id"),
];
const STATUS: &str = "Status";

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let location_id = request.location_id.as_deref();
    let report_zone = dataset.report_zone(location_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let (start, end) = request.month_range(&report_zone, now)?;
    let mut report = Report::new(ReportName::Deficiency, dataset, location_id, end.to_string());
    report.columns = COLUMNS.to_vec();
    if location_id.is_some() {
        report.hide_site_from_pdf();
    }
    report.empty_text = "No deficiencies were open in this period.";
    // Oldest first, then by site and location.
    let mut listed: Vec<((i64, String, String), Row)> = Vec::new();
    let (mut open_count, mut opened_in, mut closed_in) = (0, 0, 0);
    for deficiency in &dataset.deficiencies {
        let site_id = deficiency.location_id.as_text();
        let zone = dataset.zone(site_id);
        let (from, until) = (zone.start_of_day(start), zone.end_of_day(end));
        let Some(opened) = zone.parse(deficiency.date_opened.as_text()) else { continue };
        let closed = zone.parse(deficiency.date_closed.as_text());
        if opened > until || closed.is_some_and(|closed| closed < from) {
            continue;
        }
        // Open at the end of the period (or now, for a period not over yet).
        let still_open = closed.is_none_or(|closed| closed > until.min(now));
        open_count += usize::from(still_open);
        opened_in += usize::from(opened >= from);
        closed_in += usize::from(closed.is_some_and(|closed| closed <= until));
        let item = dataset.item(deficiency.equipment_id.as_text());
        let field = |read: fn(&Equipment) -> &str| item.map(|item| read(item).to_string()).unwrap_or_default();
        let days = days_between(opened, closed.unwrap_or(now).max(opened));
        let (site_name, location) = (dataset.site_name(site_id).to_string(), field(|item| item.name.as_text()));
        let order = (opened, site_name.clone(), location.clone());
        let cells = vec![
            site_name,
            location,
            field(|item| item.barcode.as_text()),
            item.map(|item| dataset.model_name(item).to_string()).unwrap_or_default(),
            item.map(|item| dataset.equipment_type_name(item).to_string()).unwrap_or_default(),
            dataset.service_type_name(deficiency.service_type_id.as_text()).to_string(),
            deficiency.description.as_text().to_string(),
            zone.format_date(opened),
            closed.map(|t| zone.format_date(t)).unwrap_or_default(),
            (if closed.is_none() { "Open" } else { "Closed" }).to_string(),
            days.to_string(),
            deficiency.equipment_id.as_text().to_string(),
        ];
        let alerts = if closed.is_none() { vec![STATUS] } else { Vec::new() };
        let photos = dataset.photos_of(&deficiency.id);
        listed.push((order, Row { cells, group_start: true, alerts, photos, ..Row::default() }));
    }
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    report.rows = listed.into_iter().map(|(_, row)| row).collect();
    report.parameters = vec![Labelled::new("From", start), Labelled::new("To", end)];
    report.totals = vec![
        Labelled::new("Deficiencies", report.rows.len()),
        Labelled::new("Opened in period", opened_in),
        Labelled::new("Closed in period", closed_in),
        Labelled::new("Still open", open_count),
    ];
    Ok(report)
}
