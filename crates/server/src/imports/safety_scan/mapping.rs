//! The app's records as our sync records, each checked the way sync upload checks it. A record
//! that fails the check is skipped and counted as rejected, with the reason logged under the
//! import's context id; what belongs to a skipped site or item is skipped with it.

use std::collections::HashMap;

use fieldtag_domain::email::email_key;
use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::permissions::WILDCARD;
use fieldtag_domain::records::check_record;
use fieldtag_domain::records::fields::is_date_text;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_domain::user::INVITATION_PENDING;
use fieldtag_store::{FeedPage, IncomingRecord, Store, UploadRules, new_id, now_stamp};
use serde_json::{Map, Value, json};

use super::client::{AppCustomer, AppEquipment, AppHistory, AppSite, AppUser};
use crate::sync_upload::KindRules;

/// Sync's upload rules, less billing: moves that happened in the app were billed there.
pub struct ImportRules;

impl UploadRules for ImportRules {
    fn required_location<'a>(&self, record: &'a IncomingRecord) -> Option<&'a str> {
        KindRules.required_location(record)
    }

    fn login_email_key(&self, record: &IncomingRecord) -> Option<Option<String>> {
        KindRules.login_email_key(record)
    }
}

/// What the organisation already has that imported records are matched to by name.
pub struct Existing {
    /// Equipment type name (lower case) → id.
    types: HashMap<String, String>,
    /// (equipment type id, model name in lower case) → id.
    models: HashMap<(String, String), String>,
    /// Email key → user id, for the organisation's members.
    users: HashMap<String, String>,
    /// (kind, the app's id) → (our id, its site), for live records an earlier import brought.
    imported: HashMap<(String, String), (String, Option<String>)>,
}

fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Existing {
    /// The organisation's types, models and members; with `earlier_imports`, also the sites,
    /// equipment and history earlier imports brought (not when they are about to be cleared).
    pub async fn read(store: &Store, org_id: &str, earlier_imports: bool) -> Result<Existing, fieldtag_store::StoreError> {
        let mut existing = Existing { types: HashMap::new(), models: HashMap::new(), users: HashMap::new(), imported: HashMap::new() };
        let mut kinds = vec![SyncKind::EquipmentTypes.key(), SyncKind::Models.key(), SyncKind::Users.key()];
        if earlier_imports {
            kinds.extend([SyncKind::Locations.key(), SyncKind::Equipment.key(), SyncKind::History.key(), SyncKind::Customers.key()]);
        }
        let mut cursor = 0;
        loop {
            let page = store.changes_after(&FeedPage { org_id, cursor, kinds: &kinds, received_since: None, limit: 5_000 }).await?;
            let Some(last) = page.last() else { break };
            cursor = last.version;
            for change in &page {
                let Ok(data) = serde_json::from_str::<Value>(&change.data) else { continue };
                if data["deleted"] == json!(true) {
                    continue;
                }
                let (Some(id), name) = (data["id"].as_str(), data["name"].as_str().unwrap_or_default()) else { continue };
                if let Some(app_id) = data["safetyScanId"].as_str().filter(|_| change.kind != SyncKind::Users.key()) {
                    let site = if change.kind == SyncKind::Locations.key() { Some(id) } else { data["locationId"].as_str() };
                    existing.imported.insert((change.kind.clone(), app_id.to_string()), (id.to_string(), site.map(str::to_string)));
                }
                match change.kind.as_str() {
                    "equipmentTypes" => {
                        existing.types.entry(name_key(name)).or_insert_with(|| id.to_string());
                    }
                    "models" => {
                        let type_id = data["equipmentTypeId"].as_str().unwrap_or_default().to_string();
                        existing.models.entry((type_id, name_key(name))).or_insert_with(|| id.to_string());
                    }
                    "users" => {
                        if let Some(email) = data["email"].as_str() {
                            existing.users.insert(email_key(email), id.to_string());
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok(existing)
    }
}

/// Builds the records of one import.
pub struct Mapper<'a> {
    org_id: &'a str,
    context_id: &'a str,
    import_date: Option<&'a str>,
    now: String,
    existing: Existing,
    /// Checked records by kind, written sites first.
    sites: Vec<IncomingRecord>,
    customers: Vec<IncomingRecord>,
    catalogue: Vec<IncomingRecord>,
    users: Vec<IncomingRecord>,
    items: Vec<IncomingRecord>,
    history: Vec<IncomingRecord>,
    /// The app's equipment id → (our id, the site it stands at, the site the app listed it at).
    equipment_ids: HashMap<String, (String, String, String)>,
    /// Email key → our user id, for imported users (history names its technician by email).
    imported_users: HashMap<String, String>,
    rejected: i64,
}

impl<'a> Mapper<'a> {
    pub fn new(org_id: &'a str, context_id: &'a str, existing: Existing, import_date: Option<&'a str>) -> Mapper<'a> {
        Mapper {
            org_id,
            context_id,
            import_date,
            now: now_stamp(),
            existing,
            sites: Vec::new(),
            customers: Vec::new(),
            catalogue: Vec::new(),
            users: Vec::new(),
            items: Vec::new(),
            history: Vec::new(),
            equipment_ids: HashMap::new(),
            imported_users: HashMap::new(),
            rejected: 0,
        }
    }

    /// Records so far.
    pub fn len(&self) -> usize {
        self.sites.len() + self.customers.len() + self.catalogue.len() + self.users.len() + self.items.len() + self.history.len()
    }

    /// The common fields of a new record, plus the app's id so it can be traced back.
    fn base(&self, app_id: &str) -> Map<String, Value> {
        let mut record = Map::new();
        record.insert("id".into(), json!(new_id()));
        record.insert("orgId".into(), json!(self.org_id));
        record.insert("lastUpdated".into(), json!(self.now));
        record.insert("deleted".into(), json!(false));
        record.insert("safetyScanId".into(), json!(app_id));
        record
    }

    /// Checks a record; a refused one is counted and logged.
    fn check(&mut self, kind: SyncKind, app_id: &str, record: Map<String, Value>) -> Option<IncomingRecord> {
        match check_record(kind, self.org_id, &Value::Object(record)) {
            Ok(checked) => Some(IncomingRecord::new(kind, checked)),
            Err(error) => {
                self.rejected += 1;
                tracing::warn!(context_id = self.context_id, kind = kind.key(), app_id, reason = %error, "import skipped a record of the safety scan app");
                None
            }
        }
    }

    /// What an earlier import brought of this app record: (our id, its site).
    fn earlier(&self, kind: SyncKind, app_id: &str) -> Option<(String, Option<String>)> {
        self.existing.imported.get(&(kind.key().to_string(), app_id.to_string())).cloned()
    }

    /// A site as a location; its id when accepted (or brought by an earlier import, whose copy
    /// stays as it is: its new equipment and history are added to it).
    pub fn site(&mut self, site: &AppSite) -> Option<String> {
        if let Some((id, _)) = self.earlier(SyncKind::Locations, &site.id) {
            return Some(id);
        }
        let mut record = self.base(&site.id);
        record.insert("name".into(), json!(site.name.as_deref().unwrap_or_default().trim()));
        record.insert("status".into(), json!(if site.active { "active" } else { "inactive" }));
        record.insert("timeZone".into(), json!(site.time_zone));
        for (field, value) in [
            ("customerNumber", &site.site_number),
            ("contact", &site.contact_name),
            ("phone", &site.phone),
            ("email", &site.email),
            ("address", &site.address),
            ("city", &site.city),
            ("province", &site.province),
            ("country", &site.country),
            ("postalCode", &site.postal_code),
            ("note", &site.notes),
        ] {
            if let Some(value) = value {
                record.insert(field.into(), json!(value));
            }
        }
        let checked = self.check(SyncKind::Locations, &site.id, record)?;
        let id = checked.id.clone();
        self.sites.push(checked);
        Some(id)
    }

    /// A billing account as a customer (the billing import); one an earlier import brought stays
    /// as it is.
    pub fn customer(&mut self, customer: &AppCustomer) {
        if self.earlier(SyncKind::Customers, &customer.id).is_some() {
            return;
        }
        let mut record = self.base(&customer.id);
        record.insert("name".into(), json!(customer.name.as_deref().unwrap_or_default().trim()));
        for (field, value) in [
            ("accountNumber", &customer.account_number),
            ("contact", &customer.contact_name),
            ("phone", &customer.phone),
            ("email", &customer.email),
            ("address", &customer.address),
            ("city", &customer.city),
            ("province", &customer.province),
            ("country", &customer.country),
            ("postalCode", &customer.postal_code),
        ] {
            if let Some(value) = value {
                record.insert(field.into(), json!(value));
            }
        }
        if let Some(checked) = self.check(SyncKind::Customers, &customer.id, record) {
            self.customers.push(checked);
        }
    }

    /// The id of the equipment type of this name, created when the organisation has none.
    fn equipment_type(&mut self, name: &str) -> Option<String> {
        if let Some(id) = self.existing.types.get(&name_key(name)) {
            return Some(id.clone());
        }
        let mut record = self.base("");
        record.remove("safetyScanId");
        record.insert("name".into(), json!(name.trim()));
        let checked = self.check(SyncKind::EquipmentTypes, name, record)?;
        let id = checked.id.clone();
        self.existing.types.insert(name_key(name), id.clone());
        self.catalogue.push(checked);
        Some(id)
    }

    /// The id of the model of this name and type, created when the organisation has none.
    fn model(&mut self, name: &str, type_id: &str) -> Option<String> {
        let key = (type_id.to_string(), name_key(name));
        if let Some(id) = self.existing.models.get(&key) {
            return Some(id.clone());
        }
        let mut record = self.base("");
        record.remove("safetyScanId");
        record.insert("name".into(), json!(name.trim()));
        record.insert("equipmentTypeId".into(), json!(type_id));
        let checked = self.check(SyncKind::Models, name, record)?;
        let id = checked.id.clone();
        self.existing.models.insert(key, id.clone());
        self.catalogue.push(checked);
        Some(id)
    }

    /// A site's equipment. The model is found or made by name under its type; an item with a
    /// type and no model gets a model named after its type.
    pub fn equipment(&mut self, location_id: &str, items: &[AppEquipment]) {
        for item in items {
            if let Some((id, site)) = self.earlier(SyncKind::Equipment, &item.id) {
                // Its history goes where the item stands now (it may have moved in Fieldtag).
                self.equipment_ids.insert(item.id.clone(), (id, site.unwrap_or_else(|| location_id.to_string()), location_id.to_string()));
                continue;
            }
            let type_name = item.kind.as_deref().map(str::trim).filter(|name| !name.is_empty());
            let model_name = item.model.as_deref().map(str::trim).filter(|name| !name.is_empty()).or(type_name);
            let type_id = type_name.and_then(|name| self.equipment_type(name));
            let model_id = match (model_name, &type_id) {
                (Some(model), Some(type_id)) => self.model(model, type_id),
                _ => None,
            };
            let mut record = self.base(&item.id);
            record.insert("name".into(), json!(item.location.as_deref().unwrap_or_default().trim()));
            record.insert("locationId".into(), json!(location_id));
            if let Some(model_id) = model_id {
                record.insert("modelId".into(), json!(model_id));
            }
            for (field, value) in [
                ("barcode", &item.barcode),
                ("serialNumber", &item.serial_number),
                ("manufactureDate", &item.manufacture_date),
                ("note", &item.notes),
            ] {
                if let Some(value) = value {
                    record.insert(field.into(), json!(value));
                }
            }
            if let Some(checked) = self.check(SyncKind::Equipment, &item.id, record) {
                self.equipment_ids.insert(item.id.clone(), (checked.id.clone(), location_id.to_string(), location_id.to_string()));
                self.items.push(checked);
            }
        }
    }

    /// A site's service history, as custom history records on or after the import date.
    pub fn history(&mut self, location_id: &str, entries: &[AppHistory]) {
        for entry in entries {
            // The app is asked for these dates only; an answer that strays is filtered here too.
            if let (Some(from), true) = (self.import_date, is_date_text(&entry.date))
                && entry.date.get(..10).is_some_and(|day| day < from)
            {
                continue;
            }
            if self.earlier(SyncKind::History, &entry.id).is_some() {
                continue;
            }
            let listed = self.equipment_ids.get(&entry.equipment_id).filter(|(_, _, listed_at)| listed_at == location_id).cloned();
            let Some((equipment_id, item_site, _)) = listed else {
                self.rejected += 1;
                tracing::warn!(
                    context_id = self.context_id,
                    app_id = entry.id,
                    equipment = entry.equipment_id,
                    "import skipped a history entry of equipment not imported at its site"
                );
                continue;
            };
            let mut heading = capitalised(entry.kind.trim());
            if let Some(result) = entry.result.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
                heading = format!("{heading} ({result})");
            }
            let description = match entry.description.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
                Some(text) if heading.is_empty() => text.to_string(),
                Some(text) => format!("{heading}: {text}"),
                None => heading,
            };
            let mut record = self.base(&entry.id);
            record.insert("date".into(), json!(entry.date));
            record.insert("description".into(), json!(description));
            // Kept as it was written elsewhere.
            record.insert("type".into(), json!(HistoryType::Custom));
            record.insert("equipmentId".into(), json!(equipment_id));
            record.insert("locationId".into(), json!(item_site));
            record.insert("happenedAtLocationId".into(), json!(location_id));
            if let Some(email) = &entry.technician_email {
                record.insert("technicianEmail".into(), json!(email));
            }
            if let Some(checked) = self.check(SyncKind::History, &entry.id, record) {
                self.history.push(checked);
            }
        }
    }

    /// The app's active users as members with a pending invitation and, as spec §6 gives a new
    /// user, every permission. Someone already a member (by email) is left as they are.
    pub fn users(&mut self, users: &[AppUser]) {
        for user in users.iter().filter(|user| user.active) {
            let email = user.email.as_deref().unwrap_or_default();
            if self.existing.users.contains_key(&email_key(email)) || self.imported_users.contains_key(&email_key(email)) {
                continue;
            }
            let mut record = self.base(&user.id);
            record.insert("name".into(), json!(user.name.as_deref().unwrap_or_default().trim()));
            record.insert("email".into(), json!(email));
            record.insert("permissions".into(), json!([WILDCARD]));
            record.insert("invitationStatus".into(), json!(INVITATION_PENDING));
            if let Some(checked) = self.check(SyncKind::Users, &user.id, record) {
                self.imported_users.insert(email_key(email), checked.id.clone());
                self.users.push(checked);
            }
        }
    }

    /// The records to write, sites first (what stands on a site is checked against them), and
    /// how many the app sent that were refused. History names its technician when the email is
    /// a member's.
    pub fn finish(mut self) -> (Vec<IncomingRecord>, i64) {
        for record in &mut self.history {
            let Some(email) = record.data.as_object_mut().and_then(|data| data.remove("technicianEmail")) else { continue };
            let key = email_key(email.as_str().unwrap_or_default());
            if let Some(user_id) = self.existing.users.get(&key).or_else(|| self.imported_users.get(&key)) {
                record.data["userId"] = json!(user_id);
            }
        }
        let mut records = self.sites;
        records.extend(self.customers);
        records.extend(self.catalogue);
        records.extend(self.users);
        records.extend(self.items);
        records.extend(self.history);
        (records, self.rejected)
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
