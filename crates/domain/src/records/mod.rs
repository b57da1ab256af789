//! The check every synced record passes on its way in (spec §3, §4, §5): one typed struct per
//! kind, read with serde, that names the first field at fault with its path
//! (`conditions[0].timeFrequencyType: is required`).
//!
//! The fields every kind shares (`id`, `orgId`, `lastUpdated`, `deleted` and, for kinds
//! that belong to a site, `locationId`) are checked here once; the kind's struct checks the
//! rest. What is stored is the record as sent, minus the local flag `hasBeenChangedLocally`,
//! with the typed fields written over it as read (emails trimmed, stamps normalised): fields
//! the server does not know (clients carry enrichment) are kept but cannot replace a typed one.

pub mod activity;
pub mod alerts;
pub mod equipment;
pub mod fields;
pub mod people;
pub mod services;
pub mod sites;
pub mod stored;
pub mod visits;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::sync_kind::{IdShape, SyncKind, is_hex_id};
use fields::REQUIRED;

/// The flag a client keeps on records it has not sent yet; never stored.
pub const LOCAL_FLAG: &str = "hasBeenChangedLocally";

/// A record that passed its kind's check, ready for the store.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedRecord {
    pub id: String,
    /// The site the record belongs to: a location's own id, or the `locationId` of a
    /// location-scoped kind; None for the other kinds.
    pub location_id: Option<String>,
    /// RFC 3339 in UTC with milliseconds, e.g. `2026-11-22T10:00:00.000Z`.
    pub last_updated: String,
    pub deleted: bool,
    /// The record to store; its `lastUpdated` and `deleted` equal the fields above.
    pub data: Value,
}

/// Why a record was refused: the field at fault (with its path) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct RecordError {
    pub field: String,
    pub message: String,
}

impl RecordError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError { field: field.into(), message: message.into() }
    }
}

/// What a kind's struct may check beyond its fields' types.
pub(crate) struct Context<'a> {
    pub id: &'a str,
    pub org_id: &'a str,
}

/// One kind's typed record.
pub(crate) trait Kind: DeserializeOwned + Serialize {
    /// Looks at the raw record before it is read (e.g. fields that must never be sent).
    fn screen(_record: &Map<String, Value>) -> Result<(), RecordError> {
        Ok(())
    }

    /// Rules across fields, checked after every field has its type.
    fn rules(&self, _context: &Context) -> Result<(), RecordError> {
        Ok(())
    }

    /// Tidies the record to store.
    fn tidy(_data: &mut Map<String, Value>) {}
}

