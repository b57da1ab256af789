//! The types of history record (spec §4), each with the number that stands for it in a
//! synced record's `type` field.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::records::fields::REQUIRED;

/// What a history record records. A new history record defaults to [`HistoryType::Custom`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HistoryType {
    PerformedService,
    PerformedUnscheduledService,
    CouldNotService,
    Added,
    DataChange,
    Custom,
    Deleted,
    Swap,
    Replaced,
    DeficiencyOpened,
    DeficiencyClosed,
}

impl HistoryType {
    pub const ALL: [HistoryType; 11] = [
        HistoryType::PerformedService,
        HistoryType::PerformedUnscheduledService,
        HistoryType::CouldNotService,
        HistoryType::Added,
        HistoryType::DataChange,
        HistoryType::Custom,
        HistoryType::Deleted,
        HistoryType::Swap,
        HistoryType::Replaced,
        HistoryType::DeficiencyOpened,
        HistoryType::DeficiencyClosed,
    ];

    /// The number a synced record carries for this type.
    pub fn number(self) -> i64 {
        match self {
            HistoryType::PerformedService => 2,
            HistoryType::PerformedUnscheduledService => 3,
            HistoryType::CouldNotService => 4,
            HistoryType::Added => 5,
            HistoryType::DataChange => 6,
            HistoryType::Custom => 7,
            HistoryType::Deleted => 8,
            HistoryType::Swap => 9,
            HistoryType::Replaced => 10,
            HistoryType::DeficiencyOpened => 11,
            HistoryType::DeficiencyClosed => 12,
        }
    }

    pub fn from_number(number: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.number() == number)
    }

    /// The type a JSON value names: a whole number (`6.0` reads as 6) of the list.
    pub fn from_json(value: &Value) -> Option<Self> {
        let whole = value.as_i64().or_else(|| value.as_f64().filter(|n| n.fract() == 0.0 && n.abs() < 9e15).map(|n| n as i64));
        whole.and_then(Self::from_number)
    }

    /// A performed service, scheduled or not.
    pub fn is_performed_service(self) -> bool {
        matches!(self, HistoryType::PerformedService | HistoryType::PerformedUnscheduledService)
    }
}

impl Serialize for HistoryType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.number())
    }
}

impl<'de> Deserialize<'de> for HistoryType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        match HistoryType::from_json(&value) {
            Some(kind) => Ok(kind),
            None if value.is_null() => Err(D::Error::custom(REQUIRED)),
            None => Err(D::Error::custom("must be a whole number from 2 to 12")),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_numbers_are_those_of_the_spec() {
        let numbers: Vec<i64> = HistoryType::ALL.iter().map(|t| t.number()).collect();
        assert_eq!(numbers, (2..=12).collect::<Vec<_>>());
        assert_eq!(HistoryType::from_number(7), Some(HistoryType::Custom));
        assert_eq!(HistoryType::from_number(1), None);
    }

    #[test]
    fn it_reads_and_writes_its_number() {
        assert_eq!(serde_json::to_value(HistoryType::Swap).unwrap(), json!(9));
        assert_eq!(serde_json::from_value::<HistoryType>(json!(4)).unwrap(), HistoryType::CouldNotService);
        assert_eq!(serde_json::from_value::<HistoryType>(json!(6.0)).unwrap(), HistoryType::DataChange);
        assert_eq!(serde_json::from_value::<HistoryType>(json!(13)).unwrap_err().to_string(), "must be a whole number from 2 to 12");
        assert_eq!(serde_json::from_value::<HistoryType>(json!("7")).unwrap_err().to_string(), "must be a whole number from 2 to 12");
        assert_eq!(serde_json::from_value::<HistoryType>(Value::Null).unwrap_err().to_string(), REQUIRED);
    }
}
