//! Visit report (one site, one day; not of spec §7): what was done there that day (history
//! records) and what was found (deficiencies opened or closed that day), each with its photos,
//! and the customer's signature and printed name of every visit record of the day.
//! A record a visit names is listed whatever its date; one no visit names is listed when its
//! date is the day in the site's zone, so the report also serves a day nobody signed.

use std::collections::HashSet;

use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::records::equipment::Equipment;
use fieldtag_domain::records::stored::AsText;
use jiff::civil::Date;
use serde::Deserialize;
use serde_json::Value;

use super::data::Dataset;
use super::error::ReportResult;
use super::params::Request;
use super::photos::is_signature;
use super::report::{Column, Labelled, Report, ReportName, Row, Signed};

pub(super) const COLUMNS: [Column; 10] = [
    Column::both("Time", 0.5),
    Column::both("Record", 0.75),
    Column::both("Location", 1.2),
    Column::both("Barcode", 0.8),
    Column::both("Type", 0.9),
    Column::both("Service", 1.0),
    Column::both("Description", 2.2),
    Column::both("Technician", 0.9),
    Column::both(STATUS, 0.6),
    Column::csv_only("Photos"),
];
const STATUS: &str = "Status";

/// A visit record as stored (the `visits` kind); fields the report does not read are ignored.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Visit {
    id: String,
    date: String,
    user_id: String,
    history_ids: Vec<String>,
    deficiency_ids: Vec<String>,
    signer_name: String,
    signature: String,
    signed_at: String,
}

