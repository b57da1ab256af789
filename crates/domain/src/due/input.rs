//! The records the due engine reads, exactly as synced (spec §3, camelCase field names).
//! Fields the engine does not use (`hasBeenChangedLocally`, `lastUpdated`, names, ...) are
//! accepted and ignored, so the server can hand over stored records unchanged. A JSON `null`
//! reads like an absent field everywhere.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

/// Reads `null` as the type's default (an empty list, `false`).
fn nullable<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Everything the engine needs about one piece of equipment.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DueInput {
    /// The moment of evaluation (ISO 8601 with offset); only `evaluate_json` reads it.
    #[serde(default)]
    pub now: Option<String>,
    #[serde(default)]
    pub site: Option<Site>,
    #[serde(default)]
    pub equipment: Option<Equipment>,
    #[serde(default)]
    pub equipment_type: Option<EquipmentType>,
    #[serde(default, deserialize_with = "nullable")]
    pub service_types: Vec<ServiceType>,
    #[serde(default, deserialize_with = "nullable")]
    pub performed_services: Vec<PerformedService>,
    #[serde(default, deserialize_with = "nullable")]
    pub location_overrides: Vec<LocationOverride>,
    #[serde(default, deserialize_with = "nullable")]
    pub service_months: Vec<ServiceMonth>,
    #[serde(default, deserialize_with = "nullable")]
    pub deficiencies: Vec<Deficiency>,
    #[serde(default, deserialize_with = "nullable")]
    pub history: Vec<HistoryRecord>,
}

/// The site (location) the equipment stands at.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Site {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub time_zone: Option<String>,
    /// The site type, matched against a service type's `disabledSiteTypes`.
    #[serde(default)]
    pub type_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Equipment {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub manufacture_date: Option<String>,
    /// Custom field id to its value (text, or a number); metered conditions read it.
    #[serde(default, deserialize_with = "nullable")]
    pub field_data: Map<String, Value>,
    /// A service month category chosen for this item, overriding its type's.
    #[serde(default)]
    pub service_month: Option<Value>,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EquipmentType {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub service_month_category_id: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceType {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub equipment_type_id: Option<String>,
    /// Frequency type code: minute 2, hour 3, day 4, week 5, month 6, year 7.
    #[serde(default)]
    pub frequency_type: Option<Value>,
    #[serde(default)]
    pub frequency: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub unscheduled: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub inspection: bool,
    /// `all` or `any`.
    #[serde(default)]
    pub due_when: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub conditions: Vec<Condition>,
    /// Site type id to `true` where the service does not apply.
    #[serde(default, deserialize_with = "nullable")]
    pub disabled_site_types: Map<String, Value>,
    #[serde(default)]
    pub advanced_service_to_change_type_id: Option<String>,
    /// 2 avoid same date, 3 keep X time away; none otherwise.
    #[serde(default)]
    pub advanced_action: Option<f64>,
    #[serde(default)]
    pub advanced_amount: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub has_frequency_override: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    #[serde(default)]
    pub id: Option<String>,
    /// `time` or `metered`.
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub time_frequency: Option<f64>,
    #[serde(default)]
    pub time_frequency_type: Option<Value>,
    #[serde(default)]
    pub metered_field_id: Option<String>,
    /// equalTo, lessThan, greaterThan, notEqualTo or every.
    #[serde(default)]
    pub metered_method: Option<String>,
    #[serde(default)]
    pub metered_amount: Option<Value>,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PerformedService {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub last_date: Option<String>,
    /// Spelled as synced.
    #[serde(default)]
    pub overided_next_date: Option<String>,
    #[serde(default)]
    pub equipment_id: Option<String>,
    #[serde(default)]
    pub service_type_id: Option<String>,
    /// The equipment's field values when the service was last performed.
    #[serde(default, deserialize_with = "nullable")]
    pub equipment_field_data: Map<String, Value>,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationOverride {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub location_id: Option<String>,
    #[serde(default)]
    pub service_type_id: Option<String>,
    #[serde(default)]
    pub override_frequency: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub disabled_for_location: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

/// Which months a service month category is serviced in at one site.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceMonth {
    #[serde(default)]
    pub service_month_category_id: Option<String>,
    #[serde(default)]
    pub location_id: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub january: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub february: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub march: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub april: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub may: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub june: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub july: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub august: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub september: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub october: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub november: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub december: bool,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

impl ServiceMonth {
    /// The twelve flags, January first.
    pub fn months(&self) -> [bool; 12] {
        [
            self.january,
            self.february,
            self.march,
            self.april,
            self.may,
            self.june,
            self.july,
            self.august,
            self.september,
            self.october,
            self.november,
            self.december,
        ]
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deficiency {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub equipment_id: Option<String>,
    #[serde(default)]
    pub service_type_id: Option<String>,
    #[serde(default)]
    pub date_opened: Option<String>,
    #[serde(default)]
    pub date_closed: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRecord {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub equipment_id: Option<String>,
    #[serde(default)]
    pub date: Option<String>,
    /// The number of a [`crate::history_type::HistoryType`], read as any number.
    #[serde(default, rename = "type")]
    pub kind: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub deleted: bool,
}

/// Whether a record's owner id matches; a record or owner without an id matches.
pub(crate) fn same_owner(record: Option<&str>, owner: Option<&str>) -> bool {
    match (record, owner) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// Empty strings stand for "no date" in synced records.
pub(crate) fn present(text: &Option<String>) -> Option<&str> {
    text.as_deref().filter(|t| !t.is_empty())
}
