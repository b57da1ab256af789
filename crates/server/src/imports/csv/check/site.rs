//! A row of a sites file: one site, its number and name not taken by another.

use fieldtag_domain::records::CheckedRecord;
use fieldtag_domain::sync_kind::SyncKind;
use serde_json::json;

use super::{Checker, Problems};
use crate::imports::csv::catalogue::name_key;
use crate::imports::csv::file::Row;

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

impl Checker<'_> {
    pub(super) fn site(&mut self, row: &Row, problems: &mut Problems) -> Option<Vec<(SyncKind, CheckedRecord)>> {
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
}
