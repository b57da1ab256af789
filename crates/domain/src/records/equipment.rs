//! Equipment and its catalogue (spec §3): equipment, models, model fields, equipment
//! fields and equipment types. Common fields are checked by [`super::check_record`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Kind;
use super::fields::{FieldData, Flag, FloorPlanPoint, HexId, MaybeDate, Name, Reference, Text};

/// A piece of equipment at a site. Required: name (shown as Location, spec §5) and
/// locationId. The manufacture date is optional here: the due engine falls back to today.
/// Enrichment a client adds (model, equipmentType, performedServices, ...) is kept as sent.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Equipment {
    pub name: Name,
    pub location_id: HexId,
    /// The floor plan it is plotted on.
    pub floor_id: Option<Reference>,
    pub floor_plan_location: Option<FloorPlanPoint>,
    pub model_id: Option<Reference>,
    pub barcode: Option<Text>,
    pub serial_number: Option<Text>,
    pub manufacture_date: Option<MaybeDate>,
    pub note: Option<Text>,
    pub field_data: Option<FieldData>,
    /// The item's service definitions; their shape is the client's.
    pub service_defs: Option<Value>,
    /// A service month category chosen for this item.
    pub service_month: Option<Reference>,
}

impl Kind for Equipment {}

/// A model (its name is the model number; spec §5 requires it).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    pub name: Name,
    pub equipment_type_id: Option<Reference>,
    pub field_data: Option<FieldData>,
    /// Billing only.
    pub sku: Option<Text>,
}

impl Kind for Model {}

/// A custom field of models.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelField {
    pub name: Name,
    /// Defaults to true when unset.
    pub include_in_reports: Option<Flag>,
}

impl Kind for ModelField {}

/// A custom field of equipment, optionally of one equipment type.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EquipmentField {
    pub name: Name,
    pub equipment_type_id: Option<Reference>,
}

impl Kind for EquipmentField {}

/// An equipment type (spec §5: its name is required).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EquipmentType {
    pub name: Name,
    pub service_month_category_id: Option<Reference>,
}

impl Kind for EquipmentType {}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::records::check_record;
    use crate::sync_kind::SyncKind;

    const ORG: &str = "0000000000000000000000000000000a";
    const SITE: &str = "1111111111111111111111111111111b";
    const ITEM: &str = "2222222222222222222222222222222c";

    fn item(extra: Value) -> Value {
        let mut record = json!({"id": ITEM, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Lobby", "locationId": SITE});
        record.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        record
    }

    fn error(record: Value) -> String {
        check_record(SyncKind::Equipment, ORG, &record).unwrap_err().to_string()
    }

    #[test]
    fn equipment_fields_are_typed() {
        assert_eq!(error(item(json!({"manufactureDate": "last spring"}))).split(':').next(), Some("manufactureDate"));
        assert_eq!(error(item(json!({"floorPlanLocation": "here"}))), "floorPlanLocation: must be a point like 120x340, or empty");
        assert_eq!(error(item(json!({"modelId": "b500"}))), "modelId: must be an id of 32 hex characters, or empty");
        assert_eq!(error(item(json!({"fieldData": ["4150"]}))), "fieldData: must be an object");
        assert_eq!(error(item(json!({"barcode": 100101}))), "barcode: must be text");
    }

    #[test]
    fn enrichment_is_kept() {
        let record = item(
            json!({"model": {"name": "B500"}, "performedServices": [], "fieldData": {"hours": "4150", "count": 3}, "serviceDefs": [{"a": 1}]}),
        );
        let data = check_record(SyncKind::Equipment, ORG, &record).unwrap().data;
        assert_eq!(data["model"], json!({"name": "B500"}));
        assert_eq!(data["fieldData"], json!({"hours": "4150", "count": 3}));
        assert_eq!(data["serviceDefs"], json!([{"a": 1}]));
        assert_eq!(check_record(SyncKind::Equipment, ORG, &record).unwrap().location_id.as_deref(), Some(SITE));
    }

    #[test]
    fn catalogue_kinds_need_names() {
        let record = json!({"id": ITEM, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "", "includeInReports": true});
        assert_eq!(check_record(SyncKind::ModelFields, ORG, &record).unwrap_err().to_string(), "name: is required");
        let record = json!({"id": ITEM, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Hours", "includeInReports": "yes"});
        assert_eq!(check_record(SyncKind::ModelFields, ORG, &record).unwrap_err().to_string(), "includeInReports: must be true or false");
    }
}
