//! Equipment report (one site): one row per item with its next inspection and next service
//! from the due engine (as of now) and what is due. `serviceOrInspection` picks the items:
//! `all`, `serviceOrInspection` (default: due for either, spec §9), `service`, `inspection`.

use fieldtag_domain::records::stored::AsText;

use super::data::Dataset;
use super::error::ReportResult;
use super::items;
use super::params::Request;
use super::report::{Column, Labelled, Report, ReportName, Row, SITE};

pub(super) const COLUMNS: [Column; 12] = [
    Column::csv_only(SITE),
    Column::both("Location", 1.5),
    Column::both("Barcode", 0.9),
    Column::both("Serial Number", 0.9),
    Column::both("Model", 0.9),
    Column::both("Type", 1.0),
    Column::csv_only("Manufacture Date"),
    Column::both("Next Inspection", 0.9),
    Column::both("Next Service", 0.9),
    Column::both(DUE, 0.9),
    Column::both("Open Deficiencies", 0.7),
    Column::csv_only("Services"),
];
const DUE: &str = "Due";

pub const FILTERS: [&str; 4] = ["all", "serviceOrInspection", "service", "inspection"];

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let site_id = request.location_id.as_deref().unwrap_or_default();
    let zone = dataset.zone(site_id);
    let filter = request.choice("serviceOrInspection", &FILTERS)?.unwrap_or("serviceOrInspection");
    let at = jiff::Timestamp::now();
    let now = at.as_millisecond();
    let today = zone.start_of_day(zone.date_of(now));
    let mut report = Report::new(ReportName::Equipment, dataset, Some(site_id), zone.date_of(now).to_string());
    report.columns = COLUMNS.to_vec();
    report.empty_text = match filter {
        "all" => "This site has no equipment.",
        "inspection" => "Nothing to inspect.",
        "service" => "Nothing to service.",
        _ => "Nothing to inspect or service.",
    };
    let results = dataset.due(|_| now);
    let performed = Dataset::by_equipment(&dataset.performed_services);
    let deficiencies = Dataset::by_equipment(&dataset.deficiencies);
    let (mut inspection_due, mut service_due, mut open_total) = (0, 0, 0);
    for item in &dataset.equipment {
        let id = item.id.as_str();
        let open = items::open_deficiencies(deficiencies.get(id).map(Vec::as_slice).unwrap_or_default()).len();
        let (lines, inspection, service, note) = match items::verdict(&results, id) {
            Ok(result) => {
                let lines = items::service_lines(dataset, result, performed.get(id).map(Vec::as_slice).unwrap_or_default(), &zone);
                let lists = result.due_lists(at);
                (lines, lists.inspection, lists.service, items::due_reason(&lists))
            }
            Err(why) => (Vec::new(), false, false, why),
        };
        let listed = match filter {
            "all" => true,
            "inspection" => inspection,
            "service" => service,
            _ => inspection || service,
        };
        if !listed {
            continue;
        }
        inspection_due += usize::from(inspection);
        service_due += usize::from(service);
        open_total += open;
        let earliest =
            |inspections: bool| lines.iter().filter(|l| l.inspection == inspections && !l.unscheduled).filter_map(|l| l.next_date).min();
        let due =
            [(inspection, "Inspection"), (service, "Service")].iter().filter(|(on, _)| *on).map(|(_, what)| *what).collect::<Vec<_>>();
        let due = match (due.join(", "), note.as_str()) {
            (lists, "") => lists,
            (lists, reason) if lists.is_empty() => reason.to_string(),
            (lists, reason) => format!("{lists} ({reason})"),
        };
        let services = lines
            .iter()
            .map(|l| format!("{} {} ({})", l.name, items::date_cell(&zone, l.next_date), items::status(l, today)))
            .collect::<Vec<_>>()
            .join("; ");
        let mut cells = items::item_cells(dataset, item);
        cells.extend([
            zone.format_stored(item.manufacture_date.as_text()),
            items::date_cell(&zone, earliest(true)),
            items::date_cell(&zone, earliest(false)),
            due,
            open.to_string(),
            services,
        ]);
        report.rows.push(Row { cells, group_start: true, alerts: vec![DUE], ..Row::default() });
    }
    report.parameters = vec![
        Labelled::new(
            "Showing",
            match filter {
                "all" => "All equipment",
                "inspection" => "Inspection due",
                "service" => "Service due",
                _ => "Service or inspection due",
            },
        ),
        Labelled::new("As of", zone.format_date(now)),
        Labelled::new("Time zone", &zone.name),
    ];
    report.totals = vec![
        Labelled::new("Equipment listed", report.rows.len()),
        Labelled::new("Inspection due", inspection_due),
        Labelled::new("Service due", service_due),
        Labelled::new("Open deficiencies", open_total),
    ];
    Ok(report)
}
