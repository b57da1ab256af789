//! The demo organisation's records: customers, sites in four time zones, equipment types and
//! service rules, equipment with barcodes, services, history, an open deficiency and visits.

use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_domain::time::format_stamp;
use fieldtag_store::new_id;
use jiff::{Timestamp, ToSpan, Zoned};
use serde_json::{Value, json};

/// The demo's records, sites before what stands on them.
pub fn demo_records(org: &str, user_id: &str, now: Timestamp) -> Vec<(SyncKind, Value)> {
    let stamp = format_stamp(now);
    let ago = |span: jiff::Span| -> String {
        let zoned: Zoned = now.to_zoned(jiff::tz::TimeZone::UTC);
        zoned.checked_sub(span).map(|z| format_stamp(z.timestamp())).unwrap_or_else(|_| stamp.clone())
    };
    let mut records = Vec::new();
    let mut add = |kind: SyncKind, mut record: Value| {
        record["orgId"] = json!(org);
        record["lastUpdated"] = json!(stamp);
        records.push((kind, record));
    };

    let customers = [(new_id(), "Harbourfront Properties", "1001"), (new_id(), "Maple Leaf Fitness", "1002")];
    for (id, name, account) in &customers {
        add(
            SyncKind::Customers,
            json!({"id": id, "name": name, "accountNumber": account, "contact": "Front desk", "phone": "416-555-0199"}),
        );
    }
    let sites = [
        ("Harbourfront Tower", "America/Toronto", "CA", "ON", "Toronto", "10 Bay St", 0),
        ("Maple Leaf Gym Kitsilano", "America/Vancouver", "CA", "BC", "Vancouver", "2200 W 4th Ave", 1),
        ("Thames Office", "Europe/London", "GB", "", "London", "1 Canada Square", 0),
        ("Harbour Bridge Depot", "Australia/Sydney", "AU", "NSW", "Sydney", "5 Hickson Rd", 1),
    ];
    let site_ids: Vec<String> = sites.iter().map(|_| new_id()).collect();
    for (n, ((name, zone, country, province, city, address, customer), id)) in sites.iter().zip(&site_ids).enumerate() {
        add(
            SyncKind::Locations,
            json!({"id": id, "name": name, "status": "active", "timeZone": zone, "country": country, "province": province, "city": city,
                   "address": address, "customerId": customers[*customer].0, "customerNumber": format!("S-{}", n + 1), "zone": n + 1,
                   "contact": "Site manager", "phone": "555-0100", "note": "", "popupNote": if n == 0 { "Sign in at security first." } else { "" }}),
        );
    }

    let (extinguisher, treadmill) = (new_id(), new_id());
    add(SyncKind::EquipmentTypes, json!({"id": extinguisher, "name": "Fire Extinguisher"}));
    add(SyncKind::EquipmentTypes, json!({"id": treadmill, "name": "Treadmill"}));
    let hours = new_id();
    add(SyncKind::EquipmentFields, json!({"id": hours, "name": "Hours", "equipmentTypeId": treadmill}));
    let (monthly, annual, belt) = (new_id(), new_id(), new_id());
    let time_rule = |service: &str, frequency_type: i64| json!([{"id": new_id(), "type": "time", "timeFrequencyType": frequency_type, "timeFrequency": 1, "serviceTypeId": service, "orgId": org, "deleted": false}]);
    add(
        SyncKind::ServiceTypes,
        json!({"id": monthly, "name": "Monthly Inspection", "equipmentTypeId": extinguisher, "inspection": true, "unscheduled": false,
               "frequencyType": 6, "frequency": 1, "dueWhen": "any", "conditions": time_rule(&monthly, 6)}),
    );
    add(
        SyncKind::ServiceTypes,
        json!({"id": annual, "name": "Annual Service", "equipmentTypeId": extinguisher, "inspection": false, "unscheduled": false,
               "frequencyType": 7, "frequency": 1, "dueWhen": "any", "conditions": time_rule(&annual, 7)}),
    );
    add(
        SyncKind::ServiceTypes,
        json!({"id": belt, "name": "Belt Replacement", "equipmentTypeId": treadmill, "inspection": false, "unscheduled": false,
               "frequencyType": 6, "frequency": 1, "dueWhen": "any",
               "conditions": [{"id": new_id(), "type": "metered", "meteredFieldId": hours, "meteredMethod": "every", "meteredAmount": 2000, "serviceTypeId": belt, "orgId": org, "deleted": false}]}),
    );
    let (b500, t95) = (new_id(), new_id());
    add(SyncKind::Models, json!({"id": b500, "name": "Amerex B500", "equipmentTypeId": extinguisher, "sku": "EXT-B500"}));
    add(SyncKind::Models, json!({"id": t95, "name": "Life Fitness 95T", "equipmentTypeId": treadmill, "sku": "TM-95T"}));

    let places = ["Lobby", "Kitchen", "Stairwell B", "Loading dock", "Server room"];
    let mut barcode = 100_000;
    for (s, site) in site_ids.iter().enumerate() {
        for (n, place) in places.iter().enumerate() {
            barcode += 1;
            let item = new_id();
            add(
                SyncKind::Equipment,
                json!({"id": item, "name": place, "locationId": site, "modelId": b500, "barcode": barcode.to_string(),
                       "serialNumber": format!("AMX-{}{:03}", s + 1, n + 1), "manufactureDate": ago((2 + n as i64).years()), "note": "", "fieldData": {}}),
            );
            add(
                SyncKind::History,
                json!({"id": new_id(), "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "userId": user_id, "date": ago(2.years()), "description": "Added", "type": HistoryType::Added}),
            );
            // Alternate items are overdue, so the Inspection Due and Service Due tabs have work in them.
            let (inspected, serviced) = if n % 2 == 0 { (ago(10.days()), ago(200.days())) } else { (ago(45.days()), ago(400.days())) };
            for (service, last) in [(&monthly, inspected), (&annual, serviced)] {
                add(
                    SyncKind::PerformedServices,
                    json!({"id": format!("{item}-{service}"), "locationId": site, "equipmentId": item, "serviceTypeId": service, "lastDate": last}),
                );
                add(
                    SyncKind::History,
                    json!({"id": new_id(), "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "userId": user_id, "date": last, "description": "Performed service", "type": HistoryType::PerformedService, "relevantId": service}),
                );
            }
            if s == 0 && n == 2 {
                add(
                    SyncKind::Deficiencies,
                    json!({"id": new_id(), "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "serviceTypeId": monthly, "description": "Pressure gauge in the red", "dateOpened": ago(3.days())}),
                );
            }
        }
        if s == 1 || s == 3 {
            barcode += 1;
            let item = new_id();
            let reading = if s == 1 { "4150" } else { "1200" };
            add(
                SyncKind::Equipment,
                json!({"id": item, "name": "Cardio row 1", "locationId": site, "modelId": t95, "barcode": barcode.to_string(),
                       "serialNumber": format!("LF95T-{s}"), "manufactureDate": ago(3.years()), "note": "", "fieldData": {hours.clone(): reading}}),
            );
        }
    }
    let today = now.to_zoned(jiff::tz::TimeZone::UTC).date();
    for (days, site) in [(0, &site_ids[0]), (1, &site_ids[1]), (7, &site_ids[0])] {
        let date = today.checked_add(days.days()).unwrap_or(today).to_string();
        add(
            SyncKind::Schedule,
            json!({"id": new_id(), "locationId": site, "userId": user_id, "date": date, "startTime": "09:00", "endTime": "17:00"}),
        );
    }
    records.sort_by_key(|(kind, _)| *kind != SyncKind::Locations);
    records
}