fn visits_of_day(visits: &[Value], day: Date) -> Vec<Visit> {
    let day = day.to_string();
    let mut read: Vec<Visit> = visits.iter().filter_map(|value| Visit::deserialize(value).ok()).filter(|visit| visit.date == day).collect();
    read.sort_by(|a, b| (&a.signed_at, &a.id).cmp(&(&b.signed_at, &b.id)));
    read
}

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let site_id = request.location_id.as_deref().unwrap_or_default();
    let zone = dataset.zone(site_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let day = request.date("date", &zone)?.unwrap_or_else(|| zone.date_of(now));
    let (from, until) = (zone.start_of_day(day), zone.end_of_day(day));
    let mut report = Report::new(ReportName::Visit, dataset, Some(site_id), day.to_string());
    report.columns = COLUMNS.to_vec();
    report.empty_text = "Nothing was recorded at this site on this day.";

    let visits = visits_of_day(&dataset.visits, day);
    let named_history: HashSet<&str> = visits.iter().flat_map(|visit| visit.history_ids.iter().map(String::as_str)).collect();
    let named_deficiencies: HashSet<&str> = visits.iter().flat_map(|visit| visit.deficiency_ids.iter().map(String::as_str)).collect();
    // A deficiency has no technician of its own: the one whose visit names it.
    let finder =
        |id: &str| visits.iter().find(|visit| visit.deficiency_ids.iter().any(|named| named == id)).map(|visit| visit.user_id.as_str());
    let item_cells = |equipment_id: &str| {
        let item = dataset.item(equipment_id);
        let field = |read: fn(&Equipment) -> &str| item.map(|item| read(item).to_string()).unwrap_or_default();
        [
            field(|item| item.name.as_text()),
            field(|item| item.barcode.as_text()),
            item.map(|item| dataset.equipment_type_name(item).to_string()).unwrap_or_default(),
        ]
    };

    let mut work = Vec::new();
    for record in &dataset.history {
        let at = zone.parse(record.date.as_text());
        let that_day = at.is_some_and(|at| (from..=until).contains(&at));
        if !that_day && !named_history.contains(record.id.as_str()) {
            continue;
        }
        let [location, barcode, kind] = item_cells(record.equipment_id.as_text());
        let not_serviced = record.kind == HistoryType::CouldNotService;
        let photos = dataset.photos_of(&record.id);
        let cells = vec![
            at.map(|at| zone.format_time(at)).unwrap_or_default(),
            "Work".to_string(),
            location,
            barcode,
            kind,
            dataset.service_type_name(record.service_type_id()).to_string(),
            record.description.as_text().to_string(),
            dataset.user_name(record.user_id.as_text()).to_string(),
            (if not_serviced { "Not serviced" } else { "" }).to_string(),
            photos.join(" "),
        ];
        let alerts = if not_serviced { vec![STATUS] } else { Vec::new() };
        work.push(((at.unwrap_or(i64::MAX), record.id.clone()), Row { cells, group_start: true, alerts, photos, ..Row::default() }));
    }
    let mut found = Vec::new();
    let (mut open_count, mut closed_count) = (0, 0);
    for deficiency in &dataset.deficiencies {
        let opened = zone.parse(deficiency.date_opened.as_text());
        let closed = zone.parse(deficiency.date_closed.as_text());
        let on_day = |at: Option<i64>| at.is_some_and(|at| (from..=until).contains(&at));
        if !on_day(opened) && !on_day(closed) && !named_deficiencies.contains(deficiency.id.as_str()) {
            continue;
        }
        let [location, barcode, kind] = item_cells(deficiency.equipment_id.as_text());
        let photos = dataset.photos_of(&deficiency.id);
        let is_open = closed.is_none();
        open_count += usize::from(is_open);
        closed_count += usize::from(!is_open);
        let at = if on_day(closed) && !on_day(opened) { closed } else { opened };
        let cells = vec![
            at.map(|at| zone.format_time(at)).unwrap_or_default(),
            "Deficiency".to_string(),
            location,
            barcode,
            kind,
            dataset.service_type_name(deficiency.service_type_id.as_text()).to_string(),
            deficiency.description.as_text().to_string(),
            finder(&deficiency.id).map(|user| dataset.user_name(user).to_string()).unwrap_or_default(),
            (if is_open { "Open" } else { "Closed" }).to_string(),
            photos.join(" "),
        ];
        let alerts = if is_open { vec![STATUS] } else { Vec::new() };
        found.push(((at.unwrap_or(i64::MAX), deficiency.id.clone()), Row { cells, group_start: true, alerts, photos, ..Row::default() }));
    }
    work.sort_by(|a, b| a.0.cmp(&b.0));
    found.sort_by(|a, b| a.0.cmp(&b.0));
    let (work_count, found_count) = (work.len(), found.len());
    report.rows = work.into_iter().chain(found).map(|(_, row)| row).collect();
    let photo_count: usize = report.rows.iter().map(|row| row.photos.len()).sum();

    for visit in &visits {
        let mut lines = Vec::new();
        if let Some(at) = zone.parse(&visit.signed_at) {
            lines.push(format!("Signed {}", zone.format_date_time(at)));
        }
        let technician = dataset.user_name(&visit.user_id);
        if !technician.is_empty() {
            lines.push(format!("Technician: {technician}"));
        }
        let image = if is_signature(&visit.signature) { visit.signature.clone() } else { String::new() };
        report.signatures.push(Signed { signer_name: visit.signer_name.trim().to_string(), lines, image });
    }

    report.parameters = vec![Labelled::new("Date", day), Labelled::new("Time zone", &zone.name)];
    report.totals = vec![
        Labelled::new("Work records", work_count),
        Labelled::new("Deficiencies", found_count),
        Labelled::new("Still open", open_count),
        Labelled::new("Closed", closed_count),
        Labelled::new("Photos", photo_count),
        Labelled::new("Signatures", report.signatures.len()),
    ];
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_days_visits_are_read_in_signing_order() {
        let visits = [
            json!({"id": "b", "date": "2026-11-26", "userId": "u", "historyIds": ["h"], "deficiencyIds": [], "signerName": "Later",
                   "signature": "signatures/0123456789abcdef0123456789abcdef.png", "signedAt": "2026-11-26T16:00:00-05:00"}),
            json!({"id": "a", "date": "2026-11-26", "signerName": "Earlier", "signedAt": "2026-11-26T09:00:00-05:00"}),
            json!({"id": "c", "date": "2026-11-25", "signerName": "Yesterday", "signedAt": "2026-11-25T09:00:00-05:00"}),
            json!("not a visit"),
        ];
        let read = visits_of_day(&visits, "2026-11-26".parse().unwrap());
        assert_eq!(read.iter().map(|visit| visit.signer_name.as_str()).collect::<Vec<_>>(), ["Earlier", "Later"]);
        assert_eq!(read[1].history_ids, ["h"]);
    }
}
