//! Equipment due consolidated report (one site, or every site): how many services fall due
//! by `endDate` (default the end of this year, spec §9), counted by month, site, service,
//! equipment type and model, to plan visits and order parts. Each service counts once, at its
//! next date from the due engine (as of now); anything already past is under "Overdue".

use std::collections::BTreeMap;

use fieldtag_domain::records::stored::AsText;

use super::data::{Dataset, natural_key};
use super::error::ReportResult;
use super::params::Request;
use super::report::{Column, Labelled, Report, ReportName, Row, SITE};
use super::times;

pub(super) const COLUMNS: [Column; 7] = [
    Column::grouped(DUE_MONTH, 0.8),
    Column::both(SITE, 1.4),
    Column::both("Service", 1.3),
    Column::both("Equipment Type", 1.2),
    Column::both("Model", 1.0),
    Column::both("Quantity", 0.55),
    Column::both("First Due", 0.75),
];
const DUE_MONTH: &str = "Due Month";
const OVERDUE: &str = "Overdue";

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let location_id = request.location_id.as_deref();
    let report_zone = dataset.report_zone(location_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let today = report_zone.date_of(now);
    let end = request.date("endDate", &report_zone)?.unwrap_or_else(|| times::end_of_year(today));
    let mut report = Report::new(ReportName::EquipmentDueConsolidated, dataset, location_id, end.to_string());
    report.columns = COLUMNS.to_vec();
    if location_id.is_some() {
        report.hide_site_from_pdf();
    }
    report.empty_text = "Nothing falls due in this period.";
    let results = dataset.due(|_| now);
    // (month, site position, service, type, model) -> (quantity, first date)
    type Key = (String, usize, String, String, String);
    let mut groups: BTreeMap<Key, (usize, i64, String)> = BTreeMap::new();
    let (mut total, mut overdue) = (0, 0);
    let mut items_due = 0;
    for item in &dataset.equipment {
        let Some(Ok(result)) = results.get(&item.id) else { continue };
        let site_id = item.location_id.as_text();
        let zone = dataset.zone(site_id);
        let (today_start, until) = (zone.start_of_day(zone.date_of(now)), zone.end_of_day(end));
        let mut any = false;
        for service in result.services.iter().filter(|s| !s.unscheduled) {
            let Some(next) = service.next_date.map(|t| t.as_millisecond()) else { continue };
            if next > until {
                continue;
            }
            any = true;
            total += 1;
            let month = if next < today_start {
                overdue += 1;
                OVERDUE.to_string()
            } else {
                zone.date_of(next).strftime("%Y-%m").to_string()
            };
            let key = (
                month,
                dataset.site_position(site_id).unwrap_or(usize::MAX),
                dataset.service_type_name(service.service_type_id).to_string(),
                dataset.equipment_type_name(item).to_string(),
                dataset.model_name(item).to_string(),
            );
            let entry = groups.entry(key).or_insert((0, next, zone.format_date(next)));
            entry.0 += 1;
            if next < entry.1 {
                *entry = (entry.0, next, zone.format_date(next));
            }
        }
        items_due += usize::from(any);
    }
    // "Overdue" sorts before the months; names within a month in natural order.
    let mut rows: Vec<(Key, (usize, i64, String))> = groups.into_iter().collect();
    rows.sort_by(|(a, _), (b, _)| {
        (a.0 != OVERDUE, &a.0, a.1, natural_key(&a.2), natural_key(&a.3), natural_key(&a.4)).cmp(&(
            b.0 != OVERDUE,
            &b.0,
            b.1,
            natural_key(&b.2),
            natural_key(&b.3),
            natural_key(&b.4),
        ))
    });
    let mut previous_month = String::new();
    for ((month, site, service, equipment_type, model), (quantity, _, first)) in rows {
        let group_start = month != previous_month;
        previous_month.clone_from(&month);
        let site_name = dataset.sites.get(site).map(|s| s.name.as_text().to_string()).unwrap_or_default();
        let alerts = if month == OVERDUE { vec![DUE_MONTH] } else { Vec::new() };
        report.rows.push(Row {
            cells: vec![month, site_name, service, equipment_type, model, quantity.to_string(), first],
            group_start,
            alerts,
            ..Row::default()
        });
    }
    report.parameters = vec![Labelled::new("Due by", end), Labelled::new("As of", report_zone.format_date(now))];
    report.totals =
        vec![Labelled::new("Services due", total), Labelled::new("Overdue", overdue), Labelled::new("Equipment involved", items_due)];
    Ok(report)
}
