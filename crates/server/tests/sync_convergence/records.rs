//! The records the simulated clients write (sites and equipment), their
//! `lastUpdated` stamps in the several spellings real clients send, and the
//! canonical form two copies of a record are compared in.

use rand::Rng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

/// The two sync kinds the simulation writes: sites, and equipment standing on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Locations,
    Equipment,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::Locations, Kind::Equipment];

    pub fn key(self) -> &'static str {
        match self {
            Kind::Locations => "locations",
            Kind::Equipment => "equipment",
        }
    }
}

/// A record's identity in a client's store and on the server.
pub type Key = (Kind, String);

/// How a client spells its stamps. The server normalises them to UTC
/// milliseconds; spelling them differently checks that it compares instants, not text.
#[derive(Clone, Copy, Debug)]
pub enum StampStyle {
    /// `2026-11-22T10:00:00.120Z`: always three fraction digits.
    Millis,
    /// `2026-11-22T10:00:00.12Z`: as few fraction digits as needed (JavaScript-like clients trim).
    Shortest,
    /// `2026-11-22T10:00:00.120417Z`: microseconds, which the server truncates to milliseconds.
    Micros,
    /// `2026-11-22T12:00:00.120+02:00`: local time with an offset, in whole or half hours.
    Offset(i32),
}

impl StampStyle {
    pub fn random(rng: &mut StdRng) -> StampStyle {
        match rng.random_range(0..4) {
            0 => StampStyle::Millis,
            1 => StampStyle::Shortest,
            2 => StampStyle::Micros,
            _ => StampStyle::Offset(rng.random_range(-24..=28) * 30),
        }
    }
}

/// Unix milliseconds written as an ISO 8601 stamp in the given style.
pub fn stamp_text(millis: i64, style: StampStyle) -> String {
    let at = jiff::Timestamp::from_millisecond(millis).expect("stamp in range");
    let fraction = millis.rem_euclid(1000);
    match style {
        StampStyle::Millis => format!("{}.{fraction:03}Z", at.strftime("%Y-%m-%dT%H:%M:%S")),
        StampStyle::Shortest => at.to_string(),
        StampStyle::Micros => format!("{}.{fraction:03}{:03}Z", at.strftime("%Y-%m-%dT%H:%M:%S"), millis.rem_euclid(997)),
        StampStyle::Offset(minutes) => {
            let offset = jiff::tz::Offset::from_seconds(minutes * 60).expect("offset in range");
            let local = at.to_zoned(jiff::tz::TimeZone::fixed(offset));
            let sign = if minutes < 0 { '-' } else { '+' };
            let (hours, rest) = (minutes.abs() / 60, minutes.abs() % 60);
            format!("{}.{fraction:03}{sign}{hours:02}:{rest:02}", local.strftime("%Y-%m-%dT%H:%M:%S"))
        }
    }
}

/// A record's `lastUpdated` in Unix milliseconds.
pub fn stamp_of(record: &Value) -> i64 {
    let text = record["lastUpdated"].as_str().unwrap_or_else(|| panic!("record without lastUpdated: {record}"));
    text.parse::<jiff::Timestamp>().unwrap_or_else(|e| panic!("bad lastUpdated {text:?}: {e}")).as_millisecond()
}

pub fn is_deleted(record: &Value) -> bool {
    record["deleted"].as_bool().unwrap_or(false)
}

/// The record as two copies of it must agree on: without the server's `version`
/// and the local flag, with every ISO time as Unix milliseconds (the server
/// normalises stamps; a client that was acknowledged keeps its own spelling).
pub fn canonical(record: &Value) -> Value {
    let mut copy = record.clone();
    if let Some(map) = copy.as_object_mut() {
        map.remove("version");
        map.remove("hasBeenChangedLocally");
        for value in map.values_mut() {
            if let Some(at) = value.as_str().and_then(|text| text.parse::<jiff::Timestamp>().ok()) {
                *value = json!(at.as_millisecond());
            }
        }
    }
    copy
}

/// A 32-hex-character id from the client's seeded generator, so a seed replays the same ids.
pub fn new_id(rng: &mut StdRng) -> String {
    hex::encode(rng.random::<[u8; 16]>())
}

const WORDS: [&str; 12] = ["North", "Harbour", "Depot", "Clinic", "Tower", "Mill", "Plaza", "Annex", "Yard", "Arena", "School", "Garage"];
const TIME_ZONES: [&str; 4] = ["America/Toronto", "America/Vancouver", "Europe/London", "Australia/Sydney"];
const STATUSES: [&str; 4] = ["active", "inactive", "bad", "special"];

fn pick<'a>(rng: &mut StdRng, options: &[&'a str]) -> &'a str {
    options[rng.random_range(0..options.len())]
}

fn words(rng: &mut StdRng) -> String {
    format!("{} {} {}", pick(rng, &WORDS), pick(rng, &WORDS), rng.random_range(1..1000))
}

pub fn new_site(rng: &mut StdRng, org_id: &str, id: &str, stamp: &str) -> Value {
    json!({
        "id": id, "orgId": org_id, "name": words(rng), "status": "active", "timeZone": pick(rng, &TIME_ZONES),
        "country": "CA", "city": pick(rng, &WORDS), "lastUpdated": stamp, "deleted": false,
    })
}

pub fn new_equipment(rng: &mut StdRng, org_id: &str, id: &str, site_id: &str, stamp: &str) -> Value {
    json!({
        "id": id, "orgId": org_id, "locationId": site_id, "name": words(rng), "barcode": format!("FT-{}", &id[..12]),
        "serialNumber": format!("SN{}", rng.random_range(10_000..99_999)), "manufactureDate": "2024-03-01T00:00:00Z",
        "lastUpdated": stamp, "deleted": false,
    })
}

/// Changes one or two fields, as a person editing a form would. Equipment may
/// move to another of `live_sites` (sites the client sees, not deleted).
pub fn edit(rng: &mut StdRng, kind: Kind, record: &mut Value, live_sites: &[String], stamp: &str) {
    for _ in 0..rng.random_range(1..=2) {
        match (kind, rng.random_range(0..4)) {
            (Kind::Locations, 0) => record["name"] = json!(words(rng)),
            (Kind::Locations, 1) => record["status"] = json!(pick(rng, &STATUSES)),
            (Kind::Locations, 2) => record["city"] = json!(pick(rng, &WORDS)),
            (Kind::Locations, _) => record["note"] = json!(words(rng)),
            (Kind::Equipment, 0) => record["name"] = json!(words(rng)),
            (Kind::Equipment, 1) => record["serialNumber"] = json!(format!("SN{}", rng.random_range(10_000..99_999))),
            (Kind::Equipment, 2) if !live_sites.is_empty() => {
                record["locationId"] = json!(live_sites[rng.random_range(0..live_sites.len())]);
            }
            (Kind::Equipment, _) => record["note"] = json!(words(rng)),
        }
    }
    record["lastUpdated"] = json!(stamp);
}

/// A tombstone: the same record, deleted, with a new stamp.
pub fn delete(record: &mut Value, stamp: &str) {
    record["deleted"] = json!(true);
    record["lastUpdated"] = json!(stamp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_style_spells_the_same_instant() {
        let millis = 1_795_000_000_120;
        for style in [StampStyle::Millis, StampStyle::Shortest, StampStyle::Micros, StampStyle::Offset(150), StampStyle::Offset(-330)] {
            let text = stamp_text(millis, style);
            assert_eq!(stamp_of(&json!({ "lastUpdated": text })), millis, "{text}");
        }
    }
}
