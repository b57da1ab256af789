//! A service type's rules, read and checked once: its time frequency, metered conditions,
//! `dueWhen` and advanced action (spec §3 "Service type", "Condition"; §5 "Condition").

use serde_json::{Map, Value};

use super::DueError;
use super::frequency::{Frequency, FrequencyType, value_text, whole_count};
use super::input::ServiceType;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DueWhen {
    All,
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    EqualTo,
    LessThan,
    GreaterThan,
    NotEqualTo,
    /// Due when the reading reaches the amount plus the reading recorded at the last service.
    Every,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Metered<'a> {
    pub field_id: &'a str,
    pub method: Method,
    pub amount: f64,
}

/// How a service's date yields to another service's date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Advanced<'a> {
    None,
    /// Action 2: never fall in the same period as the other service's date.
    AvoidSameDate {
        other: &'a str,
    },
    /// Action 3: stay at least `amount` frequency units away from the other service's date.
    KeepAway {
        other: &'a str,
        amount: i64,
    },
}

/// Where a field of a service type sits in the input; written out only when an error names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At {
    pub service: usize,
    pub condition: Option<usize>,
}

impl At {
    /// The path of `name` here, e.g. `serviceTypes[0].conditions[1].timeFrequency`.
    pub fn field(self, name: &str) -> String {
        match self.condition {
            Some(condition) => format!("serviceTypes[{}].conditions[{condition}].{name}", self.service),
            None => format!("serviceTypes[{}].{name}", self.service),
        }
    }

    pub fn error(self, name: &str, message: impl Into<String>) -> DueError {
        DueError { field: self.field(name), message: message.into() }
    }
}

/// The time frequency and the field it came from (for error messages).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeRule {
    pub frequency: Frequency,
    pub at: At,
    pub name: &'static str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Rules<'a> {
    pub time: Option<TimeRule>,
    pub metered: Vec<Metered<'a>>,
    pub due_when: DueWhen,
    pub advanced: Advanced<'a>,
}

fn count(value: Option<f64>, at: At, name: &str) -> Result<i64, DueError> {
    whole_count(value).ok_or_else(|| at.error(name, format!("{name} must be a whole number of at least 1")))
}

/// Reads the rules of the scheduled service type at `serviceTypes[index]`.
pub fn read(service: &ServiceType, index: usize) -> Result<Rules<'_>, DueError> {
    let own = At { service: index, condition: None };
    let mut time = None;
    let mut metered = Vec::new();
    let live = service.conditions.iter().enumerate().filter(|(_, c)| !c.deleted);
    for (position, condition) in live.clone() {
        let at = At { service: index, condition: Some(position) };
        match condition.kind.as_deref() {
            Some("time") => {
                if time.is_some() {
                    return Err(at.error("type", "only one time condition is allowed per service type"));
                }
                let code = condition.time_frequency_type.as_ref().unwrap_or(&Value::Null);
                let kind = FrequencyType::from_code(code).map_err(|m| at.error("timeFrequencyType", m))?;
                let count = count(condition.time_frequency, at, "timeFrequency")?;
                time = Some(TimeRule { frequency: Frequency { kind, count }, at, name: "timeFrequency" });
            }
            Some("metered") => {
                let field_id = condition
                    .metered_field_id
                    .as_deref()
                    .filter(|id| !id.is_empty())
                    .ok_or_else(|| at.error("meteredFieldId", "meteredFieldId is required"))?;
                let name = condition.metered_method.as_deref().ok_or_else(|| at.error("meteredMethod", "meteredMethod is required"))?;
                let method = method(name).ok_or_else(|| at.error("meteredMethod", format!("Metered method not found: {name}")))?;
                let amount = condition
                    .metered_amount
                    .as_ref()
                    .filter(|v| !v.is_null())
                    .ok_or_else(|| at.error("meteredAmount", "meteredAmount is required"))?;
                let amount = number(amount).ok_or_else(|| at.error("meteredAmount", "meteredAmount must be a number"))?;
                metered.push(Metered { field_id, method, amount });
            }
            Some(other) => return Err(at.error("type", format!("Condition type not found: {other}"))),
            None => return Err(at.error("type", "type is required")),
        }
    }
    if live.count() == 0 {
        // A service type without conditions is due by its own frequency; month is the spec's default type.
        let code = service.frequency_type.clone().filter(|v| !v.is_null()).unwrap_or(Value::from(6));
        let kind = FrequencyType::from_code(&code).map_err(|m| own.error("frequencyType", m))?;
        let count = count(service.frequency, own, "frequency")?;
        time = Some(TimeRule { frequency: Frequency { kind, count }, at: own, name: "frequency" });
    }
    let due_when = match service.due_when.as_deref() {
        None => DueWhen::Any,
        Some(text) if text.eq_ignore_ascii_case("any") => DueWhen::Any,
        Some(text) if text.eq_ignore_ascii_case("all") => DueWhen::All,
        Some(text) => return Err(own.error("dueWhen", format!("Due When must be all or any, not {text}"))),
    };
    Ok(Rules { time, metered, due_when, advanced: advanced(service, own)? })
}

