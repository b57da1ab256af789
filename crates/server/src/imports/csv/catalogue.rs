//! What a file's rows are matched against: the organisation's live sites, items, equipment
//! types, models, service types, users and performed services, keyed the way a spreadsheet
//! names them (trimmed, case ignored), plus what earlier rows of the same file added.

use std::collections::HashMap;

use fieldtag_domain::sync_kind::SyncKind;
use serde_json::Value;

use super::fields::FileKind;

/// The sync kinds a file of `kind` is checked against.
pub fn kinds_read(kind: FileKind) -> &'static [SyncKind] {
    match kind {
        FileKind::Sites => &[SyncKind::Locations],
        FileKind::Equipment => &[SyncKind::Locations, SyncKind::Equipment, SyncKind::EquipmentTypes, SyncKind::Models],
        FileKind::History => &[SyncKind::Equipment, SyncKind::Models, SyncKind::ServiceTypes, SyncKind::Users, SyncKind::PerformedServices],
    }
}

/// How names are compared: trimmed, inner spaces collapsed, case ignored.
pub fn name_key(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// A site or account number as text, whether stored as text or as a number.
fn code_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if !text.trim().is_empty() => Some(name_key(text)),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn text<'a>(record: &'a Value, field: &str) -> &'a str {
    record[field].as_str().unwrap_or_default()
}

#[derive(Debug, Clone)]
pub struct SiteRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct ItemRef {
    pub id: String,
    pub location_id: String,
    pub model_id: String,
}

#[derive(Debug, Clone)]
pub struct ModelRef {
    pub id: String,
    pub name: String,
    pub equipment_type_id: String,
}

#[derive(Debug, Clone)]
pub struct ServiceTypeRef {
    pub id: String,
    pub name: String,
    pub equipment_type_id: String,
}

#[derive(Debug, Default)]
pub struct Catalogue {
    pub sites_by_number: HashMap<String, Vec<SiteRef>>,
    pub sites_by_name: HashMap<String, Vec<SiteRef>>,
    /// Barcode (as written) to the items that carry it.
    pub items_by_barcode: HashMap<String, Vec<ItemRef>>,
    /// Equipment type name key to its id (the first, should two share a name).
    pub types_by_name: HashMap<String, String>,
    pub type_names: HashMap<String, String>,
    pub models_by_name: HashMap<String, ModelRef>,
    pub model_types: HashMap<String, String>,
    pub service_types_by_name: HashMap<String, Vec<ServiceTypeRef>>,
    /// A user's name key and email key to their id.
    pub users: HashMap<String, String>,
    /// Performed services by id (`equipmentId-serviceTypeId`).
    pub performed: HashMap<String, Value>,
}

impl Catalogue {
    pub fn new(records: Vec<(String, Value)>) -> Catalogue {
        let mut catalogue = Catalogue::default();
        for (kind, record) in records {
            let id = text(&record, "id").to_string();
            match SyncKind::parse(&kind) {
                Some(SyncKind::Locations) => {
                    let site = SiteRef { id, name: text(&record, "name").to_string() };
                    if let Some(number) = code_text(&record["customerNumber"]) {
                        catalogue.sites_by_number.entry(number).or_default().push(site.clone());
                    }
                    catalogue.sites_by_name.entry(name_key(&site.name)).or_default().push(site);
                }
                Some(SyncKind::Equipment) => {
                    let barcode = text(&record, "barcode").trim();
                    if !barcode.is_empty() {
                        let item = ItemRef {
                            id,
                            location_id: text(&record, "locationId").to_string(),
                            model_id: text(&record, "modelId").to_string(),
                        };
                        catalogue.items_by_barcode.entry(barcode.to_string()).or_default().push(item);
                    }
                }
                Some(SyncKind::EquipmentTypes) => {
                    let name = text(&record, "name");
                    catalogue.types_by_name.entry(name_key(name)).or_insert_with(|| id.clone());
                    catalogue.type_names.insert(id, name.to_string());
                }
                Some(SyncKind::Models) => {
                    let model = ModelRef {
                        id,
                        name: text(&record, "name").to_string(),
                        equipment_type_id: text(&record, "equipmentTypeId").to_string(),
                    };
                    catalogue.model_types.insert(model.id.clone(), model.equipment_type_id.clone());
                    catalogue.models_by_name.entry(name_key(&model.name)).or_insert(model);
                }
                Some(SyncKind::ServiceTypes) => {
                    let service = ServiceTypeRef {
                        id,
                        name: text(&record, "name").to_string(),
                        equipment_type_id: text(&record, "equipmentTypeId").to_string(),
                    };
                    catalogue.service_types_by_name.entry(name_key(&service.name)).or_default().push(service);
                }
                Some(SyncKind::Users) => {
                    for key in [text(&record, "name"), text(&record, "email")].map(name_key).into_iter().filter(|k| !k.is_empty()) {
                        catalogue.users.entry(key).or_insert_with(|| id.clone());
                    }
                }
                Some(SyncKind::PerformedServices) => {
                    catalogue.performed.insert(id, record);
                }
                _ => {}
            }
        }
        catalogue
    }
}
