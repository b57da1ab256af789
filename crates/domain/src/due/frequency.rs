//! Frequencies (spec §4 "Frequency types") and the granularity at which a date is compared.

use serde_json::Value;

use super::clock::{Clock, Millis, Step, civil_from_days, epoch_days};

/// The unit of a frequency, by its synced code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrequencyType {
    Minute = 2,
    Hour = 3,
    Day = 4,
    Week = 5,
    Month = 6,
    Year = 7,
}

impl FrequencyType {
    /// Reads a synced code; the error is the spec's message.
    pub fn from_code(code: &Value) -> Result<FrequencyType, String> {
        let found = match code.as_f64().filter(|n| n.fract() == 0.0).map(|n| n as i64) {
            Some(2) => Some(FrequencyType::Minute),
            Some(3) => Some(FrequencyType::Hour),
            Some(4) => Some(FrequencyType::Day),
            Some(5) => Some(FrequencyType::Week),
            Some(6) => Some(FrequencyType::Month),
            Some(7) => Some(FrequencyType::Year),
            _ => None,
        };
        found.ok_or_else(|| format!("Frequency Type not found: {}", value_text(code)))
    }

    pub fn name(self) -> &'static str {
        match self {
            FrequencyType::Minute => "minute",
            FrequencyType::Hour => "hour",
            FrequencyType::Day => "day",
            FrequencyType::Week => "week",
            FrequencyType::Month => "month",
            FrequencyType::Year => "year",
        }
    }

    /// `count` of this unit as a step.
    pub fn step(self, count: i64) -> Step {
        match self {
            FrequencyType::Minute => Step::Minutes(count),
            FrequencyType::Hour => Step::Hours(count),
            FrequencyType::Day => Step::Days(count),
            FrequencyType::Week => Step::Days(count.saturating_mul(7)),
            FrequencyType::Month => Step::Months(count),
            FrequencyType::Year => Step::Months(count.saturating_mul(12)),
        }
    }

    /// The first instant of the minute, hour, day, week (from Sunday), month or year that
    /// holds `t` on the site's wall clock.
    pub fn period_start(self, clock: &Clock, t: Millis) -> Millis {
        let (days, _) = clock.local_day(t);
        let first_day = match self {
            FrequencyType::Minute => return clock.floor_minute(t),
            FrequencyType::Hour => return clock.floor_hour(t),
            FrequencyType::Day => days,
            // 1970-01-01 was a Thursday, four days after a Sunday.
            FrequencyType::Week => days - (days + 4).rem_euclid(7),
            FrequencyType::Month => {
                let (year, month, _) = civil_from_days(days);
                epoch_days(year, month, 1)
            }
            FrequencyType::Year => epoch_days(civil_from_days(days).0, 1, 1),
        };
        clock.at_local(first_day, 0).unwrap_or(t)
    }
}

/// A frequency: `count` units of `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frequency {
    pub kind: FrequencyType,
    pub count: i64,
}

impl Frequency {
    pub fn describe(self) -> String {
        let plural = if self.count == 1 { "" } else { "s" };
        format!("{} {}{plural}", self.count, self.kind.name())
    }
}

/// A whole number of at least 1, as the frequency fields need.
pub fn whole_count(value: Option<f64>) -> Option<i64> {
    value.filter(|n| n.fract() == 0.0 && *n >= 1.0 && *n <= 1e15).map(|n| n as i64)
}

/// A JSON value as a message shows it: text bare, numbers as JavaScript prints them.
pub fn value_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 1e21 => format!("{f:.0}"),
            Some(f) => f.to_string(),
            None => n.to_string(),
        },
        other => other.to_string(),
    }
}
