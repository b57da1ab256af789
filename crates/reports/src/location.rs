//! Location report (one site, or every site): a line per site with its contact, how much
//! equipment it has, what is due (due engine, as of now), open deficiencies, the last service
//! performed and the next date anything falls due.

use std::collections::HashMap;

use fieldtag_domain::records::stored::AsText;

use super::data::Dataset;
use super::error::ReportResult;
use super::params::Request;
use super::report::{Column, Labelled, Report, ReportName, Row, SITE};

pub(super) const COLUMNS: [Column; 14] = [
    Column::both(SITE, 1.4),
    Column::both("Site Number", 0.6),
    Column::csv_only("Status"),
    Column::both("Address", 1.5),
    Column::csv_only("City"),
    Column::both("Contact", 1.1),
    Column::csv_only("Phone"),
    Column::csv_only("Time Zone"),
    Column::both("Equipment", 0.6),
    Column::both("Inspection Due", 0.6),
    Column::both("Service Due", 0.6),
    Column::both("Open Deficiencies", 0.65),
    Column::both("Last Service", 0.75),
    Column::both("Next Due", 0.75),
];

#[derive(Default)]
struct Counts {
    equipment: usize,
    inspection_due: usize,
    service_due: usize,
    open_deficiencies: usize,
    last_service: Option<i64>,
    next_due: Option<i64>,
}

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let location_id = request.location_id.as_deref();
    let at = jiff::Timestamp::now();
    let now = at.as_millisecond();
    let report_zone = dataset.report_zone(location_id);
    let mut report = Report::new(ReportName::Location, dataset, location_id, report_zone.format_date(now));
    report.columns = COLUMNS.to_vec();
    report.empty_text = "There are no sites.";
    let results = dataset.due(|_| now);
    let mut counts: HashMap<&str, Counts> = HashMap::new();
    for item in &dataset.equipment {
        let site = counts.entry(item.location_id.as_text()).or_default();
        site.equipment += 1;
        if let Some(Ok(result)) = results.get(&item.id) {
            let lists = result.due_lists(at);
            site.inspection_due += usize::from(lists.inspection);
            site.service_due += usize::from(lists.service);
            let next = result.services.iter().filter(|s| !s.unscheduled).filter_map(|s| s.next_date).map(|t| t.as_millisecond()).min();
            site.next_due = site.next_due.into_iter().chain(next).min();
        }
    }
    for deficiency in dataset.deficiencies.iter().filter(|d| d.date_closed.as_text().is_empty()) {
        counts.entry(deficiency.location_id.as_text()).or_default().open_deficiencies += 1;
    }
    for performed in &dataset.performed_services {
        let site_id = performed.location_id.as_text();
        let last = dataset.zone(site_id).parse(performed.last_date.as_text());
        let site = counts.entry(site_id).or_default();
        site.last_service = site.last_service.into_iter().chain(last).max();
    }
    let empty = Counts::default();
    let mut totals = [0usize; 4];
    for site in &dataset.sites {
        let id = site.id.as_str();
        let zone = dataset.zone(id);
        let c = counts.get(id).unwrap_or(&empty);
        for (total, value) in totals.iter_mut().zip([c.equipment, c.inspection_due, c.service_due, c.open_deficiencies]) {
            *total += value;
        }
        let join =
            |parts: &[&str], separator: &str| parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).collect::<Vec<_>>().join(separator);
        let reach = &site.contact_details;
        let cells = vec![
            site.name.as_text().to_string(),
            site.customer_number.as_text().to_string(),
            site.status.as_text().to_string(),
            join(&[reach.address.as_text(), reach.address_two.as_text(), reach.city.as_text()], ", "),
            reach.city.as_text().to_string(),
            join(&[reach.contact.as_text(), reach.phone.as_text()], " · "),
            reach.phone.as_text().to_string(),
            zone.name.clone(),
            c.equipment.to_string(),
            c.inspection_due.to_string(),
            c.service_due.to_string(),
            c.open_deficiencies.to_string(),
            c.last_service.map(|t| zone.format_date(t)).unwrap_or_default(),
            c.next_due.map(|t| zone.format_date(t)).unwrap_or_default(),
        ];
        report.rows.push(Row { cells, group_start: true, ..Row::default() });
    }
    report.parameters = vec![Labelled::new("As of", report_zone.format_date(now))];
    report.totals = vec![
        Labelled::new("Sites", dataset.sites.len()),
        Labelled::new("Equipment", totals[0]),
        Labelled::new("Inspection due", totals[1]),
        Labelled::new("Service due", totals[2]),
        Labelled::new("Open deficiencies", totals[3]),
    ];
    Ok(report)
}