/// Checks one record of `kind` sent by a member of `org_id`.
pub fn check_record(kind: SyncKind, org_id: &str, record: &Value) -> Result<CheckedRecord, RecordError> {
    if kind == SyncKind::GlobalAlerts {
        return Err(alerts::refusal());
    }
    let fields = record.as_object().ok_or_else(|| RecordError::new("record", "must be an object"))?;
    let id = check_id(kind, fields.get("id"))?;
    match fields.get("orgId") {
        Some(Value::String(org)) if org == org_id => {}
        None | Some(Value::Null) => return Err(RecordError::new("orgId", REQUIRED)),
        Some(_) => return Err(RecordError::new("orgId", "does not match your organization")),
    }
    if kind == SyncKind::Organization && id != org_id {
        return Err(RecordError::new("id", "does not match your organization"));
    }
    let last_updated = normalize_last_updated(fields.get("lastUpdated"))?;
    let deleted = match fields.get("deleted") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(deleted)) => *deleted,
        Some(_) => return Err(RecordError::new("deleted", "must be true or false")),
    };
    let location_id = match kind {
        SyncKind::Locations => Some(id.clone()),
        _ if kind.location_scoped() => match fields.get("locationId") {
            Some(Value::String(location)) if is_hex_id(location) => Some(location.clone()),
            None | Some(Value::Null) => return Err(RecordError::new("locationId", REQUIRED)),
            Some(Value::String(location)) if location.is_empty() => return Err(RecordError::new("locationId", REQUIRED)),
            Some(_) => return Err(RecordError::new("locationId", "must be an id of 32 hex characters")),
        },
        _ => None,
    };

    let context = Context { id: &id, org_id };
    let mut data = fields.clone();
    data.remove(LOCAL_FLAG);
    match kind {
        SyncKind::Locations => typed::<sites::Location>(record, &mut data, &context)?,
        SyncKind::Customers => typed::<sites::Customer>(record, &mut data, &context)?,
        SyncKind::SiteTypes => typed::<sites::SiteType>(record, &mut data, &context)?,
        SyncKind::LocationFields => typed::<sites::LocationField>(record, &mut data, &context)?,
        SyncKind::FloorPlans => typed::<sites::FloorPlan>(record, &mut data, &context)?,
        SyncKind::LocationOverrides => typed::<sites::LocationOverride>(record, &mut data, &context)?,
        SyncKind::ServiceMonths => typed::<sites::ServiceMonth>(record, &mut data, &context)?,
        SyncKind::Schedule => typed::<sites::ScheduledEvent>(record, &mut data, &context)?,
        SyncKind::Equipment => typed::<equipment::Equipment>(record, &mut data, &context)?,
        SyncKind::Models => typed::<equipment::Model>(record, &mut data, &context)?,
        SyncKind::ModelFields => typed::<equipment::ModelField>(record, &mut data, &context)?,
        SyncKind::EquipmentFields => typed::<equipment::EquipmentField>(record, &mut data, &context)?,
        SyncKind::EquipmentTypes => typed::<equipment::EquipmentType>(record, &mut data, &context)?,
        SyncKind::ServiceTypes => typed::<services::ServiceType>(record, &mut data, &context)?,
        SyncKind::Questions => typed::<services::Question>(record, &mut data, &context)?,
        SyncKind::PerformedServices => typed::<services::PerformedService>(record, &mut data, &context)?,
        SyncKind::ServiceMonthCategories => typed::<services::ServiceMonthCategory>(record, &mut data, &context)?,
        SyncKind::History => typed::<activity::HistoryRecord>(record, &mut data, &context)?,
        SyncKind::Deficiencies => typed::<activity::Deficiency>(record, &mut data, &context)?,
        SyncKind::Visits => typed::<visits::Visit>(record, &mut data, &context)?,
        SyncKind::Users => typed::<people::User>(record, &mut data, &context)?,
        SyncKind::Organization => typed::<people::Organization>(record, &mut data, &context)?,
        SyncKind::GlobalAlerts => return Err(alerts::refusal()),
    }
    data.insert("lastUpdated".into(), Value::String(last_updated.clone()));
    data.insert("deleted".into(), Value::Bool(deleted));
    Ok(CheckedRecord { id, location_id, last_updated, deleted, data: Value::Object(data) })
}

/// Reads `record` as `K`, checks its rules and writes the typed fields over `data`.
fn typed<K: Kind>(record: &Value, data: &mut Map<String, Value>, context: &Context) -> Result<(), RecordError> {
    K::screen(data)?;
    let record: K = serde_path_to_error::deserialize(record).map_err(serde_error)?;
    record.rules(context)?;
    let typed = serde_json::to_value(&record).map_err(|e| RecordError::new("record", e.to_string()))?;
    let mut merged = Value::Object(std::mem::take(data));
    overlay(&mut merged, typed);
    if let Value::Object(merged) = merged {
        *data = merged;
    }
    K::tidy(data);
    Ok(())
}

/// Writes `typed` over `raw`: typed values win, fields only `raw` has (at any depth) stay,
/// and an unset typed field adds no `null` to a record that did not have it.
fn overlay(raw: &mut Value, typed: Value) {
    match (raw, typed) {
        (Value::Object(raw), Value::Object(typed)) => {
            for (key, value) in typed {
                match raw.get_mut(&key) {
                    Some(slot) => overlay(slot, value),
                    None if value.is_null() => {}
                    None => {
                        raw.insert(key, value);
                    }
                }
            }
        }
        (Value::Array(raw), Value::Array(typed)) if raw.len() == typed.len() => {
            for (slot, value) in raw.iter_mut().zip(typed) {
                overlay(slot, value);
            }
        }
        (slot, value) => *slot = value,
    }
}

