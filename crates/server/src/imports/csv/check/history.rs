//! A row of a service history file: one history record of the item its barcode names, and
//! after the whole file the performed services its services move up.

use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::records::CheckedRecord;
use fieldtag_domain::sync_kind::SyncKind;
use serde_json::json;

use super::{Checker, Problems};
use crate::imports::csv::catalogue::{ItemRef, name_key};
use crate::imports::csv::dates::read_date;
use crate::imports::csv::file::Row;

/// Record fields and the mapping fields they come from, to name a column in a refusal.
const HISTORY_RECORD_FIELDS: &[(&str, &str)] = &[("date", "date"), ("equipmentId", "barcode"), ("relevantId", "serviceType")];

impl Checker<'_> {
    pub(super) fn history(&mut self, row: &Row, problems: &mut Problems) -> Option<Vec<(SyncKind, CheckedRecord)>> {
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
    pub(super) fn performed_services(&mut self) {
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
