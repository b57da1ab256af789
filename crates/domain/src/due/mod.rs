//! The due engine (spec §9 "Due logic", §4 "Could Not Service", "Performing a service",
//! "Deficiency"): from the synced records of one piece of equipment and `now`, when each of
//! its services is next due, what moved that date, whether it is due, and whether the
//! equipment belongs on the Inspection Due and Service Due lists.
//!
//! The same rules run in TypeScript (`web/src/domain/due`); both sides pass every vector of
//! `testdata/due`. The rules and the choices made where the spec is silent are in
//! `docs/domain/due-dates.md`.

mod catalogue;
mod clock;
mod engine;
mod frequency;
mod input;
mod rules;
mod schedule;

use jiff::Timestamp;
use serde::Serialize;
use serde_json::Value;

pub use catalogue::{Catalogue, EquipmentRecords};
pub use clock::Clock;
pub use input::{
    Condition, Deficiency, DueInput, Equipment, EquipmentType, HistoryRecord, LocationOverride, PerformedService, ServiceMonth,
    ServiceType, Site,
};

/// Bad input: the field at fault (`site.timeZone`, `serviceTypes[0].frequencyType`) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct DueError {
    pub field: String,
    pub message: String,
}

/// What moved a next date away from "base date plus frequency".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AffectedBy {
    LocationOverride,
    ServiceOverride,
    ServiceMonths,
    AnotherService,
}

impl AffectedBy {
    /// The spec's label, as synced in a performed service's `affectedBy`.
    pub fn label(self) -> &'static str {
        match self {
            AffectedBy::LocationOverride => "Location Override",
            AffectedBy::ServiceOverride => "Service Override",
            AffectedBy::ServiceMonths => "Service Months",
            AffectedBy::AnotherService => "Another Service",
        }
    }
}

/// One service of the equipment; its id is borrowed from the service types evaluated against.
#[derive(Debug, Clone, PartialEq)]
pub struct ServiceDue<'a> {
    pub service_type_id: &'a str,
    /// `None` for unscheduled services and services due by meter readings only.
    pub next_date: Option<Timestamp>,
    pub affected_by: Vec<AffectedBy>,
    pub due: bool,
    pub inspection: bool,
    pub unscheduled: bool,
    /// The steps that produced the date and the verdict, when asked for.
    pub explain: Option<Vec<String>>,
}

/// The verdict for one piece of equipment.
#[derive(Debug, Clone)]
pub struct DueResult<'a> {
    /// The enabled services, in the order of the input's service types.
    pub services: Vec<ServiceDue<'a>>,
    /// On the Inspection Due list: an inspection service is due, or a deficiency is open.
    pub inspection_due: bool,
    /// On the Service Due list: another scheduled service is due, or a deficiency is open.
    pub service_due: bool,
    pub open_deficiency: bool,
    /// While a could-not-service event hides the equipment from the due lists, when it
    /// shows again.
    pub hidden_until: Option<Timestamp>,
    clock: Clock,
}

/// Where an item stands on the due lists at one instant, and why (the equipment list's tabs,
/// its badges, the tag screen and the reports all say the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueLists {
    /// On the Inspection Due list.
    pub inspection: bool,
    /// On the Service Due list.
    pub service: bool,
    /// An open deficiency is what puts it on (one of) the lists.
    pub by_deficiency: bool,
    /// A could-not-service event keeps it off the lists for now (§4).
    pub could_not_service: bool,
}

impl<'a> DueResult<'a> {
    /// The item on the due lists at `now`: due (an open deficiency makes it due, §9), unless a
    /// could-not-service event hides it (§4).
    pub fn due_lists(&self, now: Timestamp) -> DueLists {
        let could_not_service = self.hidden_until.is_some_and(|until| until > now);
        let on = |due: bool| due && !could_not_service;
        let inspection = on(self.inspection_due);
        let service = on(self.service_due);
        let by_services = |inspection_list: bool| self.services.iter().any(|s| s.due && !s.unscheduled && s.inspection == inspection_list);
        let by_deficiency = self.open_deficiency && ((inspection && !by_services(true)) || (service && !by_services(false)));
        DueLists { inspection, service, by_deficiency, could_not_service }
    }

    /// A date as the engine writes it: ISO 8601 with the site's UTC offset.
    pub fn format_date(&self, t: Timestamp) -> String {
        self.clock.format(t.as_millisecond())
    }

