//! Stored records read back as their kind's typed struct, for the server's readers (reports,
//! exports). Every stored record passed [`super::check_record`] on its way in, so the same
//! struct reads it again.

use std::ops::Deref;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::activity::{Deficiency, HistoryRecord};
use super::fields::{
    Code, ContactEmail, Date, Email, Feature, HexId, LocationStatus, MaybeDate, Name, Reference, Text, TimeOfDay, TimeZoneName,
};
use super::services::PerformedService;

/// A stored record of one kind: its id, and the fields its kind's struct reads.
#[derive(Debug, Clone, Deserialize)]
pub struct Stored<T> {
    pub id: String,
    #[serde(flatten)]
    pub record: T,
}

impl<T: DeserializeOwned> Stored<T> {
    /// Reads a stored record already parsed as JSON, each field in place (the derived reader
    /// first copies the whole record aside to find the kind's fields in it).
    pub fn from_value(value: &Value) -> Result<Stored<T>, serde_json::Error> {
        let id = match value.get("id") {
            Some(Value::String(id)) => id.clone(),
            _ => return Err(serde::de::Error::missing_field("id")),
        };
        Ok(Stored { id, record: T::deserialize(value)? })
    }
}

impl<T> Deref for Stored<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.record
    }
}

/// A field as text: what it holds, or empty when it is unset.
pub trait AsText {
    fn as_text(&self) -> &str;
}

macro_rules! as_text {
    ($($name:ident),* $(,)?) => {$(
        impl AsText for $name {
            fn as_text(&self) -> &str {
                &self.0
            }
        }
    )*};
}

as_text!(Name, Text, HexId, Reference, Date, MaybeDate, TimeOfDay, TimeZoneName, Email, ContactEmail, LocationStatus, Feature);

impl AsText for Code {
    fn as_text(&self) -> &str {
        self.text()
    }
}

impl<T: AsText> AsText for Option<T> {
    fn as_text(&self) -> &str {
        self.as_ref().map(AsText::as_text).unwrap_or_default()
    }
}

/// Records that belong to one piece of equipment.
pub trait OfEquipment {
    fn equipment_id(&self) -> &str;
}

impl OfEquipment for PerformedService {
    fn equipment_id(&self) -> &str {
        &self.equipment_id.0
    }
}

impl OfEquipment for Deficiency {
    fn equipment_id(&self) -> &str {
        &self.equipment_id.0
    }
}

impl OfEquipment for HistoryRecord {
    fn equipment_id(&self) -> &str {
        &self.equipment_id.0
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::records::equipment::Equipment;

    #[test]
    fn a_stored_record_reads_its_id_and_its_kinds_fields() {
        let stored = json!({"id": "a1", "orgId": "o", "name": "Lobby", "locationId": "0123456789abcdef0123456789abcdef",
                            "barcode": "FT-1", "serialNumber": null, "model": {"kept": true}});
        for item in [Stored::<Equipment>::deserialize(&stored).unwrap(), Stored::<Equipment>::from_value(&stored).unwrap()] {
            assert_eq!(
                (item.id.as_str(), item.name.as_text(), item.barcode.as_text(), item.serial_number.as_text()),
                ("a1", "Lobby", "FT-1", "")
            );
        }
        assert!(Stored::<Equipment>::from_value(&json!({"name": "Lobby", "locationId": "0123456789abcdef0123456789abcdef"})).is_err());
    }

    #[test]
    fn a_site_number_handed_out_as_a_number_reads_as_its_digits() {
        let site = json!({"id": "s1", "orgId": "o", "name": "Head office", "status": "active", "timeZone": "America/Toronto", "customerNumber": 1001});
        let site = Stored::<crate::records::sites::Location>::from_value(&site).unwrap();
        assert_eq!(site.customer_number.as_text(), "1001");
        assert_eq!(serde_json::to_value(&site.customer_number).unwrap(), json!(1001));
    }
}
