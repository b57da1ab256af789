//! Dates, days, times and time zones, as records send them.

use serde::Serialize;
use serde_json::Value;

use super::REQUIRED;

/// Whether `text` is a date the due engine reads: `2024-03-10`, `2024-03-10T09:30:00`
/// (wall-clock time at the site) or an instant with an offset.
pub fn is_date_text(text: &str) -> bool {
    text.parse::<jiff::Timestamp>().is_ok() || text.parse::<jiff::civil::DateTime>().is_ok() || text.parse::<jiff::civil::Date>().is_ok()
}

const DATE: &str = "must be a date or time like 2026-11-22 or 2026-11-22T10:00:00Z";

/// A required date or time (kept as sent: its zone is the site's business).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Date(pub String);

impl Date {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if is_date_text(&text) => Ok(Date(text)),
            Value::String(text) if text.is_empty() => Err(REQUIRED.into()),
            Value::Null => Err(REQUIRED.into()),
            _ => Err(DATE.into()),
        }
    }
}

/// An optional date or time; empty means unset (an open deficiency, a never-performed service).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MaybeDate(pub String);

impl MaybeDate {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if text.is_empty() || is_date_text(&text) => Ok(MaybeDate(text)),
            _ => Err(format!("{DATE}, or empty")),
        }
    }
}

/// A clock time: `09:00` or `09:00:00`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimeOfDay(pub String);

impl TimeOfDay {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if text.len() >= 5 && text.parse::<jiff::civil::Time>().is_ok() => Ok(TimeOfDay(text)),
            Value::String(text) if text.is_empty() => Err(REQUIRED.into()),
            Value::Null => Err(REQUIRED.into()),
            _ => Err("must be a time like 09:00".into()),
        }
    }
}

/// A calendar day, `2026-11-22`, and nothing more (a site's local day).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Day(pub String);

impl Day {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if text.len() == 10 && text.parse::<jiff::civil::Date>().is_ok() => Ok(Day(text)),
            Value::String(text) if text.is_empty() => Err(REQUIRED.into()),
            Value::Null => Err(REQUIRED.into()),
            _ => Err("must be a day like 2026-11-22".into()),
        }
    }
}

/// An instant with its offset, kept as sent (`2026-11-22T16:30:00.000-05:00`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Instant(pub String);

impl Instant {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(text) if text.parse::<jiff::Timestamp>().is_ok() => Ok(Instant(text)),
            Value::String(text) if text.is_empty() => Err(REQUIRED.into()),
            Value::Null => Err(REQUIRED.into()),
            _ => Err("must be an ISO 8601 time with an offset, like 2026-11-22T10:00:00.000Z".into()),
        }
    }
}

/// An IANA time zone known to the bundled database.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimeZoneName(pub String);

impl TimeZoneName {
    fn read(value: Value) -> Result<Self, String> {
        match value {
            Value::String(name) if !name.is_empty() && jiff::tz::db().get(&name).is_ok() => Ok(TimeZoneName(name)),
            Value::String(name) if name.is_empty() => Err(REQUIRED.into()),
            Value::Null => Err(REQUIRED.into()),
            _ => Err("must be a known time zone, like America/Toronto".into()),
        }
    }
}

read_with!(Date, MaybeDate, TimeOfDay, Day, Instant, TimeZoneName);
