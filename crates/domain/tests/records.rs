//! Every sync kind's record check, table-driven: a valid record is accepted, each required
//! field missing (or null) is refused naming that field, a wrong orgId and a bad id are
//! refused, and the local flag `hasBeenChangedLocally` never reaches the store.

use fieldtag_domain::records::{RecordError, check_record};
use fieldtag_domain::sync_kind::{IdShape, SyncKind};
use serde_json::{Value, json};

const ORG: &str = "0123456789abcdef0123456789abcdef";
const OTHER_ORG: &str = "fedcba9876543210fedcba9876543210";
const ID: &str = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const SITE: &str = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
const ITEM: &str = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";
const SERVICE: &str = "d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4d4";
const TYPE: &str = "e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5";
const USER: &str = "f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6";

const COMMON: [&str; 3] = ["id", "orgId", "lastUpdated"];
const MONTHS: [&str; 12] =
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

struct Case {
    kind: SyncKind,
    record: Value,
    /// Required beyond id, orgId and lastUpdated.
    required: Vec<&'static str>,
}

fn case(kind: SyncKind, fields: Value, required: &[&'static str]) -> Case {
    let id = match kind.id_shape() {
        IdShape::Hex if kind == SyncKind::Organization => ORG.to_string(),
        IdShape::Hex => ID.to_string(),
        IdShape::EquipmentAndServiceType => format!("{ITEM}-{SERVICE}"),
        IdShape::LocationAndServiceType => format!("{SITE}-{SERVICE}"),
    };
    let mut record = json!({"id": id, "orgId": ORG, "lastUpdated": "2026-11-22T05:00:00.5-05:00", "deleted": false,
                            "hasBeenChangedLocally": true, "clientEnrichment": {"shown": "as sent"}});
    record.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    Case { kind, record, required: required.to_vec() }
}

fn cases() -> Vec<Case> {
    let months: serde_json::Map<String, Value> = MONTHS.iter().map(|m| (m.to_string(), json!(m.starts_with('j')))).collect();
    let mut service_month = json!({"serviceMonthCategoryId": TYPE, "locationId": SITE});
    service_month.as_object_mut().unwrap().extend(months);
    let condition =
        json!({"id": ID, "type": "time", "timeFrequencyType": 6, "timeFrequency": 1, "serviceTypeId": ID, "orgId": ORG, "deleted": false});
    vec![
        case(
            SyncKind::Locations,
            json!({"name": "Harbourfront Tower", "status": "active", "timeZone": "America/Toronto", "zone": 3, "customerId": ITEM,
                   "customerNumber": "S-1", "country": "CA", "popupNote": "", "fieldData": {(TYPE): "north gate"}}),
            &["name", "status", "timeZone"],
        ),
        case(
            SyncKind::Customers,
            json!({"name": "Harbourfront Properties", "accountNumber": "1001", "phone": "416-555-0199"}),
            &["name", "accountNumber"],
        ),
        case(SyncKind::SiteTypes, json!({"name": "Hospital"}), &["name"]),
        case(SyncKind::LocationFields, json!({"name": "Gate code"}), &["name"]),
        case(SyncKind::FloorPlans, json!({"name": "Ground floor", "locationId": SITE, "image": "plan.png"}), &["name", "locationId"]),
        case(
            SyncKind::LocationOverrides,
            json!({"locationId": SITE, "serviceTypeId": SERVICE, "overrideFrequency": 3, "disabledForLocation": false}),
            &["locationId", "serviceTypeId"],
        ),
        case(
            SyncKind::ServiceMonths,
            service_month,
            &["serviceMonthCategoryId", "locationId"].into_iter().chain(MONTHS).collect::<Vec<_>>(),
        ),
        case(
            SyncKind::Schedule,
            json!({"date": "2026-11-23", "startTime": "09:00", "endTime": "17:00", "locationId": SITE, "userId": USER}),
            &["date", "startTime", "endTime", "locationId", "userId"],
        ),
        case(
            SyncKind::Equipment,
            json!({"name": "Lobby", "locationId": SITE, "modelId": TYPE, "barcode": "100101", "serialNumber": "AMX-1",
                   "manufactureDate": "2022-05-01T00:00:00Z", "floorId": "", "floorPlanLocation": "120x340", "fieldData": {}}),
            &["name", "locationId"],
        ),
        case(SyncKind::Models, json!({"name": "Amerex B500", "equipmentTypeId": TYPE, "sku": "EXT-B500"}), &["name"]),
        case(SyncKind::ModelFields, json!({"name": "Capacity", "includeInReports": true}), &["name"]),
        case(SyncKind::EquipmentFields, json!({"name": "Hours", "equipmentTypeId": TYPE}), &["name"]),
        case(SyncKind::EquipmentTypes, json!({"name": "Fire Extinguisher", "serviceMonthCategoryId": ""}), &["name"]),
        case(
            SyncKind::ServiceTypes,
            json!({"name": "Monthly Inspection", "equipmentTypeId": TYPE, "dueWhen": "any", "frequencyType": 6, "frequency": 1,
                   "inspection": true, "unscheduled": false, "conditions": [condition], "disabledSiteTypes": {(TYPE): true}}),
            &["name", "equipmentTypeId", "dueWhen"],
        ),
        case(
            SyncKind::Questions,
            json!({"question": "Pin in place?", "serviceTypeId": SERVICE, "allowComments": true,
                   "options": [{"id": TYPE, "description": "Yes", "questionId": ID, "orgId": ORG, "deleted": false}]}),
            &["question"],
        ),
        case(
            SyncKind::PerformedServices,
            json!({"equipmentId": ITEM, "serviceTypeId": SERVICE, "locationId": SITE, "lastDate": "2026-10-01T10:00:00-04:00", "overidedNextDate": ""}),
            &["equipmentId", "serviceTypeId", "locationId"],
        ),
        case(SyncKind::ServiceMonthCategories, json!({"name": "Spring and autumn"}), &["name"]),
        case(
            SyncKind::History,
            json!({"date": "2026-11-22T09:00:00Z", "description": "Performed service", "equipmentId": ITEM, "type": 2, "locationId": SITE,
                   "happenedAtLocationId": SITE, "userId": USER, "relevantId": SERVICE, "changes": {"before": null, "after": {"name": "Lobby"}},
                   "questionnaireAnswers": [{"question": "Pin in place?", "multipleChoiceAnswer": "Yes", "questionId": TYPE, "historyRecordId": ID,
                                              "photos": ["photos/0123456789abcdef0123456789abcdef.jpg"]}],
                   "photos": []}),
            &["date", "description", "equipmentId", "type", "locationId"],
        ),
        case(
            SyncKind::Deficiencies,
            json!({"description": "Gauge in the red", "dateOpened": "2026-11-20", "dateClosed": "", "equipmentId": ITEM, "locationId": SITE, "serviceTypeId": SERVICE,
                   "photos": ["photos/0123456789abcdef0123456789abcdef.jpg", "photos/fedcba9876543210fedcba9876543210.jpg"]}),
            &["description", "dateOpened", "equipmentId", "locationId"],
        ),
        case(
            SyncKind::Visits,
            json!({"locationId": SITE, "date": "2026-11-22", "userId": USER, "historyIds": [ID], "deficiencyIds": [],
                   "signerName": "Dana Ruiz", "signature": "signatures/0123456789abcdef0123456789abcdef.png",
                   "signedAt": "2026-11-22T16:30:00.000-05:00"}),
            &["locationId", "date", "userId", "signerName", "signature", "signedAt"],
        ),
        case(
            SyncKind::Users,
            json!({"name": "Ann Lee", "email": "ann@fire.ca", "permissions": ["EQUIPMENT_READ", "*.*"], "invitationStatus": 1, "acceptedTermsVersion": "1.0.1"}),
            &["name", "email"],
        ),
        case(
            SyncKind::Organization,
            json!({"name": "Acme Fire", "email": "ops@acme.ca", "showBilling": true, "enabledFeatures": ["BILLING"], "workDayStartTime": "06:00",
                   "lastDateMinimumGranularity": "day", "letterHeadWidth": 1700}),
            &["name", "email"],
        ),
    ]
}

fn check(kind: SyncKind, record: &Value) -> Result<fieldtag_domain::records::CheckedRecord, RecordError> {
    check_record(kind, ORG, record)
}

#[test]
fn the_table_covers_every_uploadable_kind() {
    let mut kinds: Vec<SyncKind> = cases().iter().map(|c| c.kind).collect();
    kinds.push(SyncKind::GlobalAlerts);
    kinds.sort();
    let mut all = SyncKind::ALL.to_vec();
    all.sort();
    assert_eq!(kinds, all);
}

#[test]
fn a_valid_record_of_every_kind_is_accepted() {
    for case in cases() {
        let key = case.kind.key();
        let checked = check(case.kind, &case.record).unwrap_or_else(|e| panic!("{key}: {e}"));
        assert_eq!(checked.id, case.record["id"].as_str().unwrap(), "{key}");
        assert_eq!(checked.last_updated, "2026-11-22T10:00:00.500Z", "{key}");
        assert!(!checked.deleted, "{key}");
        assert_eq!(checked.data["lastUpdated"], "2026-11-22T10:00:00.500Z", "{key}");
        assert_eq!(checked.data["clientEnrichment"], json!({"shown": "as sent"}), "{key}: unknown fields are kept");
        let expected_location = match case.kind {
            SyncKind::Locations => Some(ID),
            kind if kind.location_scoped() => Some(SITE),
            _ => None,
        };
        assert_eq!(checked.location_id.as_deref(), expected_location, "{key}");
        let mut tombstone = case.record.clone();
        tombstone["deleted"] = json!(true);
        if case.kind != SyncKind::Organization {
            assert!(check(case.kind, &tombstone).unwrap().deleted, "{key}");
        }
    }
}

#[test]
fn the_local_flag_is_dropped() {
    for case in cases() {
        let checked = check(case.kind, &case.record).unwrap();
        assert!(checked.data.get("hasBeenChangedLocally").is_none(), "{}", case.kind.key());
        let mut record = case.record.clone();
        record["hasBeenChangedLocally"] = json!("a local flag is never read");
        assert!(check(case.kind, &record).is_ok(), "{}", case.kind.key());
    }
}

#[test]
fn each_required_field_missing_or_null_is_refused_by_name() {
    for case in cases() {
        for field in COMMON.iter().chain(&case.required) {
            for null in [false, true] {
                let mut record = case.record.clone();
                if null {
                    record[*field] = Value::Null;
                } else {
                    record.as_object_mut().unwrap().remove(*field);
                }
                let error = check(case.kind, &record).expect_err(&format!("{} without {field}", case.kind.key()));
                assert_eq!(error, RecordError::new(*field, "is required"), "{} without {field} (null: {null})", case.kind.key());
            }
        }
    }
}

#[test]
fn a_wrong_organization_is_refused() {
    for case in cases() {
        let mut record = case.record.clone();
        record["orgId"] = json!(OTHER_ORG);
        assert_eq!(
            check(case.kind, &record).unwrap_err(),
            RecordError::new("orgId", "does not match your organization"),
            "{}",
            case.kind.key()
        );
    }
}

#[test]
fn a_bad_id_is_refused() {
    for case in cases() {
        for bad in [json!("short-id"), json!(ID.replace('a', "g")), json!(format!("{ID}-")), json!(7)] {
            let mut record = case.record.clone();
            record["id"] = bad.clone();
            let error = check(case.kind, &record).expect_err(&format!("{} with id {bad}", case.kind.key()));
            assert_eq!(error.field, "id", "{} with id {bad}: {error}", case.kind.key());
        }
    }
}

#[test]
fn composite_ids_must_name_the_records_own_fields() {
    for case in cases().into_iter().filter(|c| c.kind.id_shape() != IdShape::Hex) {
        let mut record = case.record.clone();
        record["serviceTypeId"] = json!(TYPE);
        let error = check(case.kind, &record).unwrap_err();
        assert_eq!(error.field, "id", "{error}");
        let mut hex = case.record.clone();
        hex["id"] = json!(ID);
        assert_eq!(check(case.kind, &hex).unwrap_err().field, "id");
    }
}

#[test]
fn wrong_types_are_refused_in_plain_words() {
    for case in cases() {
        let mut record = case.record.clone();
        record["lastUpdated"] = json!("last tuesday");
        assert_eq!(check(case.kind, &record).unwrap_err().field, "lastUpdated");
        let mut record = case.record.clone();
        record["deleted"] = json!(1);
        assert_eq!(check(case.kind, &record).unwrap_err(), RecordError::new("deleted", "must be true or false"));
        for field in &case.required {
            let mut record = case.record.clone();
            record[*field] = json!({"not": "this"});
            let error = check(case.kind, &record).expect_err(&format!("{} with an object for {field}", case.kind.key()));
            assert_eq!(error.field, *field, "{}: {error}", case.kind.key());
            assert!(error.message.starts_with("must be"), "{}: {error}", case.kind.key());
        }
    }
}

#[test]
fn global_alerts_cannot_be_uploaded() {
    let alert = json!({"id": ID, "orgId": ORG, "type": "info", "message": "Maintenance tonight", "lastUpdated": "2026-11-22T10:00:00Z"});
    let error = check(SyncKind::GlobalAlerts, &alert).unwrap_err();
    assert_eq!(error.field, "globalAlerts");
    assert!(error.to_string().contains("download only"), "{error}");
}

#[test]
fn users_never_carry_passwords_through_sync() {
    let user = cases().into_iter().find(|c| c.kind == SyncKind::Users).unwrap().record;
    for field in ["password", "passwordHash"] {
        let mut record = user.clone();
        record[field] = json!("let me in please");
        assert_eq!(check(SyncKind::Users, &record).unwrap_err(), RecordError::new(field, "passwords cannot be set through sync"));
    }
}

/// Hostile input (docs/security.md): whatever JSON arrives, the check answers Ok or a named
/// refusal and never panics; a good record stays good whatever unknown fields ride along.
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Any JSON value, with the edges a hostile client would try: huge and negative numbers,
    /// empty, control, right-to-left, markup and very long strings, deep nesting.
    pub fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            prop_oneof![Just(1e308), Just(-1e308), Just(-0.0), Just(f64::MIN_POSITIVE), any::<f64>()]
                .prop_filter_map("JSON has no NaN or infinity", |f| serde_json::Number::from_f64(f).map(Value::Number)),
            odd_string().prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
                prop::collection::btree_map(odd_string(), inner, 0..6).prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    pub fn odd_string() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("\u{0}\u{1b}[31m\r\n".to_string()),
            Just("\u{202e}gpj.exe".to_string()),
            Just("<script>alert(1)</script>".to_string()),
            Just("../../etc/passwd".to_string()),
            Just("'; DROP TABLE records; --".to_string()),
            Just("9".repeat(400)),
            Just("2026-02-30T25:61:00Z".to_string()),
            Just(ORG.to_string()),
            Just(OTHER_ORG.to_string()),
            "[a-f0-9]{32}",
            "\\PC{0,40}",
            ".{0,10}".prop_map(|s| s.repeat(500)),
        ]
    }

    fn kind() -> impl Strategy<Value = SyncKind> {
        prop::sample::select(SyncKind::ALL.to_vec())
    }

    fn assert_answer(kind: SyncKind, record: &Value) -> Result<(), TestCaseError> {
        match check(kind, record) {
            Ok(checked) => {
                prop_assert_eq!(&checked.data["lastUpdated"], &json!(checked.last_updated));
                prop_assert!(checked.last_updated.ends_with('Z'), "{} is not UTC", checked.last_updated);
                prop_assert!(checked.data.get("hasBeenChangedLocally").is_none());
            }
            Err(refusal) => prop_assert!(!refusal.field.is_empty() && !refusal.message.is_empty(), "{refusal:?}"),
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_json_as_any_kind_is_answered(kind in kind(), record in any_json()) {
            assert_answer(kind, &record)?;
        }

        /// A valid record with one field (its own or a new one) set to anything.
        #[test]
        fn one_field_set_to_anything_is_answered(case in 0..cases().len(), field in 0usize..40, value in any_json()) {
            let Case { kind, mut record, .. } = cases().swap_remove(case);
            let fields = record.as_object_mut().unwrap();
            let name = fields.keys().nth(field).cloned().unwrap_or_else(|| format!("unknown{field}"));
            fields.insert(name, value);
            assert_answer(kind, &record)?;
        }

        #[test]
        fn unknown_fields_ride_along_with_a_good_record(case in 0..cases().len(), name in "zz[A-Za-z]{1,12}", value in any_json()) {
            let Case { kind, mut record, .. } = cases().swap_remove(case);
            record[&name] = value.clone();
            let checked = check(kind, &record).map_err(|e| TestCaseError::fail(format!("{}: {e}", kind.key())))?;
            prop_assert_eq!(&checked.data[&name], &value);
        }
    }
}
