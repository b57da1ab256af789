//! The kinds of record that sync (spec §3), each with the permissions that read
//! and write it and the shape of its id.

use crate::permissions::Permission;

/// One sync kind; its name is the key of its list in sync requests and answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SyncKind {
    Equipment,
    Locations,
    PerformedServices,
    ServiceTypes,
    EquipmentTypes,
    Models,
    Customers,
    EquipmentFields,
    LocationFields,
    ModelFields,
    Questions,
    ServiceMonthCategories,
    Users,
    History,
    LocationOverrides,
    ServiceMonths,
    Deficiencies,
    FloorPlans,
    Schedule,
    Organization,
    SiteTypes,
    /// A technician's signed day at a site (field evidence).
    Visits,
    /// Download only: added by an operator (`fieldtag alerts`).
    GlobalAlerts,
}

/// How a kind's ids are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdShape {
    /// 32 hex characters.
    Hex,
    /// `equipmentId-serviceTypeId` (performed services).
    EquipmentAndServiceType,
    /// `locationId-serviceTypeId` (location overrides).
    LocationAndServiceType,
}

impl SyncKind {
    pub const ALL: [SyncKind; 23] = [
        SyncKind::Equipment,
        SyncKind::Locations,
        SyncKind::PerformedServices,
        SyncKind::ServiceTypes,
        SyncKind::EquipmentTypes,
        SyncKind::Models,
        SyncKind::Customers,
        SyncKind::EquipmentFields,
        SyncKind::LocationFields,
        SyncKind::ModelFields,
        SyncKind::Questions,
        SyncKind::ServiceMonthCategories,
        SyncKind::Users,
        SyncKind::History,
        SyncKind::LocationOverrides,
        SyncKind::ServiceMonths,
        SyncKind::Deficiencies,
        SyncKind::FloorPlans,
        SyncKind::Schedule,
        SyncKind::Organization,
        SyncKind::SiteTypes,
        SyncKind::Visits,
        SyncKind::GlobalAlerts,
    ];

