//! Turning rows into records or rejections. Each row becomes the records a device would
//! upload, checked by the sync upload's own check (`check_record`); a row is rejected with
//! every problem found, each naming its column. Nothing here writes.

use std::collections::HashMap;

use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::records::{CheckedRecord, check_record};
use fieldtag_domain::sync_kind::SyncKind;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::catalogue::{Catalogue, ItemRef, ModelRef, SiteRef, name_key};
use super::dates::read_date;
use super::fields::FileKind;
use super::file::{MappedFile, Row};

/// A row that will not be imported, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Rejection {
    /// Its line in the file; the header is line 1.
    pub row: u64,
    pub reason: String,
}

/// The outcome of checking a file.
#[derive(Debug, Default)]
pub struct Checked {
    pub rows: usize,
    pub accepted: usize,
    pub rejected: Vec<Rejection>,
    /// What the accepted rows write: new records, and newer copies of performed services.
    pub records: Vec<(SyncKind, CheckedRecord)>,
}

/// Checks every row of `file` against `catalogue`, as records of `org_id` stamped `now`.
pub fn check_file(kind: FileKind, file: &MappedFile, catalogue: &Catalogue, org_id: &str, now: &str) -> Checked {
    let mut checker =
        Checker { file, catalogue, org_id, now, checked: Checked { rows: file.rows.len(), ..Checked::default() }, seen: Seen::default() };
    for row in &file.rows {
        let mut problems = Problems::new(file);
        if row.cells.len() > file.header_count && row.cells[file.header_count..].iter().any(|cell| !cell.is_empty()) {
            problems.row(format!("has {} cells but the header line names {} columns", row.cells.len(), file.header_count));
        }
        let records = match kind {
            FileKind::Sites => checker.site(row, &mut problems),
            FileKind::Equipment => checker.item(row, &mut problems),
            FileKind::History => checker.history(row, &mut problems),
        };
        match records {
            Some(records) if problems.list.is_empty() => {
                checker.checked.accepted += 1;
                checker.checked.records.extend(records);
            }
            _ => checker.checked.rejected.push(Rejection { row: row.line, reason: problems.list.join("; ") }),
        }
    }
    if kind == FileKind::History {
        checker.performed_services();
    }
    checker.checked
}

/// The problems of one row, each naming its column.
struct Problems<'a> {
    file: &'a MappedFile,
    list: Vec<String>,
}

impl<'a> Problems<'a> {
    fn new(file: &'a MappedFile) -> Self {
        Problems { file, list: Vec::new() }
    }

    fn at(&mut self, field: &str, message: impl std::fmt::Display) {
        self.list.push(format!("Column '{}': {message}", self.file.header(field)));
    }

    fn row(&mut self, message: impl std::fmt::Display) {
        self.list.push(format!("The row {message}"));
    }

    /// A record the sync check refused: its field is named by the column it came from.
    fn record(&mut self, error: fieldtag_domain::records::RecordError, field_of: &[(&str, &str)]) {
        let root = error.field.split(['.', '[']).next().unwrap_or_default();
        match field_of.iter().find(|(record_field, _)| *record_field == root) {
            Some((_, field)) if self.file.is_mapped(field) => self.at(field, error.message),
            _ => self.row(format!("is refused: {error}")),
        }
    }
}

/// What earlier accepted rows of the file hold: numbers, names and barcodes they took,
/// and the types and models they create.
#[derive(Default)]
struct Seen {
    site_numbers: HashMap<String, u64>,
    site_names: HashMap<String, u64>,
    barcodes: HashMap<String, u64>,
    types: HashMap<String, String>,
    models: HashMap<String, ModelRef>,
    /// Performed service id to the latest date in the file and the item's site.
    performed: HashMap<String, (String, String, String, String)>,
}

struct Checker<'a> {
    file: &'a MappedFile,
    catalogue: &'a Catalogue,
    org_id: &'a str,
    now: &'a str,
    checked: Checked,
    seen: Seen,
}

/// Record fields and the mapping fields they come from, to name a column in a refusal.
const SITE_RECORD_FIELDS: &[(&str, &str)] = &[
    ("name", "name"),
    ("timeZone", "timeZone"),
    ("customerNumber", "siteNumber"),
    ("status", "status"),
    ("contact", "contact"),
    ("phone", "phone"),
    ("cell", "cell"),
    ("email", "email"),
    ("fax", "fax"),
    ("address", "address"),
    ("addressTwo", "addressTwo"),
    ("city", "city"),
    ("province", "province"),
    ("country", "country"),
    ("postalCode", "postalCode"),
    ("zone", "zone"),
    ("note", "note"),
    ("popupNote", "popupNote"),
];
const SITE_TEXT_FIELDS: &[&str] = &[
    "contact",
    "phone",
    "cell",
    "email",
    "fax",
    "address",
    "addressTwo",
    "city",
    "province",
    "country",
    "postalCode",
    "note",
    "popupNote",
];
const ITEM_RECORD_FIELDS: &[(&str, &str)] = &[
    ("name", "name"),
    ("locationId", "site"),
    ("barcode", "barcode"),
    ("modelId", "model"),
    ("serialNumber", "serialNumber"),
    ("manufactureDate", "manufactureDate"),
    ("note", "note"),
];
const HISTORY_RECORD_FIELDS: &[(&str, &str)] = &[("date", "date"), ("equipmentId", "barcode"), ("relevantId", "serviceType")];

