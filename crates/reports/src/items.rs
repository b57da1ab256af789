//! What several reports say about one piece of equipment: its services with their last and
//! next dates and status (from the due engine), and its open deficiencies.

use fieldtag_domain::due::{DueError, DueLists, DueResult};
use fieldtag_domain::records::activity::Deficiency;
use fieldtag_domain::records::equipment::Equipment;
use fieldtag_domain::records::services::PerformedService;
use fieldtag_domain::records::stored::{AsText, Stored};

use super::data::Dataset;
use super::times::Zone;

/// One service of an item.
pub struct ServiceLine {
    pub service_type_id: String,
    pub name: String,
    pub last_date: Option<i64>,
    pub next_date: Option<i64>,
    pub due: bool,
    pub inspection: bool,
    pub unscheduled: bool,
}

/// The cells that say which item a row is about: Site, Location, Barcode, Serial Number, Model
/// and Type.
pub fn item_cells(dataset: &Dataset, item: &Equipment) -> Vec<String> {
    vec![
        dataset.site_name(item.location_id.as_text()).to_string(),
        item.name.as_text().to_string(),
        item.barcode.as_text().to_string(),
        item.serial_number.as_text().to_string(),
        dataset.model_name(item).to_string(),
        dataset.equipment_type_name(item).to_string(),
    ]
}

/// A service's status on the report's day.
pub fn status(line: &ServiceLine, day_start: i64) -> &'static str {
    match line.next_date {
        _ if line.unscheduled => "Unscheduled",
        Some(next) if line.due && next < day_start => "Overdue",
        _ if line.due => "Due",
        Some(_) => "OK",
        None => "By reading",
    }
}

/// The item's enabled services in the engine's order, with each one's last date.
pub fn service_lines(dataset: &Dataset, result: &DueResult, performed: &[&Stored<PerformedService>], zone: &Zone) -> Vec<ServiceLine> {
    result
        .services
        .iter()
        .map(|service| {
            let last = performed.iter().find(|p| p.service_type_id.as_text() == service.service_type_id);
            ServiceLine {
                service_type_id: service.service_type_id.to_string(),
                name: dataset.service_type_name(service.service_type_id).to_string(),
                last_date: last.and_then(|p| zone.parse(p.last_date.as_text())),
                next_date: service.next_date.map(|t| t.as_millisecond()),
                due: service.due,
                inspection: service.inspection,
                unscheduled: service.unscheduled,
            }
        })
        .collect()
}

/// The cells of one of the item's services: Service, Last Date, Next Date and Status.
pub fn service_cells(zone: &Zone, line: &ServiceLine, status: &str) -> [String; 4] {
    [line.name.clone(), date_cell(zone, line.last_date), date_cell(zone, line.next_date), status.to_string()]
}

/// The engine's answer for item `id`, or a line saying why there is none.
pub fn verdict<'a, 'c>(
    results: &'a std::collections::HashMap<String, Result<DueResult<'c>, DueError>>,
    id: &str,
) -> Result<&'a DueResult<'c>, String> {
    match results.get(id) {
        Some(Ok(result)) => Ok(result),
        Some(Err(error)) => Err(format!("Due dates cannot be computed: {error}")),
        None => Err("Due dates cannot be computed: the record cannot be read".into()),
    }
}

/// An item's deficiencies that are still open.
pub fn open_deficiencies<'a>(deficiencies: &[&'a Stored<Deficiency>]) -> Vec<&'a Stored<Deficiency>> {
    deficiencies.iter().copied().filter(|d| d.date_closed.as_text().is_empty()).collect()
}

/// `date` formatted here, or empty.
pub fn date_cell(zone: &Zone, t: Option<i64>) -> String {
    t.map(|t| zone.format_date(t)).unwrap_or_default()
}

/// Why an item is on the due lists, or off them, when its services alone do not say it:
/// 'open deficiency', 'Could not service today', or nothing.
pub fn due_reason(lists: &DueLists) -> String {
    if lists.could_not_service {
        "Could not service today".into()
    } else if lists.by_deficiency {
        "open deficiency".into()
    } else {
        String::new()
    }
}
