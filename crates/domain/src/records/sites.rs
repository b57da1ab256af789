//! Sites and what hangs off them (spec §3): locations, customers, site types, location
//! fields, floor plans, location overrides, service months and scheduled visits.
//! `id`, `orgId`, `lastUpdated`, `deleted` and a scoped kind's `locationId` are checked by
//! [`super::check_record`] for every kind; the structs hold the rest.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::fields::{
    Code, ContactEmail, Count, Date, FieldData, Flag, HexId, LocationStatus, Name, Reference, Text, TimeOfDay, TimeZoneName, Whole,
};
use super::{Context, Kind, RecordError, check_composite_id, serde_error};

/// How to reach a site or a customer: the same fields on both, all optional, flattened into
/// each record.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactDetails {
    pub email: Option<ContactEmail>,
    pub contact: Option<Text>,
    pub phone: Option<Text>,
    pub cell: Option<Text>,
    pub fax: Option<Text>,
    pub address: Option<Text>,
    pub address_two: Option<Text>,
    pub city: Option<Text>,
    pub country: Option<Text>,
    pub province: Option<Text>,
    pub postal_code: Option<Text>,
}

impl ContactDetails {
    /// Reads the contact details alone first: read flattened into a record, a wrong one would
    /// not be named by its field.
    fn screen(record: &Map<String, Value>) -> Result<(), RecordError> {
        serde_path_to_error::deserialize::<_, ContactDetails>(&Value::Object(record.clone())).map(drop).map_err(serde_error)
    }
}

/// A site. Required (spec §3): name, status, timeZone.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub name: Name,
    pub status: LocationStatus,
    pub time_zone: TimeZoneName,
    pub customer_id: Option<Reference>,
    /// The site type.
    pub type_id: Option<Reference>,
    /// Also called the site number.
    pub customer_number: Option<Code>,
    pub zone: Option<Whole<1, 30>>,
    /// Custom location field id to its value.
    pub field_data: Option<FieldData>,
    pub note: Option<Text>,
    pub popup_note: Option<Text>,
    #[serde(flatten)]
    pub contact_details: ContactDetails,
}

impl Kind for Location {
    fn screen(record: &Map<String, Value>) -> Result<(), RecordError> {
        ContactDetails::screen(record)
    }
}

/// A customer. Required (spec §3): name, accountNumber.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    pub name: Name,
    pub account_number: Code,
    #[serde(flatten)]
    pub contact_details: ContactDetails,
}

impl Kind for Customer {
    fn screen(record: &Map<String, Value>) -> Result<(), RecordError> {
        ContactDetails::screen(record)
    }
}

/// A site type (spec §5: its name is required).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteType {
    pub name: Name,
}

impl Kind for SiteType {}

/// A custom field of sites (spec §5: its name is required).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationField {
    pub name: Name,
}

impl Kind for LocationField {}

/// A floor plan of a site: name (spec §5) and the image's file name in `floor-plans`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FloorPlan {
    pub name: Name,
    pub location_id: HexId,
    pub image: Option<Text>,
}

impl Kind for FloorPlan {}

/// A site's own frequency for a service type, or the service disabled there.
/// Its id is `locationId-serviceTypeId`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationOverride {
    pub location_id: HexId,
    pub service_type_id: HexId,
    pub equipment_type_id: Option<Reference>,
    pub override_frequency: Option<Count>,
    pub disabled_for_location: Option<Flag>,
}

impl Kind for LocationOverride {
    fn rules(&self, context: &Context) -> Result<(), RecordError> {
        check_composite_id(context, [("locationId", &self.location_id.0), ("serviceTypeId", &self.service_type_id.0)])
    }
}

/// The months a service month category is serviced in at one site: all twelve are required.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceMonth {
    pub service_month_category_id: HexId,
    pub location_id: HexId,
    pub january: Flag,
    pub february: Flag,
    pub march: Flag,
    pub april: Flag,
    pub may: Flag,
    pub june: Flag,
    pub july: Flag,
    pub august: Flag,
    pub september: Flag,
    pub october: Flag,
    pub november: Flag,
    pub december: Flag,
}

impl Kind for ServiceMonth {}

/// A visit on the schedule (spec §3, §5): date, start and end time, site and user.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduledEvent {
    pub date: Date,
    pub start_time: TimeOfDay,
    pub end_time: TimeOfDay,
    pub location_id: HexId,
    pub user_id: HexId,
}

impl Kind for ScheduledEvent {}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::records::check_record;
    use crate::sync_kind::SyncKind;

    const ORG: &str = "0000000000000000000000000000000a";
    const SITE: &str = "1111111111111111111111111111111b";
    const SERVICE: &str = "3333333333333333333333333333333d";

    fn error(kind: SyncKind, record: Value) -> String {
        check_record(kind, ORG, &record).unwrap_err().to_string()
    }

    fn site(extra: Value) -> Value {
        let mut record = json!({"id": SITE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Depot", "status": "active", "timeZone": "America/Toronto"});
        record.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        record
    }

    #[test]
    fn site_fields_are_typed() {
        assert_eq!(error(SyncKind::Locations, site(json!({"status": "closed"}))), "status: must be one of active, inactive, bad, special");
        assert_eq!(error(SyncKind::Locations, site(json!({"zone": 31}))), "zone: must be a whole number from 1 to 30");
        assert_eq!(
            error(SyncKind::Locations, site(json!({"timeZone": "Toronto"}))),
            "timeZone: must be a known time zone, like America/Toronto"
        );
        assert_eq!(error(SyncKind::Locations, site(json!({"email": "front desk"}))), "email: is not a valid email address");
        assert_eq!(error(SyncKind::Locations, site(json!({"city": 7}))), "city: must be text");
        assert_eq!(error(SyncKind::Locations, site(json!({"phone": ["1"]}))), "phone: must be text");
        let customer = json!({"id": SERVICE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Acme", "accountNumber": 7, "postalCode": 5});
        assert_eq!(error(SyncKind::Customers, customer), "postalCode: must be text");
        let checked = check_record(
            SyncKind::Locations,
            ORG,
            &site(json!({"zone": 30, "customerNumber": 1001, "email": " a@b.ca", "customerId": null})),
        );
        let data = checked.unwrap().data;
        assert_eq!(
            (data["zone"].clone(), data["customerNumber"].clone(), data["email"].clone()),
            (json!(30), json!(1001), json!("a@b.ca"))
        );
        assert_eq!(data["customerId"], Value::Null, "an explicit null stays null");
    }

    #[test]
    fn an_override_id_joins_its_site_and_service_type() {
        let record = |id: String| json!({"id": id, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "locationId": SITE, "serviceTypeId": SERVICE, "overrideFrequency": 2});
        assert!(check_record(SyncKind::LocationOverrides, ORG, &record(format!("{SITE}-{SERVICE}"))).is_ok());
        let swapped = error(SyncKind::LocationOverrides, record(format!("{SERVICE}-{SITE}")));
        assert!(swapped.starts_with("id: must be locationId-serviceTypeId of this record"), "{swapped}");
        assert_eq!(
            error(SyncKind::LocationOverrides, record(SITE.into())),
            "id: must be locationId-serviceTypeId, two ids of 32 hex characters"
        );
    }

    #[test]
    fn a_visit_needs_clock_times() {
        let visit = json!({"id": SERVICE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "locationId": SITE, "userId": SERVICE,
                           "date": "2026-11-23", "startTime": "9am", "endTime": "17:00"});
        assert_eq!(error(SyncKind::Schedule, visit), "startTime: must be a time like 09:00");
    }
}
