//! The value types a synced record's fields are read as. Each reads one JSON value and,
//! when it is wrong, says why in plain words; the record check adds the field's path.
//! `Option<T>` fields read `null` or an absent field as unset.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Number, Value};

use crate::email::normalize_email;
use crate::sync_kind::is_hex_id;

pub const REQUIRED: &str = "is required";
const TEXT: &str = "must be text";
const HEX_ID: &str = "must be an id of 32 hex characters";

/// Implements `Deserialize` through the type's `read(Value) -> Result<Self, String>`.
macro_rules! read_with {
    ($($name:ident),* $(,)?) => {$(
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                use serde::de::Error as _;
                $name::read(<serde_json::Value as serde::Deserialize>::deserialize(deserializer)?).map_err(D::Error::custom)
            }
        }
    )*};
}

/// A field that admits a closed list of words.
macro_rules! choice {
    ($(#[$doc:meta])* $name:ident: $($word:literal),+) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        pub struct $name(pub String);

        impl $name {
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            fn read(value: Value) -> Result<Self, String> {
                match value {
                    Value::Null => Err(REQUIRED.into()),
                    Value::String(word) if Self::WORDS.contains(&word.as_str()) => Ok($name(word)),
                    _ => Err(format!("must be one of {}", Self::WORDS.join(", "))),
                }
            }
        }
        read_with!($name);
    };
}

mod dates;
mod files;

pub use dates::{Date, Day, Instant, MaybeDate, TimeOfDay, TimeZoneName, is_date_text};
pub use files::{MAX_PHOTOS, PhotoName, SignatureName, is_device_file_name};

/// Required text that must not be blank: names, descriptions, the question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Name(pub String);

impl Name {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if !text.trim().is_empty() => Ok(Name(text)),
            Value::String(_) | Value::Null => Err(REQUIRED.into()),
            _ => Err(TEXT.into()),
        }
    }
}

/// Any text, empty included.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Text(pub String);

impl Text {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) => Ok(Text(text)),
            _ => Err(TEXT.into()),
        }
    }
}

/// A required reference to another record: a generated id of 32 hex characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HexId(pub String);

impl HexId {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(id) if is_hex_id(&id) => Ok(HexId(id)),
            Value::Null => Err(REQUIRED.into()),
            Value::String(id) if id.is_empty() => Err(REQUIRED.into()),
            _ => Err(HEX_ID.into()),
        }
    }
}

/// An optional reference to another record: empty (unset) or 32 hex characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reference(pub String);

impl Reference {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(id) if id.is_empty() || is_hex_id(&id) => Ok(Reference(id)),
            _ => Err(format!("{HEX_ID}, or empty")),
        }
    }
}

/// true or false.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Flag(pub bool);

impl Flag {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Bool(flag) => Ok(Flag(flag)),
            Value::Null => Err(REQUIRED.into()),
            _ => Err("must be true or false".into()),
        }
    }
}

/// A whole number from MIN to MAX (a JSON number; `6.0` reads as 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Whole<const MIN: i64, const MAX: i64>(pub i64);

/// Frequencies and amounts counted in a unit: at least 1.
pub type Count = Whole<1, { i64::MAX }>;
/// Frequency types (spec §4): minute 2, hour 3, day 4, week 5, month 6, year 7.
pub type FrequencyType = Whole<2, 7>;

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Whole<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let whole = value.as_i64().or_else(|| value.as_f64().filter(|n| n.fract() == 0.0 && n.abs() < 9e15).map(|n| n as i64));
        match whole {
            Some(n) if (MIN..=MAX).contains(&n) => Ok(Whole(n)),
            _ if value.is_null() => Err(D::Error::custom(REQUIRED)),
            _ if MAX == i64::MAX => Err(D::Error::custom(format!("must be a whole number of at least {MIN}"))),
            _ => Err(D::Error::custom(format!("must be a whole number from {MIN} to {MAX}"))),
        }
    }
}

/// Any number.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Num(pub Number);

impl Num {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Number(n) => Ok(Num(n)),
            _ => Err("must be a number".into()),
        }
    }
}

/// A meter amount: a number, or text that is a number (number inputs may keep text).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Amount(pub Value);

