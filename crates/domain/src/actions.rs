//! The one permission table (spec §6): each user action with the permission it needs and every
//! record it writes, in testdata/permissions/actions.json, which the web app reads too. A user
//! may write a record when they hold its kind's write permission, or when an action they may
//! take writes such a record: so an action the app offers succeeds whole on the server for a
//! user who holds its permission, and is refused whole for one who does not.

use std::sync::LazyLock;

use serde::Deserialize;
use serde_json::Value;

use crate::history_type::HistoryType;
use crate::permissions::{Permission, grants};
use crate::sync_kind::SyncKind;

/// The table's text, built into the binary.
pub const TABLE: &str = include_str!("../../../testdata/permissions/actions.json");

#[derive(Debug, Deserialize)]
struct Table {
    kinds: std::collections::BTreeMap<String, KindPermissions>,
    actions: Vec<Action>,
}

/// Who reads and who writes a kind.
#[derive(Debug, Deserialize)]
pub struct KindPermissions {
    pub read: Option<String>,
    pub write: Option<String>,
}

/// One thing a user does, the permission it needs (None: every user) and what it writes.
#[derive(Debug, Deserialize)]
pub struct Action {
    pub action: String,
    pub permission: Option<String>,
    pub writes: Vec<Write>,
}

/// A record an action writes, and how much of it.
#[derive(Debug, Deserialize)]
pub struct Write {
    pub kind: String,
    /// History records of these types only (the table's numbers are read as history types).
    pub types: Option<Vec<HistoryType>>,
    /// Only a record that does not exist yet.
    #[serde(default)]
    pub new: bool,
    /// Only these fields of an existing record change.
    pub fields: Option<Vec<String>>,
    /// Only the user's own record.
    #[serde(rename = "self", default)]
    pub own: bool,
}

static PARSED: LazyLock<Table> = LazyLock::new(|| serde_json::from_str(TABLE).expect("testdata/permissions/actions.json is the table"));

/// Every action of the table.
pub fn actions() -> &'static [Action] {
    &PARSED.actions
}

/// The table's read and write permissions of a kind.
pub fn kind_permissions(kind: SyncKind) -> Option<&'static KindPermissions> {
    PARSED.kinds.get(kind.key())
}

/// Fields that are bookkeeping, not content: they may change with any write.
const BOOKKEEPING: [&str; 3] = ["lastUpdated", "version", "hasBeenChangedLocally"];

/// The top-level fields whose values differ between two copies of a record.
fn changed_fields<'a>(before: &'a Value, after: &'a Value) -> Vec<&'a str> {
    static EMPTY: LazyLock<serde_json::Map<String, Value>> = LazyLock::new(serde_json::Map::new);
    let (before, after) = (before.as_object().unwrap_or(&EMPTY), after.as_object().unwrap_or(&EMPTY));
    let mut changed: Vec<&str> = before
        .keys()
        .chain(after.keys())
        .map(String::as_str)
        .filter(|field| !BOOKKEEPING.contains(field))
        .filter(|field| before.get(*field).unwrap_or(&Value::Null) != after.get(*field).unwrap_or(&Value::Null))
        .collect();
    changed.sort_unstable();
    changed.dedup();
    changed
}

impl Write {
    /// Whether this write covers `record` (with the stored copy, if there is one) by `user_id`.
    fn covers(&self, kind: SyncKind, user_id: &str, record: &Value, stored: Option<&Value>) -> bool {
        if self.kind != kind.key() {
            return false;
        }
        if let Some(types) = &self.types
            && !record["type"].as_i64().and_then(HistoryType::from_number).is_some_and(|t| types.contains(&t))
        {
            return false;
        }
        if self.new && stored.is_some() {
            return false;
        }
        if self.own && record["id"].as_str() != Some(user_id) {
            return false;
        }
        match (&self.fields, stored) {
            (None, _) => true,
            // Changing only some fields of a record that does not exist is creating it.
            (Some(_), None) => false,
            (Some(fields), Some(stored)) => changed_fields(stored, record).iter().all(|field| fields.iter().any(|f| f == field)),
        }
    }
}

fn permitted(held: &[impl AsRef<str>], permission: Option<&str>) -> bool {
    permission.is_none_or(|name| Permission::parse(name).is_some_and(|p| grants(held, p)))
}

/// Whether `user_id`, holding `held`, may write `record` of `kind` over `stored` (None: a new
/// record). Refused: the reason, naming the kind's permission.
pub fn may_write(held: &[impl AsRef<str>], user_id: &str, kind: SyncKind, record: &Value, stored: Option<&Value>) -> Result<(), String> {
    let write_permission = kind.write_permission().ok_or_else(|| format!("{} cannot be uploaded", kind.key()))?;
    if grants(held, write_permission) {
        return Ok(());
    }
    let covered = actions()
        .iter()
        .filter(|action| permitted(held, action.permission.as_deref()))
        .flat_map(|action| &action.writes)
        .any(|write| write.covers(kind, user_id, record, stored));
    if covered { Ok(()) } else { Err(format!("You need the {} permission", write_permission.constant())) }
}

/// Whether some action of a user holding `held` could write records of `kind` at all: the check
/// made before a record's stored copy is read.
pub fn may_write_some(held: &[impl AsRef<str>], kind: SyncKind) -> bool {
    kind.write_permission().is_some_and(|p| grants(held, p))
        || actions().iter().filter(|a| permitted(held, a.permission.as_deref())).flat_map(|a| &a.writes).any(|w| w.kind == kind.key())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_names_known_kinds_permissions_and_history_types() {
        for action in actions() {
            if let Some(permission) = &action.permission {
                assert!(Permission::parse(permission).is_some(), "{}: {permission}", action.action);
            }
            assert!(!action.writes.is_empty(), "{} writes something", action.action);
            for write in &action.writes {
                let kind = SyncKind::parse(&write.kind).unwrap_or_else(|| panic!("{}: kind {}", action.action, write.kind));
                assert!(kind.write_permission().is_some(), "{}: {} can be written", action.action, write.kind);
            }
        }
    }

    /// The kinds part of the table is the sync kinds' own read and write permissions.
    #[test]
    fn the_tables_kinds_are_the_sync_kinds_permissions() {
        for kind in SyncKind::ALL {
            let table = kind_permissions(kind).unwrap_or_else(|| panic!("{} is in the table", kind.key()));
            assert_eq!(table.read.as_deref(), kind.read_permission().map(Permission::constant), "{} read", kind.key());
            assert_eq!(table.write.as_deref(), kind.write_permission().map(Permission::constant), "{} write", kind.key());
        }
        assert_eq!(PARSED.kinds.len(), SyncKind::ALL.len());
    }
}
