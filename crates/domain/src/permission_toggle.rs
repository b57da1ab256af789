//! Permission toggling on the user form (spec §5): Mobile Access forces on View Location and
//! View Equipment; turning off View Equipment or View Location also turns off Mobile Access;
//! selecting every permission collapses to the wildcard. The TypeScript twin is
//! `web/src/domain/permissions.ts`; both pass `testdata/permissions`.

use crate::permissions::{Permission, WILDCARD};

/// The permission strings after turning `permission` on or off.
///
/// Known permissions come out in the upper-case form, in the order of [`Permission::ALL`];
/// strings that name no permission are kept, after them, in their order. When every
/// permission is on, the answer is the wildcard alone.
pub fn toggle<S: AsRef<str>>(held: &[S], permission: Permission, on: bool) -> Vec<String> {
    let wildcard = held.iter().any(|p| p.as_ref().trim() == WILDCARD);
    let mut set: Vec<bool> =
        Permission::ALL.iter().map(|p| wildcard || held.iter().any(|h| Permission::parse(h.as_ref()) == Some(*p))).collect();
    let mut put = |p: Permission, value: bool| {
        if let Some(index) = Permission::ALL.iter().position(|q| *q == p) {
            set[index] = value;
        }
    };
    put(permission, on);
    match (permission, on) {
        (Permission::MobileLogin, true) => {
            put(Permission::LocationRead, true);
            put(Permission::EquipmentRead, true);
        }
        (Permission::EquipmentRead | Permission::LocationRead, false) => put(Permission::MobileLogin, false),
        _ => {}
    }
    if set.iter().all(|s| *s) {
        return vec![WILDCARD.to_string()];
    }
    let known = Permission::ALL.iter().zip(&set).filter(|(_, on)| **on).map(|(p, _)| p.constant().to_string());
    let unknown = held.iter().map(|h| h.as_ref()).filter(|h| h.trim() != WILDCARD && Permission::parse(h).is_none()).map(str::to_string);
    known.chain(unknown).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobile_access_pulls_in_the_views_and_leaves_with_them() {
        assert_eq!(toggle::<&str>(&[], Permission::MobileLogin, true), ["MOBILE_LOGIN", "EQUIPMENT_READ", "LOCATION_READ"]);
        assert_eq!(toggle(&["mobile.read", "equipment.read", "location.read"], Permission::LocationRead, false), ["EQUIPMENT_READ"]);
        assert_eq!(toggle(&["*.*"], Permission::ReportRead, false).len(), 16);
    }
}