impl Amount {
    fn read(value: Value) -> Result<Self, String> {
        let number = match &value {
            Value::Number(_) => true,
            Value::String(text) => text.trim().parse::<f64>().is_ok_and(f64::is_finite),
            _ => false,
        };
        if number { Ok(Amount(value)) } else { Err("must be a number".into()) }
    }
}

/// A site or account number: text or a whole number (the counters hand out numbers). It is
/// stored as sent and also kept as text, so a number prints as its digits.
#[derive(Debug, Clone, PartialEq)]
pub struct Code {
    value: Value,
    text: String,
}

impl Code {
    fn read(value: Value) -> Result<Self, String> {
        let text = match &value {
            Value::String(text) if text.trim().is_empty() => return Err(REQUIRED.into()),
            Value::String(text) => text.clone(),
            Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
            Value::Null => return Err(REQUIRED.into()),
            _ => return Err("must be text or a whole number".into()),
        };
        Ok(Code { value, text })
    }

    /// The number as text: a string as it is, a whole number as its digits.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(serializer)
    }
}

const EMAIL: &str = "is not a valid email address";

/// A required email address, stored trimmed (spec §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Email(pub String);

impl Email {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if text.trim().is_empty() => Err(REQUIRED.into()),
            Value::String(text) => normalize_email(&text).map(Email).ok_or_else(|| EMAIL.into()),
            Value::Null => Err(REQUIRED.into()),
            _ => Err(TEXT.into()),
        }
    }
}

/// An optional contact address: empty, or a valid address (stored trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ContactEmail(pub String);

impl ContactEmail {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if text.trim().is_empty() => Ok(ContactEmail(String::new())),
            Value::String(text) => normalize_email(&text).map(ContactEmail).ok_or_else(|| EMAIL.into()),
            _ => Err(TEXT.into()),
        }
    }
}

/// A custom field's value: text (numbers and true/false are read too).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldValue(pub Value);

impl FieldValue {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::Array(_) | Value::Object(_) => Err(TEXT.into()),
            value => Ok(FieldValue(value)),
        }
    }
}

/// Custom field id to its value (`fieldData`, `equipmentFieldData`).
pub type FieldData = BTreeMap<String, FieldValue>;

/// Text, or true/false.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextOrFlag(pub Value);

impl TextOrFlag {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(_) | Value::Bool(_) => Ok(TextOrFlag(value)),
            _ => Err("must be text or true/false".into()),
        }
    }
}

/// A point on a floor plan, `{x}x{y}` (e.g. `120x340.5`), or empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FloorPlanPoint(pub String);

impl FloorPlanPoint {
    fn read(value: Value) -> Result<Self, String> {
        let valid = |text: &str| {
            text.is_empty()
                || text.split_once('x').is_some_and(|(x, y)| [x, y].iter().all(|n| n.trim().parse::<f64>().is_ok_and(f64::is_finite)))
        };
        match value {
            Value::String(text) if valid(&text) => Ok(FloorPlanPoint(text)),
            _ => Err("must be a point like 120x340, or empty".into()),
        }
    }
}

/// A metered method (spec §9). Case and separators are ignored, as the due engine reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MeteredMethod(pub String);

impl MeteredMethod {
    pub const WORDS: [&'static str; 5] = ["equalTo", "lessThan", "greaterThan", "notEqualTo", "every"];

    fn read(value: Value) -> Result<Self, String> {
        let key = |text: &str| text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect::<String>();
        match value {
            Value::String(text) if Self::WORDS.iter().any(|word| key(word) == key(&text)) => Ok(MeteredMethod(text)),
            Value::Null => Err(REQUIRED.into()),
            _ => Err(format!("must be one of {}", Self::WORDS.join(", "))),
        }
    }
}

choice!(
    /// A site's status (spec §4).
    LocationStatus: "active", "inactive", "bad", "special"
);
choice!(
    /// Whether a service is due when all of its conditions hold, or any.
    DueWhen: "all", "any"
);
choice!(
    /// A service condition's type.
    ConditionType: "time", "metered"
);
choice!(
    /// How precisely last-performed dates are shown (spec §9).
    Granularity: "year", "month", "day", "hour", "minute"
);
choice!(
    /// An optional feature an organisation can enable (spec §1).
    Feature: "SERVICE_MONTHS", "BILLING", "WHITE_LABEL", "LOCATION_OVERRIDES", "SITE_TYPES"
);

read_with!(
    Name,
    Text,
    HexId,
    Reference,
    Flag,
    Num,
    Amount,
    Code,
    Email,
    ContactEmail,
    FieldValue,
    TextOrFlag,
    FloorPlanPoint,
    MeteredMethod,
);

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read<T: for<'de> Deserialize<'de>>(value: Value) -> Result<T, String> {
        T::deserialize(value).map_err(|e| e.to_string())
    }