    /// The result as `evaluate_json` prints it, keys in the documented order.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.rendered()).unwrap_or_default()
    }

    /// The result as a JSON value.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self.rendered()).unwrap_or_default()
    }

    fn rendered(&self) -> Rendered<'a> {
        Rendered {
            services: self
                .services
                .iter()
                .map(|s| RenderedService {
                    service_type_id: s.service_type_id,
                    next_date: s.next_date.map(|t| self.format_date(t)),
                    affected_by: s.affected_by.iter().map(|a| a.label()).collect(),
                    due: s.due,
                    explain: s.explain.clone(),
                })
                .collect(),
            inspection_due: self.inspection_due,
            service_due: self.service_due,
            hidden_until: self.hidden_until.map(|t| self.format_date(t)),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rendered<'a> {
    services: Vec<RenderedService<'a>>,
    inspection_due: bool,
    service_due: bool,
    hidden_until: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RenderedService<'a> {
    service_type_id: &'a str,
    next_date: Option<String>,
    affected_by: Vec<&'static str>,
    due: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<String>>,
}

/// Evaluates many pieces of equipment (a report, a site's list), reading each time zone's
/// offsets once instead of once per item.
///
/// For a report, prefer [`Evaluator::evaluate_in`]: the service types, location overrides
/// and service months are prepared once in a [`Catalogue`] and shared by every item, where
/// [`Evaluator::evaluate`] reads the rules of each input's own copies again.
#[derive(Debug, Default)]
pub struct Evaluator {
    clocks: engine::Clocks,
}

impl Evaluator {
    pub fn new() -> Evaluator {
        Evaluator::default()
    }

    /// Evaluates one piece of equipment at `now` (kept to the millisecond).
    pub fn evaluate<'a>(&mut self, input: &'a DueInput, now: Timestamp) -> Result<DueResult<'a>, DueError> {
        engine::run(&Catalogue::of_input(input), &EquipmentRecords::of_input(input), now.as_millisecond(), false, &mut self.clocks)
    }

    /// Evaluates one piece of equipment against the shared records of `catalogue`; the
    /// answer is the one of a [`DueInput`] holding `item`'s records and the catalogue's lists.
    pub fn evaluate_in<'a>(
        &mut self,
        catalogue: &Catalogue<'a>,
        item: &EquipmentRecords,
        now: Timestamp,
    ) -> Result<DueResult<'a>, DueError> {
        engine::run(catalogue, item, now.as_millisecond(), false, &mut self.clocks)
    }
}

/// Evaluates many pieces of equipment against one catalogue, spread over the cores (rayon's
/// pool; each thread keeps its own [`Evaluator`]); the answers come in the order of `items`,
/// `None` where `read` found nothing to evaluate. `read` gives an item's records and its `now`.
pub fn evaluate_all<'a, 'c, T: Sync>(
    catalogue: &Catalogue<'c>,
    items: &'a [T],
    read: impl Fn(&'a T) -> Option<(EquipmentRecords<'a>, Timestamp)> + Sync,
) -> Vec<Option<Result<DueResult<'c>, DueError>>> {
    use rayon::prelude::*;
    items
        .par_iter()
        // Enough items a job that a site's handful runs on one thread, and few evaluators are made.
        .with_min_len(256)
        .map_init(Evaluator::new, |evaluator, item| read(item).map(|(records, now)| evaluator.evaluate_in(catalogue, &records, now)))
        .collect()
}

/// Reads the JSON object `{now, site, equipment, equipmentType, serviceTypes,
/// performedServices, locationOverrides, serviceMonths, deficiencies, history}` and answers
/// the pretty JSON `{services, inspectionDue, serviceDue, hiddenUntil}`.
pub fn evaluate_json(input: &str, explain: bool) -> Result<String, DueError> {
    let mut deserializer = serde_json::Deserializer::from_str(input);
    let parsed: DueInput = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = e.path().to_string();
        DueError { field: if path == "." { "input".to_string() } else { path }, message: e.into_inner().to_string() }
    })?;
    deserializer.end().map_err(|e| DueError { field: "input".to_string(), message: e.to_string() })?;
    let now = parse_now(parsed.now.as_deref())?;
    let (catalogue, item) = (Catalogue::of_input(&parsed), EquipmentRecords::of_input(&parsed));
    let result = engine::run(&catalogue, &item, now, explain, &mut engine::Clocks::default())?;
    Ok(result.to_json_pretty())
}

/// `now` must name an instant: a date and time with an offset.
fn parse_now(text: Option<&str>) -> Result<i64, DueError> {
    let text = text.filter(|t| !t.is_empty()).ok_or_else(|| DueError { field: "now".into(), message: "now is required".into() })?;
    let has_offset = text.ends_with('Z') || text.as_bytes().get(10..).is_some_and(|rest| rest.iter().any(|b| matches!(b, b'+' | b'-')));
    let utc = Clock::new("UTC").expect("the bundled database has UTC");
    utc.parse(text)
        .filter(|_| has_offset)
        .ok_or_else(|| DueError { field: "now".into(), message: format!("\"{text}\" is not an ISO 8601 date and time with an offset") })
}
