//! The records a report shares between its pieces of equipment (service types, location
//! overrides, service months), prepared once, and the few records each piece of equipment
//! has of its own.
//!
//! Evaluating 100,000 items one [`DueInput`] at a time re-reads the same service types'
//! rules for every item and has each item carry copies of them. A [`Catalogue`] reads each
//! service type's rules the first time an item needs them, and indexes each shared list by
//! the owner its records belong to (equipment type, site), so that an item looks at its own
//! few records instead of the whole organisation's lists. An owner's records are the ones a
//! scan of the list finds by the same rule (live, and owned by it or by no one), in list
//! order, so an item answers exactly as one `DueInput` holding the same lists would, errors
//! and their field paths included.

use std::sync::OnceLock;

use hashbrown::HashMap;

use super::DueError;
use super::input::{
    Deficiency, DueInput, Equipment, EquipmentType, HistoryRecord, LocationOverride, PerformedService, ServiceMonth, ServiceType, Site,
    same_owner,
};
use super::rules::{self, Rules};

/// Service types, location overrides and service months shared by many pieces of
/// equipment, e.g. an organisation's, for one report.
#[derive(Debug)]
pub struct Catalogue<'a> {
    pub(super) service_types: &'a [ServiceType],
    pub(super) location_overrides: &'a [LocationOverride],
    pub(super) service_months: &'a [ServiceMonth],
    /// Each service type's rules (or the error they raise), read when first needed: the
    /// rules of a disabled or unscheduled service are never checked.
    rules: Vec<OnceLock<Result<Rules<'a>, DueError>>>,
    types_by_equipment_type: OwnerIndex<'a, ServiceType>,
    overrides_by_site: OwnerIndex<'a, LocationOverride>,
    months_by_site: OwnerIndex<'a, ServiceMonth>,
}

impl<'a> Catalogue<'a> {
    /// Prepares the lists for many evaluations (see [`super::Evaluator::evaluate_in`]).
    pub fn new(service_types: &'a [ServiceType], location_overrides: &'a [LocationOverride], service_months: &'a [ServiceMonth]) -> Self {
        Catalogue {
            service_types,
            location_overrides,
            service_months,
            rules: service_types.iter().map(|_| OnceLock::new()).collect(),
            types_by_equipment_type: OwnerIndex::indexed(service_types, service_type_owner),
            overrides_by_site: OwnerIndex::indexed(location_overrides, override_owner),
            months_by_site: OwnerIndex::indexed(service_months, months_owner),
        }
    }

    /// The lists of one input, for one evaluation: not indexed, as building the index would
    /// cost more than scanning a few records once.
    pub(super) fn of_input(input: &'a DueInput) -> Self {
        Catalogue {
            service_types: &input.service_types,
            location_overrides: &input.location_overrides,
            service_months: &input.service_months,
            rules: input.service_types.iter().map(|_| OnceLock::new()).collect(),
            types_by_equipment_type: OwnerIndex::scanned(&input.service_types, service_type_owner),
            overrides_by_site: OwnerIndex::scanned(&input.location_overrides, override_owner),
            months_by_site: OwnerIndex::scanned(&input.service_months, months_owner),
        }
    }

    /// The rules of `serviceTypes[index]`, read once.
    pub(super) fn rules(&self, index: usize) -> Result<&Rules<'a>, DueError> {
        self.rules[index].get_or_init(|| rules::read(&self.service_types[index], index)).as_ref().map_err(Clone::clone)
    }

    /// Positions of the live service types of equipment type `type_id`, in order.
    pub(super) fn service_types_for<'c>(&'c self, type_id: Option<&'c str>) -> impl Iterator<Item = usize> + 'c {
        self.types_by_equipment_type.owned_by(type_id)
    }

    /// Positions of the live location overrides of site `site_id`, in order.
    pub(super) fn overrides_at<'c>(&'c self, site_id: Option<&'c str>) -> impl Iterator<Item = usize> + 'c {
        self.overrides_by_site.owned_by(site_id)
    }

    /// Positions of the live service months of site `site_id`, in order.
    pub(super) fn months_at<'c>(&'c self, site_id: Option<&'c str>) -> impl Iterator<Item = usize> + 'c {
        self.months_by_site.owned_by(site_id)
    }
}

/// A record's owner for the index: `None` leaves the record out (deleted), else its owner's
/// id if it names one.
type Owner<T> = fn(&T) -> Option<Option<&str>>;