    #[test]
    fn names_must_be_non_blank_text() {
        assert_eq!(read::<Name>(json!("Lobby")).unwrap(), Name("Lobby".into()));
        assert_eq!(read::<Name>(json!("  ")).unwrap_err(), "is required");
        assert_eq!(read::<Name>(json!(null)).unwrap_err(), "is required");
        assert_eq!(read::<Name>(json!(5)).unwrap_err(), "must be text");
    }

    #[test]
    fn ids_and_references() {
        let id = "0123456789abcdef0123456789ABCDEF";
        assert!(read::<HexId>(json!(id)).is_ok());
        assert_eq!(read::<HexId>(json!("abc")).unwrap_err(), "must be an id of 32 hex characters");
        assert_eq!(read::<HexId>(json!("")).unwrap_err(), "is required");
        assert!(read::<Reference>(json!("")).is_ok());
        assert!(read::<Reference>(json!("nope")).is_err());
    }

    #[test]
    fn whole_numbers_in_range() {
        assert_eq!(read::<Whole<1, 30>>(json!(30)).unwrap(), Whole(30));
        assert_eq!(read::<Whole<1, 30>>(json!(6.0)).unwrap(), Whole(6));
        assert_eq!(read::<Whole<1, 30>>(json!(31)).unwrap_err(), "must be a whole number from 1 to 30");
        assert_eq!(read::<Whole<1, 30>>(json!("3")).unwrap_err(), "must be a whole number from 1 to 30");
        assert_eq!(read::<Count>(json!(0.5)).unwrap_err(), "must be a whole number of at least 1");
    }

    #[test]
    fn dates_and_times() {
        for good in ["2024-03-10", "2024-03-10T09:30:00", "2024-03-10T14:00:00Z", "2024-03-10T14:00:00.123-04:00"] {
            assert!(read::<Date>(json!(good)).is_ok(), "{good}");
        }
        for bad in ["yesterday", "2024-13-01", "10/03/2024"] {
            assert!(read::<Date>(json!(bad)).is_err(), "{bad}");
        }
        assert!(read::<MaybeDate>(json!("")).is_ok());
        assert_eq!(read::<Date>(json!("")).unwrap_err(), "is required");
        assert!(read::<TimeOfDay>(json!("09:00")).is_ok());
        assert!(read::<TimeOfDay>(json!("17:30:00")).is_ok());
        assert!(read::<TimeOfDay>(json!("25:00")).is_err());
        assert!(read::<TimeOfDay>(json!("9")).is_err());
    }

    #[test]
    fn zones_emails_and_choices() {
        assert!(read::<TimeZoneName>(json!("Australia/Sydney")).is_ok());
        assert!(read::<TimeZoneName>(json!("Mars/Olympus")).is_err());
        assert_eq!(read::<Email>(json!(" ann@fire.ca ")).unwrap(), Email("ann@fire.ca".into()));
        assert_eq!(read::<Email>(json!("ann")).unwrap_err(), "is not a valid email address");
        assert_eq!(read::<ContactEmail>(json!(" ")).unwrap(), ContactEmail(String::new()));
        assert_eq!(read::<LocationStatus>(json!("closed")).unwrap_err(), "must be one of active, inactive, bad, special");
        assert!(read::<MeteredMethod>(json!("not equal to")).is_ok());
        assert!(read::<MeteredMethod>(json!("sometimes")).is_err());
        assert!(read::<FloorPlanPoint>(json!("120x340.5")).is_ok());
        assert!(read::<FloorPlanPoint>(json!("120,340")).is_err());
        assert!(read::<Code>(json!(1001)).is_ok());
        assert!(read::<Code>(json!(1.5)).is_err());
        assert!(read::<Amount>(json!(" 12.5 ")).is_ok());
        assert!(read::<Amount>(json!("lots")).is_err());
    }
}
