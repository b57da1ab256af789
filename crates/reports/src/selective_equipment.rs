//! Selective equipment report (one site): the items picked by `equipmentIds`,
//! `equipmentTypeIds` and `modelIds` (each a comma-separated list; every list given must
//! match, none given means every item), with each service (`serviceTypeIds` narrows them):
//! last date, next date from the due engine (as of now) and status, and open deficiencies.

use fieldtag_domain::records::stored::AsText;

use super::data::Dataset;
use super::error::{ReportError, ReportResult};
use super::items;
use super::params::Request;
use super::report::{Column, Detail, Labelled, Report, ReportName, Row, SITE};

pub(super) const COLUMNS: [Column; 11] = [
    Column::csv_only(SITE),
    Column::grouped("Location", 1.5),
    Column::grouped("Barcode", 0.9),
    Column::grouped("Serial Number", 0.9),
    Column::grouped("Model", 0.9),
    Column::grouped("Type", 1.0),
    Column::both("Service", 1.2),
    Column::both("Last Date", 0.9),
    Column::both("Next Date", 0.9),
    Column::both(STATUS, 0.8),
    Column::csv_only("Open Deficiencies"),
];
const STATUS: &str = "Status";

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let site_id = request.location_id.as_deref().unwrap_or_default();
    let zone = dataset.zone(site_id);
    let (equipment_ids, type_ids, model_ids, service_ids) =
        (request.ids("equipmentIds"), request.ids("equipmentTypeIds"), request.ids("modelIds"), request.ids("serviceTypeIds"));
    if let Some(unknown) = equipment_ids.iter().find(|id| dataset.item(id).is_none()) {
        return Err(ReportError::BadParameter(format!("equipmentIds: {unknown} is not equipment of this site")));
    }
    let now = jiff::Timestamp::now().as_millisecond();
    let today = zone.start_of_day(zone.date_of(now));
    let mut report = Report::new(ReportName::SelectiveEquipment, dataset, Some(site_id), zone.date_of(now).to_string());
    report.columns = COLUMNS.to_vec();
    report.empty_text = "No equipment matches this selection.";
    let results = dataset.due(|_| now);
    let performed = Dataset::by_equipment(&dataset.performed_services);
    let deficiencies = Dataset::by_equipment(&dataset.deficiencies);
    let picked = |list: &[String], id: &str| list.is_empty() || list.iter().any(|wanted| wanted == id);
    let (mut listed, mut services, mut due) = (0, 0, 0);
    for item in &dataset.equipment {
        let id = item.id.as_str();
        let type_id = dataset.equipment_type(item).map(|t| t.id.as_str()).unwrap_or_default();
        if !picked(&equipment_ids, id) || !picked(&type_ids, type_id) || !picked(&model_ids, item.model_id.as_text()) {
            continue;
        }
        listed += 1;
        let open = items::open_deficiencies(deficiencies.get(id).map(Vec::as_slice).unwrap_or_default());
        let item_cells = items::item_cells(dataset, item);
        let open_text = open.iter().map(|d| d.description.as_text()).collect::<Vec<_>>().join("; ");
        let mut rows: Vec<Row> = Vec::new();
        let lines = match items::verdict(&results, id) {
            Ok(result) => items::service_lines(dataset, result, performed.get(id).map(Vec::as_slice).unwrap_or_default(), &zone),
            Err(why) => {
                let mut cells = item_cells.clone();
                cells.extend([String::new(), String::new(), String::new(), why, open_text.clone()]);
                rows.push(Row { cells, alerts: vec![STATUS], ..Row::default() });
                Vec::new()
            }
        };
        for line in lines.iter().filter(|line| picked(&service_ids, &line.service_type_id)) {
            services += 1;
            let status = items::status(line, today);
            due += usize::from(status == "Due" || status == "Overdue");
            let mut cells = item_cells.clone();
            cells.extend(items::service_cells(&zone, line, status));
            cells.push(open_text.clone());
            let alerts = if status == "Due" || status == "Overdue" { vec![STATUS] } else { Vec::new() };
            rows.push(Row { cells, alerts, ..Row::default() });
        }
        if rows.is_empty() {
            let mut cells = item_cells.clone();
            cells.extend([String::new(), String::new(), String::new(), "No services".into(), open_text.clone()]);
            rows.push(Row { cells, ..Row::default() });
        }
        rows[0].group_start = true;
        if let Some(last) = rows.last_mut() {
            last.details = open
                .iter()
                .map(|d| Detail {
                    label: "Open deficiency".into(),
                    text: format!("{} (opened {})", d.description.as_text(), zone.format_stored(d.date_opened.as_text())),
                    alert: true,
                    ..Detail::default()
                })
                .collect();
        }
        report.rows.extend(rows);
    }
    let selection = |list: &[String], what: &str| if list.is_empty() { format!("all {what}") } else { format!("{} {what}", list.len()) };
    report.parameters = vec![
        Labelled::new("Equipment", selection(&equipment_ids, "items")),
        Labelled::new("Types", selection(&type_ids, "types")),
        Labelled::new("Models", selection(&model_ids, "models")),
        Labelled::new("Services", selection(&service_ids, "services")),
        Labelled::new("As of", zone.format_date(now)),
    ];
    report.totals =
        vec![Labelled::new("Equipment listed", listed), Labelled::new("Services", services), Labelled::new("Due or overdue", due)];
    Ok(report)
}
