//! The records a report reads as stored JSON, read by key: what the reports not yet moved to
//! [`super::data::Dataset`]'s typed records still read.

use std::collections::HashMap;

use fieldtag_domain::due::{self, Catalogue, DueError, DueResult, EquipmentRecords, Evaluator};
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::Store;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::data::natural_key;
use super::times::Zone;
use crate::error::{ApiError, ApiResult};

/// History types of spec §4 the reports read.
pub const PERFORMED_SERVICE: i64 = 2;
pub const PERFORMED_UNSCHEDULED_SERVICE: i64 = 3;
pub const COULD_NOT_SERVICE: i64 = 4;
pub const ADDED: i64 = 5;

/// A text field of a record; empty when absent or not text.
pub fn text<'a>(record: &'a Value, key: &str) -> &'a str {
    record.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// A whole-number field (history `type`).
pub fn number(record: &Value, key: &str) -> Option<i64> {
    record.get(key).and_then(|v| v.as_i64().or_else(|| v.as_f64().map(|f| f as i64)))
}

/// What one report reads.
pub struct RawDataset {
    pub organization: Value,
    /// The site asked for, or every site; by name.
    pub sites: Vec<Value>,
    /// By site (in `sites` order), then name and barcode.
    pub equipment: Vec<Value>,
    pub performed_services: Vec<Value>,
    pub history: Vec<Value>,
    pub deficiencies: Vec<Value>,
    pub schedule: Vec<Value>,
    pub location_overrides: Vec<Value>,
    pub service_months: Vec<Value>,
    /// The organisation's, in stored order (the due engine's order of services).
    pub service_types: Vec<Value>,
    pub(super) equipment_types: HashMap<String, Value>,
    pub(super) models: HashMap<String, Value>,
    pub(super) users: HashMap<String, Value>,
    zones: HashMap<String, Zone>,
    site_index: HashMap<String, usize>,
}

fn by_id(records: Vec<Value>) -> HashMap<String, Value> {
    records.into_iter().map(|record| (text(&record, "id").to_string(), record)).collect()
}

impl RawDataset {
    /// Loads the records of site `location_id` (which must be the organisation's), or of the
    /// whole organisation.
    pub async fn load(store: &Store, org_id: &str, location_id: Option<&str>) -> ApiResult<RawDataset> {
        let mut sites = match location_id {
            Some(id) => {
                let site = store.record(org_id, SyncKind::Locations.key(), id).await?.filter(|site| !site.deleted);
                vec![
                    site.ok_or_else(|| {
                        ApiError::not_found(format!("Site {id} was not found in your organization")).with_code("SiteNotFound")
                    })?
                    .data,
                ]
            }
            None => store.live_records(org_id, SyncKind::Locations.key(), None).await?,
        };
        let scoped = |kind: SyncKind| store.live_records(org_id, kind.key(), location_id);
        let shared = |kind: SyncKind| store.live_records(org_id, kind.key(), None);
        let (mut equipment, performed_services, history, deficiencies, schedule, location_overrides, service_months) = tokio::try_join!(
            scoped(SyncKind::Equipment),
            scoped(SyncKind::PerformedServices),
            scoped(SyncKind::History),
            scoped(SyncKind::Deficiencies),
            scoped(SyncKind::Schedule),
            scoped(SyncKind::LocationOverrides),
            scoped(SyncKind::ServiceMonths),
        )?;
        let (service_types, equipment_types, models, users) = tokio::try_join!(
            shared(SyncKind::ServiceTypes),
            shared(SyncKind::EquipmentTypes),
            shared(SyncKind::Models),
            shared(SyncKind::Users)
        )?;
        let organization = store.organization(org_id).await?.unwrap_or(Value::Null);
        // Every report lists sites by name and items by site, then location.
        sites.sort_by_cached_key(|site| (text(site, "name").to_lowercase(), text(site, "id").to_string()));
        let site_index: HashMap<String, usize> = sites.iter().enumerate().map(|(i, site)| (text(site, "id").to_string(), i)).collect();
        let zones =
            sites.iter().map(|site| (text(site, "id").to_string(), Zone::new(site.get("timeZone").and_then(Value::as_str)))).collect();
        // Items of sites outside the list (none, unless a site was deleted) go last.
        equipment.sort_by_cached_key(|item| {
            let site = site_index.get(text(item, "locationId")).copied().unwrap_or(usize::MAX);
            (site, natural_key(text(item, "name")), text(item, "barcode").to_string(), text(item, "id").to_string())
        });
        Ok(RawDataset {
            organization,
            sites,
            equipment,
            performed_services,
            history,
            deficiencies,
            schedule,
            location_overrides,
            service_months,
            service_types,
            equipment_types: by_id(equipment_types),
            models: by_id(models),
            users: by_id(users),
            zones,
            site_index,
        })
    }

