//! The records a report shares between its pieces of equipment (service types, location
//! overrides, service months), prepared once, and the few records each piece of equipment
//! has of its own.
//!
//! Evaluating 100,000 items one [`DueInput`] at a time re-reads the same service types'
//! rules for every item and has each item carry copies of them. A [`Catalogue`] reads each
//! service type's rules the first time an item needs them, and indexes each shared list by
//! the owner its records belong to (equipment type, site), so that an item looks at its own
//! few candidates instead of the whole organisation's lists. The index only narrows: the
//! engine still applies every matching rule (deleted, owner, id) to each candidate, in list
//! order, so an item answers exactly as one `DueInput` holding the same lists would, errors
//! and their field paths included.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::DueError;
use super::input::{
    Deficiency, DueInput, Equipment, EquipmentType, HistoryRecord, LocationOverride, PerformedService, ServiceMonth, ServiceType, Site,
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
    types_by_equipment_type: OwnerIndex<'a>,
    overrides_by_site: OwnerIndex<'a>,
    months_by_site: OwnerIndex<'a>,
}

impl<'a> Catalogue<'a> {
    /// Prepares the lists for many evaluations (see [`super::Evaluator::evaluate_in`]).
    pub fn new(service_types: &'a [ServiceType], location_overrides: &'a [LocationOverride], service_months: &'a [ServiceMonth]) -> Self {
        Catalogue {
            service_types,
            location_overrides,
            service_months,
            rules: service_types.iter().map(|_| OnceLock::new()).collect(),
            types_by_equipment_type: OwnerIndex::new(service_types, |s| (!s.deleted).then_some(s.equipment_type_id.as_deref())),
            overrides_by_site: OwnerIndex::new(location_overrides, |o| (!o.deleted).then_some(o.location_id.as_deref())),
            months_by_site: OwnerIndex::new(service_months, |m| (!m.deleted).then_some(m.location_id.as_deref())),
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
            types_by_equipment_type: OwnerIndex::Unindexed(input.service_types.len()),
            overrides_by_site: OwnerIndex::Unindexed(input.location_overrides.len()),
            months_by_site: OwnerIndex::Unindexed(input.service_months.len()),
        }
    }

    /// The rules of `serviceTypes[index]`, read once.
    pub(super) fn rules(&self, index: usize) -> Result<&Rules<'a>, DueError> {
        self.rules[index].get_or_init(|| rules::read(&self.service_types[index], index)).as_ref().map_err(Clone::clone)
    }

    /// Positions of the service types that may belong to equipment type `type_id`, in order.
    pub(super) fn service_types_for(&self, type_id: Option<&str>) -> Candidates<'_> {
        self.types_by_equipment_type.candidates(type_id)
    }

    /// Positions of the location overrides that may apply at site `site_id`, in order.
    pub(super) fn overrides_at(&self, site_id: Option<&str>) -> Candidates<'_> {
        self.overrides_by_site.candidates(site_id)
    }

    /// Positions of the service months that may apply at site `site_id`, in order.
    pub(super) fn months_at(&self, site_id: Option<&str>) -> Candidates<'_> {
        self.months_by_site.candidates(site_id)
    }
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

/// Positions of a list's live records by the id of their owner. A record without an owner
/// matches every owner, and an owner without an id matches every record (`same_owner`), so
/// each owner's list also holds the records without one, and a missing id gets all of them.
#[derive(Debug)]
enum OwnerIndex<'a> {
    Unindexed(usize),
    Indexed { by_owner: HashMap<&'a str, Vec<u32>>, unowned: Vec<u32>, live: Vec<u32> },
}

impl<'a> OwnerIndex<'a> {
    /// `owner` answers `None` for a record to leave out (deleted), else the owner's id if any.
    fn new<T>(records: &'a [T], owner: impl Fn(&'a T) -> Option<Option<&'a str>>) -> Self {
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
        OwnerIndex::Indexed { by_owner, unowned, live }
    }

    fn candidates(&self, owner: Option<&str>) -> Candidates<'_> {
        match self {
            OwnerIndex::Unindexed(len) => Candidates::All(0..*len),
            OwnerIndex::Indexed { by_owner, unowned, live } => {
                let list = match owner {
                    None => live,
                    Some(id) => by_owner.get(id).unwrap_or(unowned),
                };
                Candidates::Listed(list.iter())
            }
        }
    }
}

/// Positions in a shared list, in list order.
#[derive(Debug, Clone)]
pub(super) enum Candidates<'c> {
    All(std::ops::Range<usize>),
    Listed(std::slice::Iter<'c, u32>),
}

impl Iterator for Candidates<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            Candidates::All(range) => range.next(),
            Candidates::Listed(list) => list.next().map(|&position| position as usize),
        }
    }
}