fn advanced(service: &ServiceType, own: At) -> Result<Advanced<'_>, DueError> {
    let code = match service.advanced_action {
        None => return Ok(Advanced::None),
        Some(n) if n == 0.0 || n == 1.0 => return Ok(Advanced::None),
        Some(n) if n == 2.0 || n == 3.0 => n,
        Some(n) => return Err(own.error("advancedAction", format!("Advanced action not found: {}", value_text(&Value::from(n))))),
    };
    let other =
        service.advanced_service_to_change_type_id.as_deref().filter(|id| !id.is_empty()).ok_or_else(|| {
            own.error("advancedServiceToChangeTypeId", "advancedServiceToChangeTypeId is required for an advanced action")
        })?;
    if code == 2.0 {
        return Ok(Advanced::AvoidSameDate { other });
    }
    if service.advanced_amount.is_none() {
        return Err(own.error("advancedAmount", "the advanced amount is required when the action keeps a distance"));
    }
    Ok(Advanced::KeepAway { other, amount: count(service.advanced_amount, own, "advancedAmount")? })
}

/// A metered method by name, ignoring case and separators (`notEqualTo`, `not equal to`, `NOT_EQUAL_TO`).
fn method(name: &str) -> Option<Method> {
    let key = || name.bytes().filter(u8::is_ascii_alphanumeric).map(|b| b.to_ascii_lowercase());
    [
        ("equalto", Method::EqualTo),
        ("lessthan", Method::LessThan),
        ("greaterthan", Method::GreaterThan),
        ("notequalto", Method::NotEqualTo),
        ("every", Method::Every),
    ]
    .into_iter()
    .find(|(known, _)| key().eq(known.bytes()))
    .map(|(_, method)| method)
}

/// A number, or text that is exactly a decimal number (`12`, `-3.5`, `1e3`; spaces around are allowed).
pub fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(text) => {
            let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
            // Readings are mostly whole numbers: up to 15 digits are exact in an f64, as parsed.
            if (1..=15).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) {
                return Some(text.bytes().fold(0_u64, |n, b| n * 10 + u64::from(b - b'0')) as f64);
            }
            decimal(text).then(|| text.parse().ok()).flatten()
        }
        _ => None,
    }
}

/// `[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?`
fn decimal(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits = |at: &mut usize| {
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        *at - start
    };
    let mut mantissa = digits(&mut at);
    if bytes.get(at) == Some(&b'.') {
        at += 1;
        mantissa += digits(&mut at);
    }
    if mantissa == 0 {
        return false;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        at += usize::from(matches!(bytes.get(at), Some(b'+' | b'-')));
        if digits(&mut at) == 0 {
            return false;
        }
    }
    at == bytes.len()
}

impl Metered<'_> {
    /// Whether the condition holds for the current readings; a missing or unreadable current
    /// reading never makes a service due.
    pub fn holds(&self, readings: &Map<String, Value>, last_readings: Option<&Map<String, Value>>) -> bool {
        let Some(reading) = readings.get(self.field_id).and_then(number) else {
            return false;
        };
        match self.method {
            Method::EqualTo => reading == self.amount,
            Method::LessThan => reading < self.amount,
            Method::GreaterThan => reading > self.amount,
            Method::NotEqualTo => reading != self.amount,
            Method::Every => reading >= self.amount + self.last_reading(last_readings),
        }
    }

    /// The reading recorded when the service was last performed; 0 when none was recorded.
    pub fn last_reading(&self, last_readings: Option<&Map<String, Value>>) -> f64 {
        last_readings.and_then(|r| r.get(self.field_id)).and_then(number).unwrap_or(0.0)
    }

    pub fn describe(&self) -> String {
        let method = match self.method {
            Method::EqualTo => "equal to",
            Method::LessThan => "less than",
            Method::GreaterThan => "greater than",
            Method::NotEqualTo => "not equal to",
            Method::Every => "every",
        };
        format!("field {} {method} {}", self.field_id, self.amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_plain_decimals() {
        for (text, expected) in [
            ("12", Some(12.0)),
            ("0", Some(0.0)),
            (" 007 ", Some(7.0)),
            ("999999999999999", Some(999_999_999_999_999.0)),
            ("12345678901234567", Some(12_345_678_901_234_567.0)),
            (" -3.5 ", Some(-3.5)),
            ("1e3", Some(1000.0)),
            (".5", Some(0.5)),
            ("5.", Some(5.0)),
        ] {
            assert_eq!(number(&Value::from(text)), expected, "{text}");
        }
        for text in ["", "abc", "1,200", "0x10", "inf", "NaN", "1e", "+", "."] {
            assert_eq!(number(&Value::from(text)), None, "{text}");
        }
    }
}