    pub fn site(&self, id: &str) -> Option<&Value> {
        self.site_index.get(id).map(|&i| &self.sites[i])
    }

    pub fn site_name(&self, id: &str) -> &str {
        self.site(id).map(|site| text(site, "name")).unwrap_or_default()
    }

    /// The site's time zone (the fallback for a site not loaded).
    pub fn zone(&self, site_id: &str) -> Zone {
        self.zones.get(site_id).cloned().unwrap_or_else(Zone::fallback)
    }

    pub fn model(&self, item: &Value) -> Option<&Value> {
        self.models.get(text(item, "modelId"))
    }

    pub fn model_name(&self, item: &Value) -> &str {
        self.model(item).map(|model| text(model, "name")).unwrap_or_default()
    }

    pub fn equipment_type(&self, item: &Value) -> Option<&Value> {
        self.model(item).and_then(|model| self.equipment_types.get(text(model, "equipmentTypeId")))
    }

    pub fn equipment_type_name(&self, item: &Value) -> &str {
        self.equipment_type(item).map(|t| text(t, "name")).unwrap_or_default()
    }

    pub fn user_name(&self, id: &str) -> &str {
        self.users.get(id).map(|user| text(user, "name")).unwrap_or_default()
    }

    pub fn service_type(&self, id: &str) -> Option<&Value> {
        self.service_types.iter().find(|service| text(service, "id") == id)
    }

    pub fn service_type_name(&self, id: &str) -> &str {
        self.service_type(id).map(|service| text(service, "name")).unwrap_or_default()
    }

    /// Records of a list by the equipment they belong to.
    pub fn by_equipment(list: &[Value]) -> HashMap<&str, Vec<&Value>> {
        let mut grouped: HashMap<&str, Vec<&Value>> = HashMap::new();
        for record in list {
            grouped.entry(text(record, "equipmentId")).or_default().push(record);
        }
        grouped
    }

    /// The due engine's verdict for every item, at `now_of(site id)`; an item whose records
    /// the engine cannot use gets its error.
    pub fn due(&self, now_of: impl Fn(&str) -> i64) -> HashMap<String, Result<DueResult, DueError>> {
        let service_types: Vec<due::ServiceType> = typed(&self.service_types);
        let overrides: Vec<due::LocationOverride> = typed(&self.location_overrides);
        let months: Vec<due::ServiceMonth> = typed(&self.service_months);
        let sites: HashMap<&str, due::Site> = self.sites.iter().filter_map(|site| Some((text(site, "id"), one(site)?))).collect();
        let types: HashMap<&str, due::EquipmentType> =
            self.equipment_types.iter().filter_map(|(id, t)| Some((id.as_str(), one(t)?))).collect();
        let performed = typed_by_equipment::<due::PerformedService>(&self.performed_services);
        let deficiencies = typed_by_equipment::<due::Deficiency>(&self.deficiencies);
        let history = typed_by_equipment::<due::HistoryRecord>(&self.history);
        let catalogue = Catalogue::new(&service_types, &overrides, &months);
        let mut evaluator = Evaluator::new();
        let mut results = HashMap::with_capacity(self.equipment.len());
        for item in &self.equipment {
            let id = text(item, "id");
            let Some(equipment) = one::<due::Equipment>(item) else { continue };
            let site_id = text(item, "locationId");
            let type_id = self.model(item).map(|model| text(model, "equipmentTypeId")).unwrap_or_default();
            let records = EquipmentRecords {
                site: sites.get(site_id),
                equipment: Some(&equipment),
                equipment_type: types.get(type_id),
                performed_services: performed.get(id).map(Vec::as_slice).unwrap_or_default(),
                deficiencies: deficiencies.get(id).map(Vec::as_slice).unwrap_or_default(),
                history: history.get(id).map(Vec::as_slice).unwrap_or_default(),
            };
            let now = jiff::Timestamp::from_millisecond(now_of(site_id)).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
            results.insert(id.to_string(), evaluator.evaluate_in(&catalogue, &records, now));
        }
        results
    }
}

fn one<T: DeserializeOwned>(record: &Value) -> Option<T> {
    T::deserialize(record).ok()
}

fn typed<T: DeserializeOwned>(records: &[Value]) -> Vec<T> {
    records.iter().filter_map(one).collect()
}

fn typed_by_equipment<T: DeserializeOwned>(records: &[Value]) -> HashMap<&str, Vec<T>> {
    let mut grouped: HashMap<&str, Vec<T>> = HashMap::new();
    for record in records {
        if let Some(typed) = one(record) {
            grouped.entry(text(record, "equipmentId")).or_default().push(typed);
        }
    }
    grouped
}
