//! Stored records read into their kinds' typed structs, each kept with the JSON it was read
//! from until the due engine has read that too.

use fieldtag_domain::records::activity::{Deficiency, HistoryRecord};
use fieldtag_domain::records::equipment::{Equipment, EquipmentType};
use fieldtag_domain::records::services::{PerformedService, ServiceType};
use fieldtag_domain::records::sites::Location;
use fieldtag_domain::records::stored::Stored;
use fieldtag_domain::sync_kind::SyncKind;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Reads stored records as `T`. Each passed the same struct's check on its way in; one that
/// does not read now is left out of the report, and logged.
pub fn read<'a, T: DeserializeOwned>(kind: SyncKind, records: impl IntoIterator<Item = &'a Value>) -> Vec<(Stored<T>, &'a Value)> {
    records
        .into_iter()
        .filter_map(|value| match Stored::<T>::from_value(value) {
            Ok(record) => Some((record, value)),
            Err(error) => {
                let id = value.get("id").and_then(Value::as_str).unwrap_or_default();
                tracing::warn!(kind = kind.key(), id, %error, "a stored record does not read; the report leaves it out");
                None
            }
        })
        .collect()
}

/// The records as read, each with the stored JSON it was read from (which the due engine
/// reads by its own rules), and the kinds only the engine reads.
pub struct Loaded<'a> {
    pub sites: Vec<(Stored<Location>, &'a Value)>,
    pub equipment: Vec<(Stored<Equipment>, &'a Value)>,
    pub equipment_types: Vec<(Stored<EquipmentType>, &'a Value)>,
    pub service_types: Vec<(Stored<ServiceType>, &'a Value)>,
    pub performed_services: Vec<(Stored<PerformedService>, &'a Value)>,
    pub deficiencies: Vec<(Stored<Deficiency>, &'a Value)>,
    pub history: Vec<(Stored<HistoryRecord>, &'a Value)>,
    pub location_overrides: &'a [Value],
    pub service_months: &'a [Value],
}