/// Turns serde's account of a bad field into the field's path and plain words.
fn serde_error(error: serde_path_to_error::Error<serde_json::Error>) -> RecordError {
    let mut path = String::new();
    for segment in error.path().iter() {
        match segment {
            serde_path_to_error::Segment::Seq { index } => path.push_str(&format!("[{index}]")),
            serde_path_to_error::Segment::Map { key } => path_push(&mut path, key),
            serde_path_to_error::Segment::Enum { variant } => path_push(&mut path, variant),
            serde_path_to_error::Segment::Unknown => path_push(&mut path, "?"),
        }
    }
    let message = error.inner().to_string();
    if let Some(name) = message.strip_prefix("missing field `").and_then(|rest| rest.strip_suffix('`')) {
        path_push(&mut path, name);
        return RecordError::new(path, REQUIRED);
    }
    let message = if message.contains("expected a sequence") {
        "must be a list".to_string()
    } else if message.contains("expected struct") || message.contains("expected a map") || message.starts_with("invalid length") {
        "must be an object".to_string()
    } else {
        message
    };
    RecordError::new(if path.is_empty() { "record".to_string() } else { path }, message)
}

fn path_push(path: &mut String, name: &str) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(name);
}

/// Checks a record's id against its kind's shape (spec §3).
fn check_id(kind: SyncKind, id: Option<&Value>) -> Result<String, RecordError> {
    let id = match id {
        Some(Value::String(id)) if !id.is_empty() => id,
        None | Some(Value::Null) | Some(Value::String(_)) => return Err(RecordError::new("id", REQUIRED)),
        Some(_) => return Err(RecordError::new("id", "must be text")),
    };
    let composite = |parts: &str| {
        let valid = id.split_once('-').is_some_and(|(a, b)| is_hex_id(a) && is_hex_id(b));
        if valid { Ok(id.clone()) } else { Err(RecordError::new("id", format!("must be {parts}, two ids of 32 hex characters"))) }
    };
    match kind.id_shape() {
        IdShape::Hex if is_hex_id(id) => Ok(id.clone()),
        IdShape::Hex => Err(RecordError::new("id", "must be an id of 32 hex characters")),
        IdShape::EquipmentAndServiceType => composite("equipmentId-serviceTypeId"),
        IdShape::LocationAndServiceType => composite("locationId-serviceTypeId"),
    }
}

/// A composite id must join the record's own fields.
pub(crate) fn check_composite_id(context: &Context, parts: [(&str, &str); 2]) -> Result<(), RecordError> {
    let [(first_name, first), (second_name, second)] = parts;
    if context.id == format!("{first}-{second}") {
        Ok(())
    } else {
        Err(RecordError::new("id", format!("must be {first_name}-{second_name} of this record ({first}-{second})")))
    }
}

