//! Inspection report (one site): every item with each of its services (last date, next date
//! from the due engine as of the report date, status, the result of the last service in the
//! period and who did it), its deficiencies and its history over the months asked for.
//! Defaults (spec §9): report date the end of this month, 12 months of history counted back
//! to the start of a month, "added" history records hidden.

use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::records::activity::{Deficiency, HistoryRecord};
use fieldtag_domain::records::stored::{AsText, Stored};
use jiff::civil::Date;

use super::data::Dataset;
use super::error::ReportResult;
use super::items::{self, ServiceLine};
use super::params::Request;
use super::report::{Column, Detail, Labelled, Report, ReportName, Row, SITE};
use super::times::{self, Zone};

pub(super) const COLUMNS: [Column; 14] = [
    Column::csv_only(SITE),
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
    pub fn read(request: &Request, zone: &Zone, now: i64) -> ReportResult<Period> {
        let report_date = request.date("reportDate", zone)?.unwrap_or_else(|| times::end_of_month(zone.date_of(now)));
        let months = request.whole("monthsOfHistory", 0, 600)?.unwrap_or(12);
        let hide_added = request.flag("hideAddedHistory")?.unwrap_or(true);
        let from_date = times::start_of_month(times::months_before(report_date, months));
        Ok(Period { report_date, months, hide_added, from_date, from: zone.start_of_day(from_date), until: zone.end_of_day(report_date) })
    }
}

type History = Stored<HistoryRecord>;

/// The last event of a kind in the period, by date.
fn latest<'a>(events: &[(i64, &'a History)], matches: impl Fn(&History) -> bool) -> Option<(i64, &'a History)> {
    events.iter().filter(|(_, record)| matches(record)).max_by_key(|(at, _)| *at).copied()
}

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let site_id = request.location_id.as_deref().unwrap_or_default();
    let zone = dataset.zone(site_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let period = Period::read(request, &zone, now)?;
    let mut report = Report::new(ReportName::Inspection, dataset, Some(site_id), period.report_date.to_string());
    report.columns = COLUMNS.to_vec();
    report.empty_text = "This site has no equipment.";
    report.signature = true;

    let results = dataset.due(|_| period.until);
    let performed = Dataset::by_equipment(&dataset.performed_services);
    let deficiencies = Dataset::by_equipment(&dataset.deficiencies);
    let history = Dataset::by_equipment(&dataset.history);
    let day_start = zone.start_of_day(period.report_date);
    let (mut services, mut performed_count, mut due, mut overdue, mut open_count, mut not_serviced) = (0, 0, 0, 0, 0, 0);

    for item in &dataset.equipment {
        let id = item.id.as_str();
        let mut events: Vec<(i64, &History)> = history
            .get(id)
            .into_iter()
            .flatten()
            .filter_map(|record| zone.parse(record.date.as_text()).map(|at| (at, *record)))
            .filter(|(at, record)| (period.from..=period.until).contains(at) && !(period.hide_added && record.kind == HistoryType::Added))
            .collect();
        events.sort_by_key(|(at, _)| *at);
        let own_deficiencies = deficiencies.get(id).cloned().unwrap_or_default();
        let open = items::open_deficiencies(&own_deficiencies);
        open_count += open.len();
        performed_count += events.iter().filter(|(_, r)| r.kind.is_performed_service()).count();
        let could_not = latest(&events, |r| r.kind == HistoryType::CouldNotService);
        not_serviced += events.iter().filter(|(_, r)| r.kind == HistoryType::CouldNotService).count();

        let mut item_cells = items::item_cells(dataset, item);
        item_cells.push(zone.format_stored(item.manufacture_date.as_text()));
        let open_text = open.iter().map(|d| d.description.as_text()).collect::<Vec<_>>().join("; ");
        let mut rows = Vec::new();
        match items::verdict(&results, id) {
            Ok(result) => {
                let lines = items::service_lines(dataset, result, performed.get(id).map(Vec::as_slice).unwrap_or_default(), &zone);
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
                    let mut cells = item_cells.clone();
                    cells.extend(items::service_cells(&zone, line, status));
                    cells.extend([result_text, technician, open_text.clone()]);
                    rows.push(Row { cells, alerts, ..Row::default() });
                }
            }
            Err(why) => {
                let mut cells = item_cells.clone();
                cells.extend([String::new(), String::new(), String::new(), String::new(), why, String::new(), open_text.clone()]);
                rows.push(Row { cells, alerts: vec![RESULT], ..Row::default() });
            }
        }
        if rows.is_empty() {
            let mut cells = item_cells.clone();
            cells.extend([String::new(), String::new(), String::new(), String::new(), "No services".into(), String::new(), open_text]);
            rows.push(Row { cells, ..Row::default() });
        }
        rows[0].group_start = true;
        let details = rows.last_mut().map(|row| &mut row.details).expect("an item has a row");
        for deficiency in &own_deficiencies {
            let closed = deficiency.date_closed.as_text();
            let opened = zone.format_stored(deficiency.date_opened.as_text());
            let closed_at = zone.parse(closed);
            if closed_at.is_some_and(|at| at < period.from) {
                continue;
            }
            let state = match closed_at {
                Some(at) => format!("opened {opened}, closed {}", zone.format_date(at)),
                None => format!("opened {opened}, open"),
            };
            let service = dataset.service_type_name(deficiency.service_type_id.as_text());
            let service = if service.is_empty() { String::new() } else { format!(" ({service})") };
            details.push(Detail {
                label: "Deficiency".into(),
                text: format!("{}{service}: {state}", deficiency.description.as_text()),
                alert: closed_at.is_none(),
                photos: dataset.photos_of(&deficiency.id),
            });
        }
        for (at, record) in &events {
            let user = dataset.user_name(record.user_id.as_text());
            let by = if user.is_empty() { String::new() } else { format!(" — {user}") };
            details.push(Detail {
                label: zone.format_date(*at),
                text: format!("{}{by}", record.description.as_text()),
                alert: record.kind == HistoryType::CouldNotService,
                photos: dataset.photos_of(&record.id),
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
    dataset: &Dataset,
    item_id: &str,
    line: &ServiceLine,
    events: &[(i64, &History)],
    could_not: Option<(i64, &History)>,
    open: &[&Stored<Deficiency>],
) -> (String, String) {
    let performed_id = format!("{item_id}-{}", line.service_type_id);
    let done = latest(events, |record| {
        record.kind.is_performed_service() && matches!(record.relevant_id.as_text(), id if id == performed_id || id == line.service_type_id)
    });
    let technician = |record: &History| dataset.user_name(record.user_id.as_text()).to_string();
    if let Some(deficiency) = open.iter().find(|d| d.service_type_id.as_text() == line.service_type_id) {
        let by = done.map(|(_, record)| technician(record)).unwrap_or_default();
        return (format!("Deficient: {}", deficiency.description.as_text()), by);
    }
    match (done, could_not) {
        (Some((done_at, _)), Some((missed_at, missed))) if missed_at > done_at => {
            (format!("Not serviced: {}", missed.description.as_text()), technician(missed))
        }
        (None, Some((_, missed))) => (format!("Not serviced: {}", missed.description.as_text()), technician(missed)),
        (Some((_, record)), _) => ((if line.inspection { "Pass" } else { "Completed" }).to_string(), technician(record)),
        (None, None) => (String::new(), String::new()),
    }
}
