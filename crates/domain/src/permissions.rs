//! Permissions of spec §6. Users carry strings in either the upper-case form
//! (`EQUIPMENT_WRITE`) or the dotted form (`equipment.write`); `*.*` grants all.

use serde::{Deserialize, Serialize};

/// One permission the server checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Permission {
    WebLogin,
    MobileLogin,
    EquipmentRead,
    EquipmentWrite,
    ServiceRead,
    ServiceWrite,
    LocationRead,
    LocationWrite,
    HistoryRead,
    HistoryWrite,
    DeficiencyRead,
    DeficiencyWrite,
    ReportRead,
    ScheduleRead,
    ScheduleWrite,
    SettingsRead,
    SettingsWrite,
}

/// The wildcard that grants every permission.
pub const WILDCARD: &str = "*.*";

impl Permission {
    pub const ALL: [Permission; 17] = [
        Permission::WebLogin,
        Permission::MobileLogin,
        Permission::EquipmentRead,
        Permission::EquipmentWrite,
        Permission::ServiceRead,
        Permission::ServiceWrite,
        Permission::LocationRead,
        Permission::LocationWrite,
        Permission::HistoryRead,
        Permission::HistoryWrite,
        Permission::DeficiencyRead,
        Permission::DeficiencyWrite,
        Permission::ReportRead,
        Permission::ScheduleRead,
        Permission::ScheduleWrite,
        Permission::SettingsRead,
        Permission::SettingsWrite,
    ];

    /// The upper-case form, e.g. `EQUIPMENT_WRITE`.
    pub fn constant(self) -> &'static str {
        match self {
            Permission::WebLogin => "WEB_LOGIN",
            Permission::MobileLogin => "MOBILE_LOGIN",
            Permission::EquipmentRead => "EQUIPMENT_READ",
            Permission::EquipmentWrite => "EQUIPMENT_WRITE",
            Permission::ServiceRead => "SERVICE_READ",
            Permission::ServiceWrite => "SERVICE_WRITE",
            Permission::LocationRead => "LOCATION_READ",
            Permission::LocationWrite => "LOCATION_WRITE",
            Permission::HistoryRead => "HISTORY_READ",
            Permission::HistoryWrite => "HISTORY_WRITE",
            Permission::DeficiencyRead => "DEFICIENCY_READ",
            Permission::DeficiencyWrite => "DEFICIENCY_WRITE",
            Permission::ReportRead => "REPORT_READ",
            Permission::ScheduleRead => "SCHEDULE_READ",
            Permission::ScheduleWrite => "SCHEDULE_WRITE",
            Permission::SettingsRead => "SETTINGS_READ",
            Permission::SettingsWrite => "SETTINGS_WRITE",
        }
    }

    /// The dotted form, e.g. `equipment.write`.
    pub fn dotted(self) -> &'static str {
        match self {
            Permission::WebLogin => "web.read",
            Permission::MobileLogin => "mobile.read",
            Permission::EquipmentRead => "equipment.read",
            Permission::EquipmentWrite => "equipment.write",
            Permission::ServiceRead => "service.read",
            Permission::ServiceWrite => "service.write",
            Permission::LocationRead => "location.read",
            Permission::LocationWrite => "location.write",
            Permission::HistoryRead => "history.read",
            Permission::HistoryWrite => "history.write",
            Permission::DeficiencyRead => "deficiency.read",
            Permission::DeficiencyWrite => "deficiency.write",
            Permission::ReportRead => "report.read",
            Permission::ScheduleRead => "schedule.read",
            Permission::ScheduleWrite => "schedule.write",
            Permission::SettingsRead => "settings.read",
            Permission::SettingsWrite => "settings.write",
        }
    }

    /// Reads either form, ignoring case and surrounding spaces.
    pub fn parse(text: &str) -> Option<Permission> {
        let text = text.trim();
        Permission::ALL.into_iter().find(|p| p.constant().eq_ignore_ascii_case(text) || p.dotted().eq_ignore_ascii_case(text))
    }
}

/// Whether a user's permission strings grant `wanted`.
pub fn grants<S: AsRef<str>>(held: &[S], wanted: Permission) -> bool {
    held.iter().any(|p| {
        let p = p.as_ref().trim();
        p == WILDCARD || Permission::parse(p) == Some(wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_grants_everything() {
        for p in Permission::ALL {
            assert!(grants(&["*.*"], p));
        }
    }

    #[test]
    fn both_forms_are_understood() {
        assert!(grants(&["EQUIPMENT_WRITE"], Permission::EquipmentWrite));
        assert!(grants(&["equipment.write"], Permission::EquipmentWrite));
        assert!(grants(&["Settings.Read"], Permission::SettingsRead));
        assert!(!grants(&["equipment.read"], Permission::EquipmentWrite));
        assert!(!grants::<&str>(&[], Permission::WebLogin));
        assert!(!grants(&["*"], Permission::WebLogin));
    }

    #[test]
    fn forms_round_trip() {
        for p in Permission::ALL {
            assert_eq!(Permission::parse(p.constant()), Some(p));
            assert_eq!(Permission::parse(p.dotted()), Some(p));
        }
    }
}
