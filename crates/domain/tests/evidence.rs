//! Field evidence on records: the `photos` lists of deficiencies, history records and checklist
//! answers, and the `visits` kind that ties a day's work at a site to the customer's signature.

use fieldtag_domain::records::check_record;
use fieldtag_domain::sync_kind::SyncKind;
use serde_json::{Value, json};

const ORG: &str = "0123456789abcdef0123456789abcdef";
const ID: &str = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const SITE: &str = "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2";
const ITEM: &str = "c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3";
const USER: &str = "f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6f6";
const PHOTO_NAME: &str = "must be a photo name like photos/<32 hex>.jpg";

fn photo(n: usize) -> String {
    format!("photos/{n:032x}.jpg")
}

fn photos(count: usize) -> Value {
    json!((0..count).map(photo).collect::<Vec<_>>())
}

fn with(mut record: Value, extra: Value) -> Value {
    record.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    record
}

fn deficiency(extra: Value) -> Value {
    with(
        json!({"id": ID, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "locationId": SITE, "equipmentId": ITEM,
               "description": "Corroded valve", "dateOpened": "2026-11-22"}),
        extra,
    )
}

fn history(extra: Value) -> Value {
    with(
        json!({"id": ID, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "locationId": SITE, "equipmentId": ITEM,
               "date": "2026-11-22T09:00:00-05:00", "description": "Annual service", "type": 2}),
        extra,
    )
}

fn visit(extra: Value) -> Value {
    with(
        json!({"id": ID, "orgId": ORG, "lastUpdated": "2026-11-22T21:30:00Z", "locationId": SITE, "date": "2026-11-22", "userId": USER,
               "historyIds": [ID], "deficiencyIds": [ITEM], "signerName": "Dana Ruiz",
               "signature": "signatures/0123456789abcdef0123456789abcdef.png", "signedAt": "2026-11-22T16:30:00.000-05:00"}),
        extra,
    )
}

fn error(kind: SyncKind, record: Value) -> String {
    check_record(kind, ORG, &record).unwrap_err().to_string()
}

#[test]
fn up_to_ten_photos_per_record() {
    for count in [0, 1, 10] {
        assert!(check_record(SyncKind::Deficiencies, ORG, &deficiency(json!({"photos": photos(count)}))).is_ok(), "{count}");
        assert!(check_record(SyncKind::History, ORG, &history(json!({"photos": photos(count)}))).is_ok(), "{count}");
    }
    let too_many = "photos[10]: at most 10 photos per record";
    assert_eq!(error(SyncKind::Deficiencies, deficiency(json!({"photos": photos(11)}))), too_many);
    assert_eq!(error(SyncKind::History, history(json!({"photos": photos(11)}))), too_many);
    let answers = json!({"questionnaireAnswers": [{"textAnswer": "ok"}, {"textAnswer": "rusty", "photos": photos(11)}]});
    assert_eq!(error(SyncKind::History, history(answers)), "questionnaireAnswers[1].photos[10]: at most 10 photos per record");
}

#[test]
fn photos_are_named_by_the_device_in_the_photos_folder() {
    let mut old = deficiency(json!({}));
    old.as_object_mut().unwrap().remove("photos");
    assert!(check_record(SyncKind::Deficiencies, ORG, &old).is_ok(), "old records have no photos");
    assert!(check_record(SyncKind::Deficiencies, ORG, &deficiency(json!({"photos": null}))).is_ok());
    for bad in [
        json!("photos/0123456789ABCDEF0123456789abcdef.jpg"),
        json!("photos/0123456789abcdef0123456789abcdef.png"),
        json!("photos/0123456789abcdef0123456789abcde.jpg"),
        json!("signatures/0123456789abcdef0123456789abcdef.jpg"),
        json!("photos/../0123456789abcdef0123456789abcd.jpg"),
        json!("0123456789abcdef0123456789abcdef.jpg"),
        json!(""),
        json!(7),
        json!(null),
    ] {
        let record = deficiency(json!({"photos": [photo(1), bad.clone()]}));
        assert_eq!(error(SyncKind::Deficiencies, record), format!("photos[1]: {PHOTO_NAME}"), "{bad}");
    }
    assert_eq!(error(SyncKind::Deficiencies, deficiency(json!({"photos": photo(1)}))), "photos: must be a list");
    let answer = json!({"questionnaireAnswers": [{"textAnswer": "ok", "photos": ["IMG_0001.jpg"]}]});
    assert_eq!(error(SyncKind::History, history(answer)), format!("questionnaireAnswers[0].photos[0]: {PHOTO_NAME}"));
    let kept = check_record(SyncKind::History, ORG, &history(json!({"questionnaireAnswers": [{"textAnswer": "ok", "photos": photos(2)}]})));
    assert_eq!(kept.unwrap().data["questionnaireAnswers"][0]["photos"], photos(2));
}

