//! The due engine's own reading of a report's records. The engine reads stored JSON by its
//! own lenient rules (the rules the web app's twin shares), so each record is read for it
//! from the same stored JSON the report's typed record came from, once, at load.

use std::collections::HashMap;

use fieldtag_domain::due::{self, Catalogue, DueError, DueResult, EquipmentRecords, evaluate_all};
use fieldtag_domain::records::equipment::Equipment;
use fieldtag_domain::records::stored::{OfEquipment, Stored};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::loaded::Loaded;

pub struct EngineRecords {
    service_types: Vec<due::ServiceType>,
    location_overrides: Vec<due::LocationOverride>,
    service_months: Vec<due::ServiceMonth>,
    sites: HashMap<String, due::Site>,
    equipment_types: HashMap<String, due::EquipmentType>,
    /// By item id, as every map below.
    equipment: HashMap<String, due::Equipment>,
    performed_services: HashMap<String, Vec<due::PerformedService>>,
    deficiencies: HashMap<String, Vec<due::Deficiency>>,
    history: HashMap<String, Vec<due::HistoryRecord>>,
}

/// A record as the engine reads it; None when the engine cannot read it.
fn one<T: DeserializeOwned>(record: &Value) -> Option<T> {
    T::deserialize(record).ok()
}

fn list<'a, T: DeserializeOwned>(records: impl IntoIterator<Item = &'a Value>) -> Vec<T> {
    records.into_iter().filter_map(one).collect()
}

fn by_id<R, T: DeserializeOwned>(records: &[(Stored<R>, &Value)]) -> HashMap<String, T> {
    records.iter().filter_map(|(record, value)| Some((record.id.clone(), one(value)?))).collect()
}

fn by_equipment<R: OfEquipment, T: DeserializeOwned>(records: &[(Stored<R>, &Value)]) -> HashMap<String, Vec<T>> {
    let mut grouped: HashMap<String, Vec<T>> = HashMap::new();
    for (record, value) in records {
        if let Some(read) = one(value) {
            grouped.entry(record.equipment_id().to_string()).or_default().push(read);
        }
    }
    grouped
}

impl EngineRecords {
    pub fn read(records: &Loaded) -> EngineRecords {
        EngineRecords {
            service_types: list(records.service_types.iter().map(|(_, value)| *value)),
            location_overrides: list(records.location_overrides),
            service_months: list(records.service_months),
            sites: by_id(&records.sites),
            equipment_types: by_id(&records.equipment_types),
            equipment: by_id(&records.equipment),
            performed_services: by_equipment(&records.performed_services),
            deficiencies: by_equipment(&records.deficiencies),
            history: by_equipment(&records.history),
        }
    }

    /// The verdict for every item of `equipment` that the engine can read, at `now_of(site
    /// id)`; `type_id` names an item's equipment type.
    pub fn evaluate<'a>(
        &'a self,
        equipment: &'a [Stored<Equipment>],
        type_id: impl Fn(&'a Equipment) -> &'a str + Sync,
        now_of: impl Fn(&str) -> i64 + Sync,
    ) -> HashMap<String, Result<DueResult<'a>, DueError>> {
        let catalogue = Catalogue::new(&self.service_types, &self.location_overrides, &self.service_months);
        let results = evaluate_all(&catalogue, equipment, |item| {
            let read = self.equipment.get(&item.id)?;
            let site_id = item.location_id.0.as_str();
            let records = EquipmentRecords {
                site: self.sites.get(site_id),
                equipment: Some(read),
                equipment_type: self.equipment_types.get(type_id(item)),
                performed_services: self.performed_services.get(&item.id).map(Vec::as_slice).unwrap_or_default(),
                deficiencies: self.deficiencies.get(&item.id).map(Vec::as_slice).unwrap_or_default(),
                history: self.history.get(&item.id).map(Vec::as_slice).unwrap_or_default(),
            };
            let now = jiff::Timestamp::from_millisecond(now_of(site_id)).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
            Some((records, now))
        });
        equipment.iter().zip(results).filter_map(|(item, result)| Some((item.id.clone(), result?))).collect()
    }
}