/// Reads `lastUpdated` (ISO 8601 with any offset, with or without fractions of a second)
/// and writes it in UTC with milliseconds, so stamps compare as text.
pub fn normalize_last_updated(value: Option<&Value>) -> Result<String, RecordError> {
    const SHAPE: &str = "must be an ISO 8601 time with an offset, like 2026-11-22T10:00:00.000Z";
    let text = match value {
        None | Some(Value::Null) => return Err(RecordError::new("lastUpdated", REQUIRED)),
        Some(Value::String(text)) => text,
        Some(_) => return Err(RecordError::new("lastUpdated", SHAPE)),
    };
    let stamp: jiff::Timestamp = text.trim().parse().map_err(|_| RecordError::new("lastUpdated", SHAPE))?;
    let stamp = jiff::Timestamp::from_millisecond(stamp.as_millisecond()).map_err(|_| RecordError::new("lastUpdated", SHAPE))?;
    let year = stamp.to_zoned(jiff::tz::TimeZone::UTC).year();
    if !(1970..=9999).contains(&year) {
        return Err(RecordError::new("lastUpdated", "must be a time between 1970 and 9999"));
    }
    Ok(crate::time::format_stamp(stamp))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const ORG: &str = "0000000000000000000000000000000a";
    const SITE: &str = "1111111111111111111111111111111b";

    fn site() -> Value {
        json!({"id": SITE, "orgId": ORG, "name": "Depot", "status": "active", "timeZone": "America/Toronto",
               "lastUpdated": "2026-11-22T10:00:00Z", "hasBeenChangedLocally": true, "popupNote": "Ring twice"})
    }

    #[test]
    fn stamps_are_normalised_to_utc_milliseconds() {
        let read = |text: &str| normalize_last_updated(Some(&json!(text)));
        assert_eq!(read("2026-11-22T10:00:00Z").unwrap(), "2026-11-22T10:00:00.000Z");
        assert_eq!(read("2026-11-22T05:00:00.1234567-05:00").unwrap(), "2026-11-22T10:00:00.123Z");
        assert_eq!(read("2026-11-22T11:30:00+01:30").unwrap(), "2026-11-22T10:00:00.000Z");
        for bad in ["2026-11-22T10:00:00", "2026-11-22", "yesterday", "1969-12-31T23:59:59Z"] {
            assert_eq!(read(bad).unwrap_err().field, "lastUpdated", "{bad}");
        }
        assert_eq!(normalize_last_updated(None).unwrap_err().to_string(), "lastUpdated: is required");
    }

    #[test]
    fn a_site_is_its_own_location_and_loses_the_local_flag() {
        let checked = check_record(SyncKind::Locations, ORG, &site()).unwrap();
        assert_eq!(checked.location_id.as_deref(), Some(SITE));
        assert_eq!(checked.last_updated, "2026-11-22T10:00:00.000Z");
        assert!(!checked.deleted);
        assert_eq!(checked.data.get(LOCAL_FLAG), None);
        assert_eq!(checked.data["deleted"], false);
        assert_eq!(checked.data["lastUpdated"], "2026-11-22T10:00:00.000Z");
        assert_eq!(checked.data["popupNote"], "Ring twice");
    }

    #[test]
    fn extra_fields_are_kept_at_every_depth_without_nulls_added() {
        let mut raw = json!({"a": 1, "list": [{"x": 1, "extra": true}], "keep": "me"});
        overlay(&mut raw, json!({"a": 2, "list": [{"x": 3}], "unset": null}));
        assert_eq!(raw, json!({"a": 2, "list": [{"x": 3, "extra": true}], "keep": "me"}));
    }

    #[test]
    fn common_fields_are_checked_first() {
        let mut record = site();
        record["id"] = json!(42);
        assert_eq!(check_record(SyncKind::Locations, ORG, &record).unwrap_err().to_string(), "id: must be text");
        let mut record = site();
        record["deleted"] = json!("yes");
        assert_eq!(check_record(SyncKind::Locations, ORG, &record).unwrap_err().to_string(), "deleted: must be true or false");
        assert_eq!(check_record(SyncKind::Locations, ORG, &json!([1])).unwrap_err().to_string(), "record: must be an object");
        let other = "2222222222222222222222222222222c";
        assert_eq!(check_record(SyncKind::Locations, other, &site()).unwrap_err().to_string(), "orgId: does not match your organization");
    }

    #[test]
    fn a_location_scoped_record_needs_a_hex_location() {
        let record =
            json!({"id": SITE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Ground floor", "locationId": "lobby"});
        let error = check_record(SyncKind::FloorPlans, ORG, &record).unwrap_err();
        assert_eq!(error.to_string(), "locationId: must be an id of 32 hex characters");
    }

    #[test]
    fn paths_name_nested_fields() {
        let record = json!({"id": SITE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Depot", "status": "active",
                            "timeZone": "America/Toronto", "fieldData": {"abc": {"nested": 1}}});
        assert_eq!(check_record(SyncKind::Locations, ORG, &record).unwrap_err().to_string(), "fieldData.abc: must be text");
    }
}
