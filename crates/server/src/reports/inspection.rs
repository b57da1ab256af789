//! Inspection report (one site): every item with each of its services (last date, next date
//! from the due engine as of the report date, status, the result of the last service in the
//! period and who did it), its deficiencies and its history over the months asked for.
//! Defaults (spec §9): report date the end of this month, 12 months of history counted back
//! to the start of a month, "added" history records hidden.

use jiff::civil::Date;
use serde_json::Value;

use super::data::Dataset;
use super::items::{self, ServiceLine};
use super::params::Request;
use super::raw::{ADDED, COULD_NOT_SERVICE, PERFORMED_SERVICE, PERFORMED_UNSCHEDULED_SERVICE, RawDataset, number, text};
use super::times::{self, Zone};
use super::{Column, Detail, Labelled, Report, ReportName, Row};
use crate::error::ApiResult;

pub(super) const COLUMNS: [Column; 14] = [
    Column::csv_only("Site"),
    Column::grouped("Location", 1.5),
    Column::grouped("Barcode", 0.9),
    Column::csv_only("Serial Number"),
    Column::grouped("Model", 0.9),
    Column::grouped("Type", 1.0),
    Column::csv_only("Manufacture Date"),
    Column::both("Service", 1.2),
    Column::both("Last Date", 0.9),
    Column::both("Next Date", 0.9),
    Column::both(STATUS, 0.75),
    Column::both(RESULT, 1.1),
    Column::both("Technician", 1.0),
    Column::csv_only("Open Deficiencies"),
];
const STATUS: &str = "Status";
const RESULT: &str = "Result";

/// The parameters as read, with their defaults.
pub struct Period {
    pub report_date: Date,
    pub months: i64,
    pub hide_added: bool,
    pub from_date: Date,
    pub from: i64,
    pub until: i64,
}

impl Period {
    pub fn read(request: &Request, zone: &Zone, now: i64) -> ApiResult<Period> {
        let report_date = request.date("reportDate", zone)?.unwrap_or_else(|| times::end_of_month(zone.date_of(now)));
        let months = request.whole("monthsOfHistory", 0, 600)?.unwrap_or(12);
        let hide_added = request.flag("hideAddedHistory")?.unwrap_or(true);
        let from_date = times::start_of_month(times::months_before(report_date, months));
        Ok(Period { report_date, months, hide_added, from_date, from: zone.start_of_day(from_date), until: zone.end_of_day(report_date) })
    }
}

/// The last event of a kind in the period, by date.
fn latest<'a>(events: &[(i64, &'a Value)], matches: impl Fn(&Value) -> bool) -> Option<(i64, &'a Value)> {
    events.iter().filter(|(_, record)| matches(record)).max_by_key(|(at, _)| *at).copied()
}

