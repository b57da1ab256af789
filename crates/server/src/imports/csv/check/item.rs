//! A row of an equipment file: one item at a site the file names, with the type and model it
//! names found by name or created with it.

use fieldtag_domain::records::CheckedRecord;
use fieldtag_domain::sync_kind::SyncKind;
use serde_json::json;

use super::{Checker, Problems};
use crate::imports::csv::catalogue::{ModelRef, SiteRef, name_key};
use crate::imports::csv::dates::read_date;
use crate::imports::csv::file::Row;

/// Record fields and the mapping fields they come from, to name a column in a refusal.
const ITEM_RECORD_FIELDS: &[(&str, &str)] = &[
    ("name", "name"),
    ("locationId", "site"),
    ("barcode", "barcode"),
    ("modelId", "model"),
    ("serialNumber", "serialNumber"),
    ("manufactureDate", "manufactureDate"),
    ("note", "note"),
];

impl Checker<'_> {
    /// The site a cell names: by site number first, then by name.
    fn find_site(&self, text: &str) -> Result<&SiteRef, String> {
        let key = name_key(text);
        let found = match self.catalogue.sites_by_number.get(&key) {
            Some(sites) => sites,
            None => self.catalogue.sites_by_name.get(&key).map(Vec::as_slice).unwrap_or_default(),
        };
        match found {
            [site] => Ok(site),
            [] => Err(format!("no site has the number or name '{text}'; import the sites first")),
            many => Err(format!("{} sites are called '{text}'; name the site by its site number", many.len())),
        }
    }

    pub(super) fn item(&mut self, row: &Row, problems: &mut Problems) -> Option<Vec<(SyncKind, CheckedRecord)>> {
        let site = self.required(row, "site", problems).and_then(|text| self.find_site(text).map_err(|e| problems.at("site", e)).ok());
        self.required(row, "name", problems);
        let barcode = self.cell(row, "barcode");
        if !barcode.is_empty() {
            if self.catalogue.items_by_barcode.contains_key(barcode) {
                problems.at("barcode", format!("barcode '{barcode}' is already used by another item"));
            } else if let Some(line) = self.seen.barcodes.get(barcode) {
                problems.at("barcode", format!("barcode '{barcode}' is already used by the item on line {line}"));
            }
        }

        // The type and model: found by name, or created with the row (ids chosen now, kept
        // only if the row is accepted).
        let type_name = self.cell(row, "equipmentType");
        let model_name = self.cell(row, "model");
        let mut new_type = None;
        let type_id = if type_name.is_empty() {
            None
        } else {
            let key = name_key(type_name);
            Some(match self.catalogue.types_by_name.get(&key).or_else(|| self.seen.types.get(&key)) {
                Some(id) => id.clone(),
                None => {
                    let id = fieldtag_store::new_id();
                    new_type = Some((key, id.clone()));
                    id
                }
            })
        };
        let mut new_model = None;
        let model_id = if model_name.is_empty() {
            if !type_name.is_empty() {
                problems.at("equipmentType", "an item's type comes from its model: give the model too");
            }
            None
        } else {
            let key = name_key(model_name);
            match self.catalogue.models_by_name.get(&key).or_else(|| self.seen.models.get(&key)) {
                Some(model) => {
                    if let Some(type_id) = &type_id
                        && !model.equipment_type_id.is_empty()
                        && &model.equipment_type_id != type_id
                    {
                        let theirs = self.type_name(&model.equipment_type_id);
                        problems.at("equipmentType", format!("model '{}' is of the type '{theirs}', not '{type_name}'", model.name));
                    }
                    Some(model.id.clone())
                }
                None => {
                    let model = ModelRef {
                        id: fieldtag_store::new_id(),
                        name: model_name.to_string(),
                        equipment_type_id: type_id.clone().unwrap_or_default(),
                    };
                    let id = model.id.clone();
                    new_model = Some((key, model));
                    Some(id)
                }
            }
        };
        let manufacture_date = match self.cell(row, "manufactureDate") {
            "" => None,
            text => read_date(text).map_err(|e| problems.at("manufactureDate", e)).ok(),
        };
        let site = site?;

        let mut record = self.base();
        record.insert("name".into(), json!(self.cell(row, "name")));
        record.insert("locationId".into(), json!(site.id));
        for field in ["barcode", "serialNumber", "note"] {
            let value = self.cell(row, field);
            if !value.is_empty() {
                record.insert(field.into(), json!(value));
            }
        }
        if let Some(model_id) = &model_id {
            record.insert("modelId".into(), json!(model_id));
        }
        if let Some(date) = manufacture_date {
            record.insert("manufactureDate".into(), json!(date));
        }
        if !problems.list.is_empty() {
            return None;
        }
        let item = match self.checked(SyncKind::Equipment, record) {
            Ok(item) => item,
            Err(error) => {
                problems.record(error, ITEM_RECORD_FIELDS);
                return None;
            }
        };

        let mut records = Vec::new();
        if let Some((key, id)) = new_type {
            let mut record = self.base();
            record.insert("id".into(), json!(id));
            record.insert("name".into(), json!(type_name));
            records.push((SyncKind::EquipmentTypes, self.checked(SyncKind::EquipmentTypes, record).ok()?));
            self.seen.types.insert(key, id);
        }
        if let Some((key, model)) = new_model {
            let mut record = self.base();
            record.insert("id".into(), json!(model.id));
            record.insert("name".into(), json!(model.name));
            if !model.equipment_type_id.is_empty() {
                record.insert("equipmentTypeId".into(), json!(model.equipment_type_id));
            }
            records.push((SyncKind::Models, self.checked(SyncKind::Models, record).ok()?));
            self.seen.models.insert(key, model);
        }
        if !barcode.is_empty() {
            self.seen.barcodes.insert(barcode.to_string(), row.line);
        }
        records.push((SyncKind::Equipment, item));
        Some(records)
    }

    fn type_name(&self, id: &str) -> String {
        self.catalogue
            .type_names
            .get(id)
            .cloned()
            .or_else(|| self.seen.types.iter().find(|(_, seen)| *seen == id).map(|(key, _)| key.clone()))
            .unwrap_or_else(|| id.to_string())
    }
}