    /// The sync key, e.g. `performedServices`.
    pub fn key(self) -> &'static str {
        match self {
            SyncKind::Equipment => "equipment",
            SyncKind::Locations => "locations",
            SyncKind::PerformedServices => "performedServices",
            SyncKind::ServiceTypes => "serviceTypes",
            SyncKind::EquipmentTypes => "equipmentTypes",
            SyncKind::Models => "models",
            SyncKind::Customers => "customers",
            SyncKind::EquipmentFields => "equipmentFields",
            SyncKind::LocationFields => "locationFields",
            SyncKind::ModelFields => "modelFields",
            SyncKind::Questions => "questions",
            SyncKind::ServiceMonthCategories => "serviceMonthCategories",
            SyncKind::Users => "users",
            SyncKind::History => "history",
            SyncKind::LocationOverrides => "locationOverrides",
            SyncKind::ServiceMonths => "serviceMonths",
            SyncKind::Deficiencies => "deficiencies",
            SyncKind::FloorPlans => "floorPlans",
            SyncKind::Schedule => "schedule",
            SyncKind::Organization => "organization",
            SyncKind::SiteTypes => "siteTypes",
            SyncKind::Visits => "visits",
            SyncKind::GlobalAlerts => "globalAlerts",
        }
    }

    pub fn parse(key: &str) -> Option<SyncKind> {
        SyncKind::ALL.into_iter().find(|kind| kind.key() == key)
    }

    /// What a user needs to download this kind (None: every member of the organisation).
    pub fn read_permission(self) -> Option<Permission> {
        match self {
            SyncKind::Equipment | SyncKind::Models | SyncKind::EquipmentFields | SyncKind::ModelFields => Some(Permission::EquipmentRead),
            SyncKind::PerformedServices | SyncKind::ServiceTypes | SyncKind::Questions | SyncKind::Visits => Some(Permission::ServiceRead),
            SyncKind::Locations
            | SyncKind::Customers
            | SyncKind::LocationFields
            | SyncKind::LocationOverrides
            | SyncKind::ServiceMonths
            | SyncKind::FloorPlans => Some(Permission::LocationRead),
            SyncKind::History => Some(Permission::HistoryRead),
            SyncKind::Deficiencies => Some(Permission::DeficiencyRead),
            SyncKind::Schedule => Some(Permission::ScheduleRead),
            // Every screen needs the types, categories, users' names and the organisation.
            SyncKind::EquipmentTypes
            | SyncKind::ServiceMonthCategories
            | SyncKind::Users
            | SyncKind::Organization
            | SyncKind::SiteTypes
            | SyncKind::GlobalAlerts => None,
        }
    }

    /// What a user needs to upload this kind; None for download-only kinds.
    pub fn write_permission(self) -> Option<Permission> {
        match self {
            SyncKind::Equipment => Some(Permission::EquipmentWrite),
            SyncKind::PerformedServices | SyncKind::Visits => Some(Permission::ServiceWrite),
            SyncKind::History => Some(Permission::HistoryWrite),
            SyncKind::Deficiencies => Some(Permission::DeficiencyWrite),
            SyncKind::Locations
            | SyncKind::Customers
            | SyncKind::LocationOverrides
            | SyncKind::FloorPlans
            | SyncKind::ServiceMonths
            | SyncKind::ServiceMonthCategories => Some(Permission::LocationWrite),
            SyncKind::Schedule => Some(Permission::ScheduleWrite),
            SyncKind::ServiceTypes
            | SyncKind::EquipmentTypes
            | SyncKind::Models
            | SyncKind::EquipmentFields
            | SyncKind::LocationFields
            | SyncKind::ModelFields
            | SyncKind::Questions
            | SyncKind::Users
            | SyncKind::Organization
            | SyncKind::SiteTypes => Some(Permission::SettingsWrite),
            SyncKind::GlobalAlerts => None,
        }
    }

    /// Whether records of this kind belong to a site (and carry `locationId`).
    pub fn location_scoped(self) -> bool {
        matches!(
            self,
            SyncKind::Equipment
                | SyncKind::PerformedServices
                | SyncKind::History
                | SyncKind::LocationOverrides
                | SyncKind::ServiceMonths
                | SyncKind::Deficiencies
                | SyncKind::FloorPlans
                | SyncKind::Schedule
                | SyncKind::Visits
        )
    }

    pub fn id_shape(self) -> IdShape {
        match self {
            SyncKind::PerformedServices => IdShape::EquipmentAndServiceType,
            SyncKind::LocationOverrides => IdShape::LocationAndServiceType,
            _ => IdShape::Hex,
        }
    }
}

/// Whether `id` is a generated id: 32 hex characters.
pub fn is_hex_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_and_are_distinct() {
        for kind in SyncKind::ALL {
            assert_eq!(SyncKind::parse(kind.key()), Some(kind));
        }
        let mut keys: Vec<_> = SyncKind::ALL.iter().map(|k| k.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), SyncKind::ALL.len());
        assert_eq!(SyncKind::parse("Equipment"), None);
    }

    #[test]
    fn each_kind_is_written_under_its_permission() {
        assert_eq!(SyncKind::Equipment.write_permission(), Some(Permission::EquipmentWrite));
        assert_eq!(SyncKind::FloorPlans.write_permission(), Some(Permission::LocationWrite));
        assert_eq!(SyncKind::Users.write_permission(), Some(Permission::SettingsWrite));
        assert_eq!(SyncKind::GlobalAlerts.write_permission(), None);
        assert_eq!(SyncKind::History.read_permission(), Some(Permission::HistoryRead));
    }

    #[test]
    fn hex_ids() {
        assert!(is_hex_id("0123456789abcdefABCDEF0123456789"));
        assert!(!is_hex_id("0123456789abcdef0123456789abcde"));
        assert!(!is_hex_id("0123456789abcdef0123456789abcdeg"));
    }
}
