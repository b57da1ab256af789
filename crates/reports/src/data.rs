//! The records a report reads, loaded once and read once into their kinds' typed structs: one
//! site's (or every site's) equipment and what happened to it, the organisation's catalogue,
//! and the due engine's verdict per item.

use std::collections::HashMap;

use fieldtag_domain::due::{DueError, DueResult};
use fieldtag_domain::records::activity::{Deficiency, HistoryRecord};
use fieldtag_domain::records::equipment::{Equipment, EquipmentType, Model};
use fieldtag_domain::records::people::{Organization, User};
use fieldtag_domain::records::services::{PerformedService, ServiceType};
use fieldtag_domain::records::sites::{Location, ScheduledEvent};
use fieldtag_domain::records::stored::{AsText, OfEquipment, Stored};
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::Store;
use serde::Deserialize;
use serde_json::Value;

use super::engine::EngineRecords;
use super::error::{ReportError, ReportResult};
use super::loaded::{Loaded, read};
use super::photos;
use super::times::Zone;

/// The sync kind of visit records (`SyncKind::Visits`).
const VISITS: &str = "visits";

/// What one report reads.
pub struct Dataset {
    pub organization: Option<Organization>,
    /// The site asked for, or every site; by name.
    pub sites: Vec<Stored<Location>>,
    /// By site (in `sites` order), then name and barcode.
    pub equipment: Vec<Stored<Equipment>>,
    pub performed_services: Vec<Stored<PerformedService>>,
    pub history: Vec<Stored<HistoryRecord>>,
    pub deficiencies: Vec<Stored<Deficiency>>,
    pub schedule: Vec<Stored<ScheduledEvent>>,
    /// The photos each deficiency and history record names (a history record's own, then its
    /// checklist answers'), by record id; read from the stored JSON.
    pub photos: HashMap<String, Vec<String>>,
    /// The site's visit records (stored JSON), read by the visit report only.
    pub visits: Vec<Value>,
    /// The organisation's, in stored order (the due engine's order of services).
    pub service_types: Vec<Stored<ServiceType>>,
    equipment_types: HashMap<String, Stored<EquipmentType>>,
    models: HashMap<String, Stored<Model>>,
    users: HashMap<String, Stored<User>>,
    zones: HashMap<String, Zone>,
    site_index: HashMap<String, usize>,
    item_index: HashMap<String, usize>,
    engine: EngineRecords,
}

fn records<T>(read: Vec<(Stored<T>, &Value)>) -> Vec<Stored<T>> {
    read.into_iter().map(|(record, _)| record).collect()
}

fn by_id<T>(read: Vec<(Stored<T>, &Value)>) -> HashMap<String, Stored<T>> {
    read.into_iter().map(|(record, _)| (record.id.clone(), record)).collect()
}

impl Dataset {
    /// Loads the records of site `location_id` (which must be the organisation's), or of the
    /// whole organisation.
    pub async fn load(store: &Store, org_id: &str, location_id: Option<&str>) -> ReportResult<Dataset> {
        let sites = match location_id {
            Some(id) => {
                let site = store.record(org_id, SyncKind::Locations.key(), id).await?.filter(|site| !site.deleted);
                vec![site.ok_or_else(|| ReportError::SiteNotFound(id.to_string()))?.data]
            }
            None => store.live_records(org_id, SyncKind::Locations.key(), None).await?,
        };
        let scoped = |kind: SyncKind| store.live_records(org_id, kind.key(), location_id);
        let shared = |kind: SyncKind| store.live_records(org_id, kind.key(), None);
        let (equipment, performed_services, history, deficiencies, schedule, location_overrides, service_months) = tokio::try_join!(
            scoped(SyncKind::Equipment),
            scoped(SyncKind::PerformedServices),
            scoped(SyncKind::History),
            scoped(SyncKind::Deficiencies),
            scoped(SyncKind::Schedule),
            scoped(SyncKind::LocationOverrides),
            scoped(SyncKind::ServiceMonths),
        )?;
        let (service_types, equipment_types, models, users) = tokio::try_join!(
            shared(SyncKind::ServiceTypes),
            shared(SyncKind::EquipmentTypes),
            shared(SyncKind::Models),
            shared(SyncKind::Users)
        )?;
        let organization = store.organization(org_id).await?.and_then(|organization| Organization::deserialize(&organization).ok());
        let mut loaded = Loaded {
            sites: read(SyncKind::Locations, &sites),
            equipment: read(SyncKind::Equipment, &equipment),
            equipment_types: read(SyncKind::EquipmentTypes, &equipment_types),
            service_types: read(SyncKind::ServiceTypes, &service_types),
            performed_services: read(SyncKind::PerformedServices, &performed_services),
            deficiencies: read(SyncKind::Deficiencies, &deficiencies),
            history: read(SyncKind::History, &history),
            location_overrides: &location_overrides,
            service_months: &service_months,
        };
        // Every report lists sites by name and items by site, then location.
        loaded.sites.sort_by_cached_key(|(site, _)| (site.name.as_text().to_lowercase(), site.id.clone()));
        let site_index: HashMap<String, usize> = loaded.sites.iter().enumerate().map(|(i, (site, _))| (site.id.clone(), i)).collect();
        // Items of sites outside the list (none, unless a site was deleted) go last.
        loaded.equipment.sort_by_cached_key(|(item, _)| {
            let site = site_index.get(item.location_id.as_text()).copied().unwrap_or(usize::MAX);
            (site, natural_key(item.name.as_text()), item.barcode.as_text().to_string(), item.id.clone())
        });
        let engine = EngineRecords::read(&loaded);
        let deficiency_photos =
            loaded.deficiencies.iter().map(|(record, value)| (record.id.clone(), photos::photo_names(value.get("photos"))));
        let history_photos = loaded.history.iter().map(|(record, value)| (record.id.clone(), photos::history_photo_names(value)));
        let photos = deficiency_photos.chain(history_photos).filter(|(_, names)| !names.is_empty()).collect();
        let sites = records(loaded.sites);
        let zones = sites.iter().map(|site| (site.id.clone(), Zone::new(Some(site.time_zone.as_text())))).collect();
        let equipment = records(loaded.equipment);
        let item_index = equipment.iter().enumerate().map(|(i, item)| (item.id.clone(), i)).collect();
        Ok(Dataset {
            organization,
            sites,
            equipment,
            performed_services: records(loaded.performed_services),
            history: records(loaded.history),
            deficiencies: records(loaded.deficiencies),
            schedule: records(read::<ScheduledEvent>(SyncKind::Schedule, &schedule)),
            photos,
            visits: Vec::new(),
            service_types: records(loaded.service_types),
            equipment_types: by_id(loaded.equipment_types),
            models: by_id(read::<Model>(SyncKind::Models, &models)),
            users: by_id(read::<User>(SyncKind::Users, &users)),
            zones,
            site_index,
            item_index,
            engine,
        })
    }