fn service_type_owner(service: &ServiceType) -> Option<Option<&str>> {
    (!service.deleted).then_some(service.equipment_type_id.as_deref())
}

fn override_owner(location_override: &LocationOverride) -> Option<Option<&str>> {
    (!location_override.deleted).then_some(location_override.location_id.as_deref())
}

fn months_owner(months: &ServiceMonth) -> Option<Option<&str>> {
    (!months.deleted).then_some(months.location_id.as_deref())
}

/// The records of one piece of equipment, borrowed: its site and type (shared by many
/// items), the equipment, and its own performed services, deficiencies and history.
#[derive(Debug, Clone, Copy, Default)]
pub struct EquipmentRecords<'a> {
    pub site: Option<&'a Site>,
    pub equipment: Option<&'a Equipment>,
    pub equipment_type: Option<&'a EquipmentType>,
    pub performed_services: &'a [PerformedService],
    pub deficiencies: &'a [Deficiency],
    pub history: &'a [HistoryRecord],
}

impl<'a> EquipmentRecords<'a> {
    pub fn of_input(input: &'a DueInput) -> Self {
        EquipmentRecords {
            site: input.site.as_ref(),
            equipment: input.equipment.as_ref(),
            equipment_type: input.equipment_type.as_ref(),
            performed_services: &input.performed_services,
            deficiencies: &input.deficiencies,
            history: &input.history,
        }
    }
}

/// A list's live records by the id of their owner, by one rule (`owner`) whether indexed or
/// scanned. A record without an owner matches every owner, and an owner without an id matches
/// every record (`same_owner`), so each owner's list also holds the records without one, and a
/// missing id gets all of them.
#[derive(Debug)]
struct OwnerIndex<'a, T> {
    records: &'a [T],
    owner: Owner<T>,
    /// `None` for one input's lists: scanning a few records once costs less than indexing them.
    positions: Option<Positions<'a>>,
}

#[derive(Debug)]
struct Positions<'a> {
    by_owner: HashMap<&'a str, Vec<u32>>,
    unowned: Vec<u32>,
    live: Vec<u32>,
}

impl<'a, T> OwnerIndex<'a, T> {
    fn scanned(records: &'a [T], owner: Owner<T>) -> Self {
        OwnerIndex { records, owner, positions: None }
    }

    fn indexed(records: &'a [T], owner: Owner<T>) -> Self {
        let mut by_owner: HashMap<&'a str, Vec<u32>> = HashMap::new();
        let (mut unowned, mut live) = (Vec::new(), Vec::new());
        for record in records {
            if let Some(Some(id)) = owner(record) {
                by_owner.entry(id).or_default();
            }
        }
        for (position, record) in records.iter().enumerate() {
            let position = u32::try_from(position).expect("fewer than 2^32 records");
            match owner(record) {
                None => continue,
                Some(Some(id)) => by_owner.get_mut(id).expect("every owner was listed").push(position),
                Some(None) => {
                    unowned.push(position);
                    by_owner.values_mut().for_each(|list| list.push(position));
                }
            }
            live.push(position);
        }
        OwnerIndex { records, owner, positions: Some(Positions { by_owner, unowned, live }) }
    }

    /// Positions of the live records of `owner_id`, in list order.
    fn owned_by<'c>(&'c self, owner_id: Option<&'c str>) -> OwnedBy<'c, T> {
        match &self.positions {
            None => OwnedBy::Scan { records: self.records.iter().enumerate(), owner_id, owner: self.owner },
            Some(Positions { by_owner, unowned, live }) => {
                let list = match owner_id {
                    None => live,
                    Some(id) => by_owner.get(id).unwrap_or(unowned),
                };
                OwnedBy::Listed(list.iter())
            }
        }
    }
}

/// An owner's live records, by position.
pub(super) enum OwnedBy<'c, T> {
    Scan { records: std::iter::Enumerate<std::slice::Iter<'c, T>>, owner_id: Option<&'c str>, owner: Owner<T> },
    Listed(std::slice::Iter<'c, u32>),
}

impl<T> Iterator for OwnedBy<'_, T> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            OwnedBy::Scan { records, owner_id, owner } => {
                records.find(|(_, record)| owner(record).is_some_and(|own| same_owner(own, *owner_id))).map(|(position, _)| position)
            }
            OwnedBy::Listed(list) => list.next().map(|&position| position as usize),
        }
    }
}