pub fn build(typed: &Dataset, request: &Request) -> ApiResult<Report> {
    let dataset = &typed.raw;
    let site_id = request.location_id.as_deref().unwrap_or_default();
    let zone = dataset.zone(site_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let period = Period::read(request, &zone, now)?;
    let mut report = Report::new(ReportName::Inspection, typed, Some(site_id), period.report_date.to_string());
    report.columns = COLUMNS.to_vec();
    report.empty_text = "This site has no equipment.";
    report.signature = true;

    let results = dataset.due(|_| period.until);
    let performed = RawDataset::by_equipment(&dataset.performed_services);
    let deficiencies = RawDataset::by_equipment(&dataset.deficiencies);
    let history = RawDataset::by_equipment(&dataset.history);
    let day_start = zone.start_of_day(period.report_date);
    let (mut services, mut performed_count, mut due, mut overdue, mut open_count, mut not_serviced) = (0, 0, 0, 0, 0, 0);

    for item in &dataset.equipment {
        let id = text(item, "id");
        let mut events: Vec<(i64, &Value)> = history
            .get(id)
            .into_iter()
            .flatten()
            .filter_map(|record| zone.parse(text(record, "date")).map(|at| (at, *record)))
            .filter(|(at, record)| {
                (period.from..=period.until).contains(at) && !(period.hide_added && number(record, "type") == Some(ADDED))
            })
            .collect();
        events.sort_by_key(|(at, _)| *at);
        let own_deficiencies = deficiencies.get(id).cloned().unwrap_or_default();
        let open = items::raw_open_deficiencies(&own_deficiencies);
        open_count += open.len();
        let kind_of = |record: &Value| number(record, "type");
        performed_count +=
            events.iter().filter(|(_, r)| matches!(kind_of(r), Some(PERFORMED_SERVICE | PERFORMED_UNSCHEDULED_SERVICE))).count();
        let could_not = latest(&events, |r| kind_of(r) == Some(COULD_NOT_SERVICE));
        not_serviced += events.iter().filter(|(_, r)| kind_of(r) == Some(COULD_NOT_SERVICE)).count();

        let item_cells = [
            dataset.site_name(text(item, "locationId")).to_string(),
            text(item, "name").to_string(),
            text(item, "barcode").to_string(),
            text(item, "serialNumber").to_string(),
            dataset.model_name(item).to_string(),
            dataset.equipment_type_name(item).to_string(),
            zone.format_stored(text(item, "manufactureDate")),
        ];
        let open_text = open.iter().map(|d| text(d, "description")).collect::<Vec<_>>().join("; ");
        let mut rows = Vec::new();
        match items::verdict(&results, text(item, "id")) {
            Ok(result) => {
                let lines = items::raw_service_lines(dataset, result, performed.get(id).map(Vec::as_slice).unwrap_or_default(), &zone);
                for line in &lines {
                    services += 1;
                    let status = items::status(line, day_start);
                    due += usize::from(status == "Due");
                    overdue += usize::from(status == "Overdue");
                    let (result_text, technician) = outcome(dataset, id, line, &events, could_not, &open);
                    let mut alerts = Vec::new();
                    if status == "Overdue" || status == "Due" {
                        alerts.push(STATUS);
                    }
                    if result_text.starts_with("Deficient") || result_text.starts_with("Not serviced") {
                        alerts.push(RESULT);
                    }
                    let mut cells = item_cells.to_vec();
                    cells.extend([
                        line.name.clone(),
                        items::date_cell(&zone, line.last_date),
                        items::date_cell(&zone, line.next_date),
                        status.to_string(),
                        result_text,
                        technician,
                        open_text.clone(),
                    ]);
                    rows.push(Row { cells, alerts, ..Row::default() });
                }
            }
            Err(why) => {
                let mut cells = item_cells.to_vec();
                cells.extend([String::new(), String::new(), String::new(), String::new(), why, String::new(), open_text.clone()]);
                rows.push(Row { cells, alerts: vec![RESULT], ..Row::default() });
            }
        }
        if rows.is_empty() {
            let mut cells = item_cells.to_vec();
            cells.extend([String::new(), String::new(), String::new(), String::new(), "No services".into(), String::new(), open_text]);
            rows.push(Row { cells, ..Row::default() });
        }
        rows[0].group_start = true;
        let details = rows.last_mut().map(|row| &mut row.details).expect("an item has a row");
        for deficiency in &own_deficiencies {
            let closed = text(deficiency, "dateClosed");
            let opened = zone.format_stored(text(deficiency, "dateOpened"));
            let closed_at = zone.parse(closed);
            if closed_at.is_some_and(|at| at < period.from) {
                continue;
            }
            let state = match closed_at {
                Some(at) => format!("opened {opened}, closed {}", zone.format_date(at)),
                None => format!("opened {opened}, open"),
            };
            let service = dataset.service_type_name(text(deficiency, "serviceTypeId"));
            let service = if service.is_empty() { String::new() } else { format!(" ({service})") };
            details.push(Detail {
                label: "Deficiency".into(),
                text: format!("{}{service}: {state}", text(deficiency, "description")),
                alert: closed_at.is_none(),
            });
        }
        for (at, record) in &events {
            let user = dataset.user_name(text(record, "userId"));
            let by = if user.is_empty() { String::new() } else { format!(" — {user}") };
            details.push(Detail {
                label: zone.format_date(*at),
                text: format!("{}{by}", text(record, "description")),
                alert: kind_of(record) == Some(COULD_NOT_SERVICE),
            });
        }
        report.rows.extend(rows);
    }

    report.parameters = vec![
        Labelled::new("Report date", period.report_date),
        Labelled::new("History", format!("{} to {} ({} months)", period.from_date, period.report_date, period.months)),
        Labelled::new("Added records", if period.hide_added { "hidden" } else { "shown" }),
        Labelled::new("Time zone", &zone.name),
    ];
    report.totals = vec![
        Labelled::new("Equipment", dataset.equipment.len()),
        Labelled::new("Services", services),
        Labelled::new("Performed in period", performed_count),
        Labelled::new("Due", due),
        Labelled::new("Overdue", overdue),
        Labelled::new("Open deficiencies", open_count),
        Labelled::new("Could not service", not_serviced),
    ];
    Ok(report)
}

/// The result of a service's last event in the period, and who did it.
fn outcome(
    dataset: &RawDataset,
    item_id: &str,
    line: &ServiceLine,
    events: &[(i64, &Value)],
    could_not: Option<(i64, &Value)>,
    open: &[&Value],
) -> (String, String) {
    let performed_id = format!("{item_id}-{}", line.service_type_id);
    let done = latest(events, |record| {
        matches!(number(record, "type"), Some(PERFORMED_SERVICE | PERFORMED_UNSCHEDULED_SERVICE))
            && matches!(text(record, "relevantId"), id if id == performed_id || id == line.service_type_id)
    });
    let technician = |record: &Value| dataset.user_name(text(record, "userId")).to_string();
    if let Some(deficiency) = open.iter().find(|d| text(d, "serviceTypeId") == line.service_type_id) {
        let by = done.map(|(_, record)| technician(record)).unwrap_or_default();
        return (format!("Deficient: {}", text(deficiency, "description")), by);
    }
    match (done, could_not) {
        (Some((done_at, _)), Some((missed_at, missed))) if missed_at > done_at => {
            (format!("Not serviced: {}", text(missed, "description")), technician(missed))
        }
        (None, Some((_, missed))) => (format!("Not serviced: {}", text(missed, "description")), technician(missed)),
        (Some((_, record)), _) => ((if line.inspection { "Pass" } else { "Completed" }).to_string(), technician(record)),
        (None, None) => (String::new(), String::new()),
    }
}