    /// Reads the site's visit records (the `visits` kind), for the visit report.
    pub async fn load_visits(&mut self, store: &Store, org_id: &str, location_id: &str) -> ReportResult<()> {
        self.visits = store.live_records(org_id, VISITS, Some(location_id)).await?;
        Ok(())
    }

    /// The photos record `id` names.
    pub fn photos_of(&self, id: &str) -> Vec<String> {
        self.photos.get(id).cloned().unwrap_or_default()
    }

    /// The one site of a site report, or None for a company-wide one.
    pub fn single_site(&self, location_id: Option<&str>) -> Option<&Stored<Location>> {
        location_id.and_then(|id| self.site(id))
    }

    pub fn site(&self, id: &str) -> Option<&Stored<Location>> {
        self.site_index.get(id).map(|&i| &self.sites[i])
    }

    /// Where the site stands in `sites` (by name).
    pub fn site_position(&self, id: &str) -> Option<usize> {
        self.site_index.get(id).copied()
    }

    pub fn site_name(&self, id: &str) -> &str {
        self.site(id).map(|site| site.name.as_text()).unwrap_or_default()
    }

    /// The site's time zone (the fallback for a site not loaded).
    pub fn zone(&self, site_id: &str) -> Zone {
        self.zones.get(site_id).cloned().unwrap_or_else(Zone::fallback)
    }

    /// The zone a report's own dates (defaults, "today") are counted in.
    pub fn report_zone(&self, location_id: Option<&str>) -> Zone {
        location_id.map(|id| self.zone(id)).unwrap_or_else(Zone::fallback)
    }

    pub fn item(&self, id: &str) -> Option<&Stored<Equipment>> {
        self.item_index.get(id).map(|&i| &self.equipment[i])
    }

    pub fn model(&self, item: &Equipment) -> Option<&Stored<Model>> {
        self.models.get(item.model_id.as_text())
    }

    pub fn model_name(&self, item: &Equipment) -> &str {
        self.model(item).map(|model| model.name.as_text()).unwrap_or_default()
    }

    pub fn equipment_type(&self, item: &Equipment) -> Option<&Stored<EquipmentType>> {
        self.model(item).and_then(|model| self.equipment_types.get(model.equipment_type_id.as_text()))
    }

    pub fn equipment_type_name(&self, item: &Equipment) -> &str {
        self.equipment_type(item).map(|t| t.name.as_text()).unwrap_or_default()
    }

    pub fn user_name(&self, id: &str) -> &str {
        self.users.get(id).map(|user| user.name.as_text()).unwrap_or_default()
    }

    pub fn service_type(&self, id: &str) -> Option<&Stored<ServiceType>> {
        self.service_types.iter().find(|service| service.id == id)
    }

    pub fn service_type_name(&self, id: &str) -> &str {
        self.service_type(id).map(|service| service.name.as_text()).unwrap_or_default()
    }

    /// Records of a list by the equipment they belong to.
    pub fn by_equipment<T: OfEquipment>(list: &[Stored<T>]) -> HashMap<&str, Vec<&Stored<T>>> {
        let mut grouped: HashMap<&str, Vec<&Stored<T>>> = HashMap::new();
        for record in list {
            grouped.entry(record.equipment_id()).or_default().push(record);
        }
        grouped
    }

    /// The due engine's verdict for every item, at `now_of(site id)`; an item whose records
    /// the engine cannot use gets its error.
    pub fn due(&self, now_of: impl Fn(&str) -> i64 + Sync) -> HashMap<String, Result<DueResult<'_>, DueError>> {
        self.engine.evaluate(
            &self.equipment,
            |item| self.model(item).map(|model| model.equipment_type_id.as_text()).unwrap_or_default(),
            now_of,
        )
    }
}

/// Sorts "Floor 2" before "Floor 10": runs of digits compare by value.
pub fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut word = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut digits = c.to_string();
            while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                digits.push(d);
                chars.next();
            }
            key.push((std::mem::take(&mut word), digits.parse().unwrap_or(u64::MAX)));
        } else {
            word.extend(c.to_lowercase());
        }
    }
    key.push((word, 0));
    key
}
