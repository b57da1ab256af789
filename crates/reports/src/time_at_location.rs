//! Time at location report (one site, or every site), `startDate`..`endDate` (default this
//! month): per site, technician and day, the time from the first to the last record the
//! technician wrote there (history records at that site, in its time zone), how many, and the
//! visit scheduled for that day if any. A scheduled visit with no records shows 0:00.

use std::collections::BTreeMap;

use fieldtag_domain::records::stored::AsText;
use jiff::civil::Date;

use super::data::Dataset;
use super::error::ReportResult;
use super::params::Request;
use super::report::{Column, Labelled, Report, ReportName, Row, SITE};

pub(super) const COLUMNS: [Column; 9] = [
    Column::grouped("Date", 0.8),
    Column::both(SITE, 1.4),
    Column::both("Technician", 1.2),
    Column::both("First Record", 0.7),
    Column::both("Last Record", 0.7),
    Column::both("Time on Site", 0.7),
    Column::csv_only("Minutes"),
    Column::both("Records", 0.55),
    Column::both("Scheduled", 0.9),
];

#[derive(Default)]
struct Visit {
    first: Option<i64>,
    last: Option<i64>,
    records: usize,
    scheduled: Vec<String>,
}

fn duration(minutes: i64) -> String {
    format!("{}:{:02}", minutes / 60, minutes % 60)
}

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let location_id = request.location_id.as_deref();
    let report_zone = dataset.report_zone(location_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let (start, end) = request.month_range(&report_zone, now)?;
    let mut report = Report::new(ReportName::TimeAtLocation, dataset, location_id, end.to_string());
    report.columns = COLUMNS.to_vec();
    report.empty_text = "No time was recorded at this site in this period.";
    // (date, site position, technician name, user id) -> visit
    let mut visits: BTreeMap<(Date, usize, String, String), Visit> = BTreeMap::new();
    for record in &dataset.history {
        let site_id = match record.happened_at_location_id.as_text() {
            "" => record.location_id.as_text(),
            happened => happened,
        };
        let (Some(position), user) = (dataset.site_position(site_id), record.user_id.as_text()) else { continue };
        if user.is_empty() {
            continue;
        }
        let zone = dataset.zone(site_id);
        let Some(at) = zone.parse(record.date.as_text()) else { continue };
        let day = zone.date_of(at);
        if day < start || day > end {
            continue;
        }
        let visit = visits.entry((day, position, dataset.user_name(user).to_string(), user.to_string())).or_default();
        visit.first = visit.first.into_iter().chain([at]).min();
        visit.last = visit.last.into_iter().chain([at]).max();
        visit.records += 1;
    }
    for event in &dataset.schedule {
        let (site_id, user) = (event.location_id.as_text(), event.user_id.as_text());
        let Some(position) = dataset.site_position(site_id) else { continue };
        let Ok(day) = event.date.as_text().get(..10).unwrap_or_default().parse::<Date>() else { continue };
        if day < start || day > end {
            continue;
        }
        let visit = visits.entry((day, position, dataset.user_name(user).to_string(), user.to_string())).or_default();
        visit.scheduled.push(format!("{}–{}", event.start_time.as_text(), event.end_time.as_text()));
    }
    let (mut total_minutes, mut total_records) = (0, 0);
    let mut previous_day = None;
    for ((day, position, technician, _), visit) in visits {
        let site = &dataset.sites[position];
        let zone = dataset.zone(&site.id);
        let minutes = match (visit.first, visit.last) {
            (Some(first), Some(last)) => (last - first) / 60_000,
            _ => 0,
        };
        total_minutes += minutes;
        total_records += visit.records;
        let group_start = previous_day != Some(day);
        previous_day = Some(day);
        let cells = vec![
            day.to_string(),
            site.name.as_text().to_string(),
            technician,
            visit.first.map(|t| zone.format_time(t)).unwrap_or_default(),
            visit.last.map(|t| zone.format_time(t)).unwrap_or_default(),
            duration(minutes),
            minutes.to_string(),
            visit.records.to_string(),
            visit.scheduled.join(", "),
        ];
        report.rows.push(Row { cells, group_start, ..Row::default() });
    }
    report.parameters = vec![Labelled::new("From", start), Labelled::new("To", end)];
    report.totals = vec![
        Labelled::new("Visits", report.rows.len()),
        Labelled::new("Time on site", duration(total_minutes)),
        Labelled::new("Records", total_records),
    ];
    Ok(report)
}
