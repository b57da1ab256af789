//! Every sync kind over HTTP: accepted and downloaded by a second client,
//! refused without its write permission, and kept deleted against an older edit.
//! (Field-by-field checks of each kind are in crates/domain/tests/records.rs.)

use fieldtag_domain::sync_kind::SyncKind;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect};

crate::on_both_engines!(every_kind_travels_between_clients_and_is_guarded);

fn id() -> String {
    fieldtag_store::new_id()
}

/// A valid record of `kind`, stamped `stamp`, standing on `site`.
pub fn sample(kind: SyncKind, owner: &Account, site: &str, stamp: &str) -> Value {
    let (item, service, other) = (id(), id(), id());
    let months: serde_json::Map<String, Value> =
        ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
            .iter()
            .map(|m| (m.to_string(), json!(true)))
            .collect();
    let mut fields = match kind {
        SyncKind::Locations => json!({"id": id(), "name": "Depot", "status": "active", "timeZone": "America/Toronto"}),
        SyncKind::Customers => json!({"id": id(), "name": "Harbourfront", "accountNumber": "1001"}),
        SyncKind::Equipment => json!({"id": id(), "name": "Lobby", "locationId": site, "barcode": "100001"}),
        SyncKind::PerformedServices => {
            json!({"id": format!("{item}-{service}"), "equipmentId": item, "serviceTypeId": service, "locationId": site, "lastDate": stamp})
        }
        SyncKind::ServiceTypes => {
            json!({"id": id(), "name": "Annual", "equipmentTypeId": other, "dueWhen": "any", "frequencyType": 7, "frequency": 1})
        }
        SyncKind::Questions => json!({"id": id(), "question": "Is the pin in place?", "serviceTypeId": service, "options": []}),
        SyncKind::History => json!({"id": id(), "equipmentId": item, "locationId": site, "date": stamp, "description": "Note", "type": 7}),
        SyncKind::LocationOverrides => {
            json!({"id": format!("{site}-{service}"), "locationId": site, "serviceTypeId": service, "overrideFrequency": 3})
        }
        SyncKind::ServiceMonths => json!({"id": id(), "serviceMonthCategoryId": other, "locationId": site}),
        SyncKind::Deficiencies => {
            json!({"id": id(), "equipmentId": item, "locationId": site, "description": "Pin missing", "dateOpened": stamp})
        }
        SyncKind::FloorPlans => json!({"id": id(), "name": "Ground floor", "locationId": site}),
        SyncKind::Schedule => {
            json!({"id": id(), "locationId": site, "userId": owner.user_id, "date": "2026-11-23", "startTime": "09:00", "endTime": "17:00"})
        }
        SyncKind::Visits => {
            json!({"id": id(), "locationId": site, "date": "2026-11-23", "userId": owner.user_id, "historyIds": [], "deficiencyIds": [],
                   "signerName": "Dana Ruiz", "signature": format!("signatures/{}.png", id()), "signedAt": "2026-11-23T16:30:00-05:00"})
        }
        SyncKind::Users => {
            json!({"id": id(), "name": "New Tech", "email": format!("{}@acme.ca", &id()[..8]), "permissions": [], "invitationStatus": 0})
        }
        SyncKind::Organization => json!({"id": owner.org_id, "name": "Acme Renamed", "email": owner.email}),
        SyncKind::EquipmentTypes
        | SyncKind::Models
        | SyncKind::EquipmentFields
        | SyncKind::LocationFields
        | SyncKind::ModelFields
        | SyncKind::ServiceMonthCategories
        | SyncKind::SiteTypes => json!({"id": id(), "name": format!("A {}", kind.key())}),
        SyncKind::GlobalAlerts => unreachable!("download only"),
    };
    if kind == SyncKind::ServiceMonths {
        fields.as_object_mut().unwrap().extend(months);
    }
    fields["orgId"] = json!(owner.org_id);
    fields["lastUpdated"] = json!(stamp);
    fields
}

async fn upload(app: &TestApp, account: &Account, kind: SyncKind, record: &Value) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let body = json!({(kind.key()): [record]});
    let answer = expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    answer[kind.key()][0].clone()
}

async fn every_kind_travels_between_clients_and_is_guarded(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let second = app.add_user(&owner, "second@acme.ca", &["*.*"]).await;
    let nobody = app.add_user(&owner, "nobody@acme.ca", &["WEB_LOGIN"]).await;
    let site = sample(SyncKind::Locations, &owner, "", "2026-11-20T00:00:00Z");
    assert_eq!(upload(app, &owner, SyncKind::Locations, &site).await["status"], "accepted");
    let site_id = site["id"].as_str().unwrap().to_string();

    // Stamps after sign-up, so that the organisation's record is newer than the one sign-up wrote.
    let later = |minutes: i64| (jiff::Timestamp::now() + jiff::SignedDuration::from_mins(minutes)).to_string();
    for kind in SyncKind::ALL.into_iter().filter(|k| *k != SyncKind::GlobalAlerts) {
        let record = sample(kind, &owner, &site_id, &later(1));
        let record_id = record["id"].clone();
        let answer = upload(app, &owner, kind, &record).await;
        assert_eq!(answer["status"], "accepted", "{}: {answer}", kind.key());

        let path = format!("/api/organizations/{}/sync", second.org_id);
        let everything = expect(app.authed(Method::GET, &path, &second.token).send().await.unwrap(), StatusCode::OK).await;
        let found = everything[kind.key()].as_array().unwrap().iter().find(|r| r["id"] == record_id).cloned();
        let found = found.unwrap_or_else(|| panic!("{} did not reach the second client", kind.key()));
        assert_eq!(found["version"], answer["version"], "{}", kind.key());

        let refused = upload(app, &nobody, kind, &sample(kind, &owner, &site_id, &later(1))).await;
        let permission = kind.write_permission().unwrap().constant();
        assert_eq!(refused["reason"], format!("You need the {permission} permission"), "{}", kind.key());

        if kind == SyncKind::Organization {
            continue; // an organisation is never deleted
        }
        let mut tombstone = record.clone();
        tombstone["deleted"] = json!(true);
        tombstone["lastUpdated"] = json!(later(2));
        assert_eq!(upload(app, &owner, kind, &tombstone).await["status"], "accepted", "{}", kind.key());
        let older = upload(app, &owner, kind, &record).await;
        assert_eq!(older["status"], "stale", "{}: {older}", kind.key());
        assert_eq!(older["record"]["deleted"], true, "{}", kind.key());
    }
}
