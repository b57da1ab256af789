//! Field evidence over sync: the `visits` kind (a technician's signed day at a site) under the
//! service permissions and inside its organisation, and the `photos` fields of deficiencies,
//! history records and checklist answers refused with their paths.

use fieldtag_domain::sync_kind::SyncKind;
use serde_json::{Value, json};

use crate::common::{Account, TestApp};
use crate::sync_kinds::sample;

crate::on_both_engines!(
    a_visit_travels_under_the_service_permissions,
    a_visit_stays_in_its_organization,
    photos_are_checked_with_their_path
);

const STAMP: &str = "2026-11-22T21:30:00Z";

fn id() -> String {
    fieldtag_store::new_id()
}

fn photo() -> String {
    format!("photos/{}.jpg", id())
}

/// A site of `owner`'s, uploaded; answers its id.
async fn site(app: &TestApp, owner: &Account) -> String {
    let site = sample(SyncKind::Locations, owner, "", STAMP);
    assert_eq!(app.sync_upload(owner, json!({"locations": [site]})).await["locations"][0]["status"], "accepted");
    site["id"].as_str().unwrap().to_string()
}

async fn a_visit_travels_under_the_service_permissions(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = site(app, &owner).await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["SERVICE_READ", "SERVICE_WRITE", "LOCATION_READ"]).await;
    let office = app.add_user(&owner, "office@acme.ca", &["SERVICE_READ"]).await;
    let other_trades =
        app.add_user(&owner, "other@acme.ca", &["HISTORY_READ", "HISTORY_WRITE", "DEFICIENCY_READ", "DEFICIENCY_WRITE"]).await;

    let mut visit = sample(SyncKind::Visits, &tech, &site_id, STAMP);
    visit["historyIds"] = json!([id(), id()]);
    visit["deficiencyIds"] = json!([id()]);
    let answer = app.sync_upload(&tech, json!({"visits": [visit.clone()]})).await;
    assert_eq!(answer["visits"][0]["status"], "accepted", "{answer}");

    let down = app.sync_download(&office).await;
    let found = down["visits"].as_array().unwrap().iter().find(|v| v["id"] == visit["id"]).cloned().expect("the office sees the visit");
    for field in ["locationId", "date", "userId", "historyIds", "deficiencyIds", "signerName", "signature", "signedAt"] {
        assert_eq!(found[field], visit[field], "{field}");
    }

    let refused = app.sync_upload(&other_trades, json!({"visits": [sample(SyncKind::Visits, &other_trades, &site_id, STAMP)]})).await;
    assert_eq!(refused["visits"][0]["status"], "rejected", "{refused}");
    assert_eq!(refused["visits"][0]["reason"], "You need the SERVICE_WRITE permission");
    assert!(app.store.record(&owner.org_id, "visits", refused["visits"][0]["id"].as_str().unwrap()).await.unwrap().is_none());
    let mut rewritten = visit.clone();
    rewritten["signerName"] = json!("Someone Else");
    rewritten["lastUpdated"] = json!("2026-11-22T22:00:00Z");
    let refused = app.sync_upload(&other_trades, json!({"visits": [rewritten]})).await;
    assert_eq!(refused["visits"][0]["reason"], "You need the SERVICE_WRITE permission", "nor is one rewritten");

    let not_theirs = app.sync_download(&other_trades).await;
    assert!(not_theirs.get("visits").is_none(), "visits need SERVICE_READ: {not_theirs}");
    assert!(not_theirs.get("history").is_some());
}

async fn a_visit_stays_in_its_organization(app: &TestApp) {
    let ours = app.sign_up("owner@acme.ca").await;
    let theirs = app.sign_up("owner@rival.ca").await;
    let (our_site, their_site) = (site(app, &ours).await, site(app, &theirs).await);

    let on_their_site = sample(SyncKind::Visits, &ours, &their_site, STAMP);
    let mut their_org = sample(SyncKind::Visits, &ours, &our_site, STAMP);
    their_org["orgId"] = json!(theirs.org_id);
    let fine = sample(SyncKind::Visits, &ours, &our_site, STAMP);
    let answer = app.sync_upload(&ours, json!({"visits": [on_their_site, their_org, fine]})).await;
    let visits = answer["visits"].as_array().unwrap();
    assert_eq!(visits[0]["status"], "rejected", "{answer}");
    assert!(visits[0]["reason"].as_str().unwrap().starts_with("locationId"), "{answer}");
    assert_eq!(visits[1]["status"], "rejected", "{answer}");
    assert_eq!(visits[1]["reason"], "orgId: does not match your organization");
    assert_eq!(visits[2]["status"], "accepted", "{answer}");
    for visit in &visits[..2] {
        let visit_id = visit["id"].as_str().unwrap();
        assert!(app.store.record(&theirs.org_id, "visits", visit_id).await.unwrap().is_none());
        assert!(app.store.record(&ours.org_id, "visits", visit_id).await.unwrap().is_none());
    }
    let down = app.sync_download(&theirs).await;
    assert!(down["visits"].as_array().is_none_or(|visits| visits.is_empty()), "nothing of ours reached them: {down}");
}

async fn photos_are_checked_with_their_path(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = site(app, &owner).await;
    let with_photos = |kind: SyncKind, photos: Value| {
        let mut record = sample(kind, &owner, &site_id, STAMP);
        record["photos"] = photos;
        record
    };
    let eleven: Vec<String> = (0..11).map(|_| photo()).collect();
    let ten = json!(eleven[..10]);
    let mut answered = sample(SyncKind::History, &owner, &site_id, STAMP);
    answered["questionnaireAnswers"] = json!([{"question": "Gauge in the green?", "textAnswer": "no", "photos": ["IMG_0001.JPG"]}]);
    let mut kept = sample(SyncKind::History, &owner, &site_id, STAMP);
    kept["questionnaireAnswers"] = json!([{"question": "Gauge in the green?", "textAnswer": "no", "photos": [photo()]}]);
    let body = json!({
        "deficiencies": [with_photos(SyncKind::Deficiencies, json!(eleven)), with_photos(SyncKind::Deficiencies, ten.clone())],
        "history": [with_photos(SyncKind::History, json!([photo(), "photos/../secret.jpg"])), answered, kept.clone()],
    });
    let answer = app.sync_upload(&owner, body).await;
    let reason = |key: &str, index: usize| answer[key][index]["reason"].as_str().unwrap_or_default().to_string();
    assert_eq!(reason("deficiencies", 0), "photos[10]: at most 10 photos per record", "{answer}");
    assert_eq!(answer["deficiencies"][1]["status"], "accepted", "{answer}");
    assert_eq!(reason("history", 0), "photos[1]: must be a photo name like photos/<32 hex>.jpg", "{answer}");
    assert_eq!(reason("history", 1), "questionnaireAnswers[0].photos[0]: must be a photo name like photos/<32 hex>.jpg", "{answer}");
    assert_eq!(answer["history"][2]["status"], "accepted", "{answer}");

    let down = app.sync_download(&owner).await;
    let deficiency = down["deficiencies"].as_array().unwrap().iter().find(|d| d["photos"].is_array()).cloned().unwrap();
    assert_eq!(deficiency["photos"], ten, "the names travel as the device made them");
    let history = down["history"].as_array().unwrap().iter().find(|h| h["id"] == kept["id"]).cloned().unwrap();
    assert_eq!(history["questionnaireAnswers"][0]["photos"], kept["questionnaireAnswers"][0]["photos"]);
}