impl Checker<'_> {
    fn cell<'r>(&self, row: &'r Row, field: &str) -> &'r str {
        self.file.cell(row, field)
    }

    /// A new record's fields every kind shares.
    fn base(&self) -> Map<String, Value> {
        let mut record = Map::new();
        record.insert("id".into(), json!(fieldtag_store::new_id()));
        record.insert("orgId".into(), json!(self.org_id));
        record.insert("lastUpdated".into(), json!(self.now));
        record.insert("deleted".into(), json!(false));
        record
    }

    fn checked(&self, kind: SyncKind, record: Map<String, Value>) -> Result<CheckedRecord, fieldtag_domain::records::RecordError> {
        check_record(kind, self.org_id, &Value::Object(record))
    }

    /// A required field's cell, or a problem when it is blank.
    fn required<'r>(&self, row: &'r Row, field: &str, problems: &mut Problems) -> Option<&'r str> {
        let value = self.cell(row, field);
        if value.is_empty() {
            problems.at(field, "is empty, and it is required");
            return None;
        }
        Some(value)
    }

    fn site(&mut self, row: &Row, problems: &mut Problems) -> Option<Vec<(SyncKind, CheckedRecord)>> {
        let name = self.required(row, "name", problems);
        self.required(row, "timeZone", problems);
        let number = self.cell(row, "siteNumber");
        if !number.is_empty() {
            let key = name_key(number);
            if let Some(site) = self.catalogue.sites_by_number.get(&key).and_then(|sites| sites.first()) {
                problems.at("siteNumber", format!("site number '{number}' is already used by the site '{}'", site.name));
            } else if let Some(line) = self.seen.site_numbers.get(&key) {
                problems.at("siteNumber", format!("site number '{number}' is already used on line {line}"));
            }
        } else if let Some(name) = name {
            // Without a number, the name is what tells sites apart (equipment files name them).
            let key = name_key(name);
            if self.catalogue.sites_by_name.contains_key(&key) {
                problems.at("name", format!("a site named '{name}' already exists; give this one a site number to import it beside it"));
            } else if let Some(line) = self.seen.site_names.get(&key) {
                problems.at("name", format!("a site named '{name}' is already on line {line}; give them site numbers to tell them apart"));
            }
        }

        let mut record = self.base();
        for (record_field, field) in [("name", "name"), ("timeZone", "timeZone")] {
            record.insert(record_field.into(), json!(self.cell(row, field)));
        }
        let status = self.cell(row, "status");
        record.insert("status".into(), json!(if status.is_empty() { "active".to_string() } else { status.to_lowercase() }));
        if !number.is_empty() {
            record.insert("customerNumber".into(), json!(number));
        }
        let zone = self.cell(row, "zone");
        if !zone.is_empty() {
            match zone.parse::<i64>() {
                Ok(zone) => {
                    record.insert("zone".into(), json!(zone));
                }
                Err(_) => problems.at("zone", format!("'{zone}' must be a whole number from 1 to 30")),
            }
        }
        for field in SITE_TEXT_FIELDS {
            let value = self.cell(row, field);
            if !value.is_empty() {
                record.insert((*field).into(), json!(value));
            }
        }
        if !problems.list.is_empty() {
            return None;
        }
        match self.checked(SyncKind::Locations, record) {
            Ok(checked) => {
                let key = if number.is_empty() { None } else { Some(name_key(number)) };
                if let Some(key) = key {
                    self.seen.site_numbers.insert(key, row.line);
                }
                self.seen.site_names.insert(name_key(self.cell(row, "name")), row.line);
                Some(vec![(SyncKind::Locations, checked)])
            }
            Err(error) => {
                problems.record(error, SITE_RECORD_FIELDS);
                None
            }
        }
    }

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

    fn item(&mut self, row: &Row, problems: &mut Problems) -> Option<Vec<(SyncKind, CheckedRecord)>> {
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

    fn history(&mut self, row: &Row, problems: &mut Problems) -> Option<Vec<(SyncKind, CheckedRecord)>> {
        let item = self.required(row, "barcode", problems).and_then(|barcode| {
            match self.catalogue.items_by_barcode.get(barcode).map(Vec::as_slice).unwrap_or_default() {
                [item] => Some(item.clone()),
                [] => {
                    problems.at("barcode", format!("no item has the barcode '{barcode}'"));
                    None
                }
                many => {
                    problems.at("barcode", format!("{} items have the barcode '{barcode}'", many.len()));
                    None
                }
            }
        });
        let date = self.required(row, "date", problems).and_then(|text| read_date(text).map_err(|e| problems.at("date", e)).ok());
        let service_name = self.cell(row, "serviceType");
        let service = if service_name.is_empty() { None } else { self.find_service_type(service_name, item.as_ref(), problems) };

        let technician = self.cell(row, "technician");
        let user_id = if technician.is_empty() { None } else { self.catalogue.users.get(&name_key(technician)) };
        let mut description: Vec<String> =
            [service.as_ref().map_or("", |s| s.1.as_str()), self.cell(row, "result"), self.cell(row, "notes")]
                .into_iter()
                .filter(|part| !part.is_empty())
                .map(str::to_string)
                .collect();
        // (A service type that is not found is problem enough.)
        if description.is_empty() && service_name.is_empty() {
            problems.row("has no service type, result or notes to describe it");
        }
        // A technician who is not a user stays in the record's words.
        if !technician.is_empty() && user_id.is_none() {
            description.push(format!("technician: {technician}"));
        }
        let (item, date) = (item?, date?);

        let mut record = self.base();
        record.insert("equipmentId".into(), json!(item.id));
        record.insert("locationId".into(), json!(item.location_id));
        record.insert("happenedAtLocationId".into(), json!(item.location_id));
        record.insert("date".into(), json!(date));
        record.insert("description".into(), json!(description.join(" – ")));
        let kind = if service.is_some() { HistoryType::PerformedService } else { HistoryType::Custom };
        record.insert("type".into(), json!(kind));
        if let Some((service_id, _)) = &service {
            record.insert("relevantId".into(), json!(service_id));
        }
        if let Some(user_id) = user_id {
            record.insert("userId".into(), json!(user_id));
        }
        if !problems.list.is_empty() {
            return None;
        }
        match self.checked(SyncKind::History, record) {
            Ok(checked) => {
                if let Some((service_id, _)) = service {
                    self.note_performed(&item, &service_id, &date);
                }
                Some(vec![(SyncKind::History, checked)])
            }
            Err(error) => {
                problems.record(error, HISTORY_RECORD_FIELDS);
                None
            }
        }
    }

    /// The service type a cell names; two of one name are told apart by the item's type.
    fn find_service_type(&self, name: &str, item: Option<&ItemRef>, problems: &mut Problems) -> Option<(String, String)> {
        let found = self.catalogue.service_types_by_name.get(&name_key(name)).map(Vec::as_slice).unwrap_or_default();
        let item_type = item.and_then(|item| self.catalogue.model_types.get(&item.model_id));
        let matching: Vec<_> = if found.len() > 1 {
            found.iter().filter(|service| Some(&service.equipment_type_id) == item_type).collect()
        } else {
            found.iter().collect()
        };
        match matching.as_slice() {
            [service] => Some((service.id.clone(), service.name.clone())),
            [] if found.is_empty() => {
                problems.at("serviceType", format!("no service type is named '{name}'; add it in Settings first"));
                None
            }
            _ => {
                problems.at(
                    "serviceType",
                    format!("{} service types are named '{name}' and the item's type does not tell them apart", found.len()),
                );
                None
            }
        }
    }

    /// Keeps the latest date per item and service type, for the performed services.
    fn note_performed(&mut self, item: &ItemRef, service_id: &str, date: &str) {
        let id = format!("{}-{service_id}", item.id);
        let entry = self
            .seen
            .performed
            .entry(id)
            .or_insert_with(|| (String::new(), item.id.clone(), service_id.to_string(), item.location_id.clone()));
        if later(date, &entry.0) {
            entry.0 = date.to_string();
        }
    }

    /// A performed service's last date moves up to the latest imported one, so the due
    /// engine counts from it; one already later stays as it is.
    fn performed_services(&mut self) {
        let mut performed: Vec<_> = std::mem::take(&mut self.seen.performed).into_iter().collect();
        performed.sort();
        for (id, (date, item_id, service_id, location_id)) in performed {
            let record = match self.catalogue.performed.get(&id) {
                Some(existing) if !later(&date, existing["lastDate"].as_str().unwrap_or_default()) => continue,
                Some(existing) => {
                    let mut record = existing.as_object().cloned().unwrap_or_default();
                    record.remove("version");
                    record.insert("lastDate".into(), json!(date));
                    // Performing a service clears an overridden next date (spec §4).
                    if record.contains_key("overidedNextDate") {
                        record.insert("overidedNextDate".into(), json!(""));
                    }
                    record.insert("lastUpdated".into(), json!(self.now));
                    record
                }
                None => {
                    let mut record = self.base();
                    record.insert("id".into(), json!(id));
                    for (field, value) in
                        [("equipmentId", item_id), ("serviceTypeId", service_id), ("locationId", location_id), ("lastDate", date)]
                    {
                        record.insert(field.into(), json!(value));
                    }
                    record
                }
            };
            // A stored copy that no longer passes the check is left alone rather than sinking the file.
            if let Ok(checked) = self.checked(SyncKind::PerformedServices, record) {
                self.checked.records.push((SyncKind::PerformedServices, checked));
            }
        }
    }
}

/// Whether date `a` is after `b` (empty: never): by calendar day, then by the whole text.
fn later(a: &str, b: &str) -> bool {
    let day = |text: &str| text.get(..10).unwrap_or(text).to_string();
    (day(a), a) > (day(b), b)
}