#[test]
fn a_visit_is_a_site_day_and_technician_with_the_customers_signature() {
    let checked = check_record(SyncKind::Visits, ORG, &visit(json!({}))).unwrap();
    assert_eq!(checked.location_id.as_deref(), Some(SITE));
    assert_eq!(checked.data["signerName"], "Dana Ruiz");
    assert_eq!(checked.data["signedAt"], "2026-11-22T16:30:00.000-05:00", "kept as signed, with its offset");
    assert!(check_record(SyncKind::Visits, ORG, &visit(json!({"historyIds": [], "deficiencyIds": []}))).is_ok());
    let mut bare = visit(json!({}));
    bare.as_object_mut().unwrap().retain(|key, _| key != "historyIds" && key != "deficiencyIds");
    assert!(check_record(SyncKind::Visits, ORG, &bare).is_ok(), "lists may be left out");

    assert_eq!(error(SyncKind::Visits, visit(json!({"signerName": "  "}))), "signerName: is required");
    for bad in ["2026-11-22T09:00:00Z", "2026-11-22T09:00:00", "22/11/2026", "2026-02-30"] {
        assert_eq!(error(SyncKind::Visits, visit(json!({"date": bad}))), "date: must be a day like 2026-11-22", "{bad}");
    }
    for bad in ["2026-11-22T16:30:00", "2026-11-22", "at half past four"] {
        assert_eq!(
            error(SyncKind::Visits, visit(json!({"signedAt": bad}))),
            "signedAt: must be an ISO 8601 time with an offset, like 2026-11-22T10:00:00.000Z",
            "{bad}"
        );
    }
    for bad in ["signatures/0123456789abcdef0123456789abcdef.jpg", "photos/0123456789abcdef0123456789abcdef.png", "sig.png"] {
        assert_eq!(
            error(SyncKind::Visits, visit(json!({"signature": bad}))),
            "signature: must be a signature name like signatures/<32 hex>.png",
            "{bad}"
        );
    }
    assert_eq!(error(SyncKind::Visits, visit(json!({"userId": "u1"}))), "userId: must be an id of 32 hex characters");
    assert_eq!(error(SyncKind::Visits, visit(json!({"historyIds": [ID, "h1"]}))), "historyIds[1]: must be an id of 32 hex characters");
    assert_eq!(error(SyncKind::Visits, visit(json!({"deficiencyIds": ID}))), "deficiencyIds: must be a list");
}

#[test]
fn a_visit_lists_at_most_a_thousand_records_of_each_kind() {
    let ids = |count: usize| json!((0..count).map(|n| format!("{n:032x}")).collect::<Vec<_>>());
    assert!(check_record(SyncKind::Visits, ORG, &visit(json!({"historyIds": ids(1000), "deficiencyIds": ids(1000)}))).is_ok());
    assert_eq!(error(SyncKind::Visits, visit(json!({"historyIds": ids(1001)}))), "historyIds[1000]: at most 1,000 records per visit");
    assert_eq!(error(SyncKind::Visits, visit(json!({"deficiencyIds": ids(1001)}))), "deficiencyIds[1000]: at most 1,000 records per visit");
}

#[test]
fn visits_are_read_under_service_read_and_written_under_service_write() {
    use fieldtag_domain::permissions::Permission;
    assert_eq!(SyncKind::parse("visits"), Some(SyncKind::Visits));
    assert_eq!(SyncKind::Visits.read_permission(), Some(Permission::ServiceRead));
    assert_eq!(SyncKind::Visits.write_permission(), Some(Permission::ServiceWrite));
    assert!(SyncKind::Visits.location_scoped());
}
