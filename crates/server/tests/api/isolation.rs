//! Tenant isolation: a user of one organisation reaches nothing of another's,
//! on every route the API document lists, now and as routes are added; nor through ids of
//! theirs carried in a query or a body of a request to its own organisation.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, png};
use crate::sync_kinds::sample;
use fieldtag_domain::sync_kind::SyncKind;

crate::on_both_engines!(
    every_organization_route_refuses_another_organization,
    user_routes_refuse_another_organizations_users,
    another_organizations_ids_in_queries_and_bodies_are_refused
);

async fn every_organization_route_refuses_another_organization(app: &TestApp) {
    let ours = app.sign_up("owner@acme.ca").await;
    let theirs = app.sign_up("owner@rival.ca").await;
    let before = app.store.organization(&theirs.org_id).await.unwrap();

    let document = expect(app.request(Method::GET, "/api/openapi.json").send().await.unwrap(), StatusCode::OK).await;
    let paths = document["paths"].as_object().unwrap();
    let mut checked = 0;
    for (path, operations) in paths.iter().filter(|(path, _)| path.contains("{orgId}")) {
        for method in operations.as_object().unwrap().keys() {
            let url = path.replace("{orgId}", &theirs.org_id).replace(['{', '}'], "");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let body: Value = json!({"data": {"name": "taken over", "email": "thief@acme.ca"}});
            let response = app.authed(method.clone(), &url, &ours.token).json(&body).send().await.unwrap();
            let status = response.status();
            let answer = response.text().await.unwrap();
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path} answered {status}: {answer}");
            assert!(!answer.contains(&theirs.email), "{method} {path} leaked: {answer}");
            checked += 1;
        }
    }
    assert!(checked >= 2, "the matrix covers every organisation route ({checked} checked)");
    assert_eq!(app.store.organization(&theirs.org_id).await.unwrap(), before, "nothing changed");
}

async fn user_routes_refuse_another_organizations_users(app: &TestApp) {
    let ours = app.sign_up("owner@acme.ca").await;
    let theirs = app.sign_up("owner@rival.ca").await;
    let invite = app.authed(Method::POST, &format!("/api/users/{}/invite-link", theirs.user_id), &ours.token).send().await.unwrap();
    assert_eq!(invite.status(), StatusCode::NOT_FOUND);
    // Our access token is no link token for their user.
    let takeover = app.set_password(&theirs.user_id, &ours.token, "their password now").await;
    assert_eq!(takeover.status(), StatusCode::UNAUTHORIZED);
    expect(app.login(&theirs.email, &theirs.password).await, StatusCode::OK).await;
}

const STAMP: &str = "2030-01-01T00:00:00Z";

async fn sync_upload(app: &TestApp, account: &Account, body: &Value) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    expect(app.authed(Method::PATCH, &path, &account.token).json(body).send().await.unwrap(), StatusCode::OK).await
}

/// Everything of an organisation, as its owner exports it, less the time of the export.
async fn export(app: &TestApp, owner: &Account) -> Value {
    let path = format!("/api/organizations/{}/export", owner.org_id);
    let mut everything = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    everything.as_object_mut().unwrap().remove("exportedAt");
    everything
}

async fn another_organizations_ids_in_queries_and_bodies_are_refused(app: &TestApp) {
    let ours = app.sign_up("owner@acme.ca").await;
    let theirs = app.sign_up("owner@rival.ca").await;
    let (our_site, their_site) = (sample(SyncKind::Locations, &ours, "", STAMP), sample(SyncKind::Locations, &theirs, "", STAMP));
    let (our_site_id, their_site_id) = (our_site["id"].as_str().unwrap(), their_site["id"].as_str().unwrap());
    let mut their_item = sample(SyncKind::Equipment, &theirs, their_site_id, STAMP);
    their_item["name"] = json!("Rival secret extinguisher");
    sync_upload(app, &theirs, &json!({"locations": [their_site], "equipment": [their_item]})).await;
    let our_item = sample(SyncKind::Equipment, &ours, our_site_id, STAMP);
    sync_upload(app, &ours, &json!({"locations": [our_site], "equipment": [our_item]})).await;
    let link = json!({"action": "write", "folderName": "logos", "contentType": "image/png"});
    let signed_urls = format!("/api/organizations/{}/signed-urls", theirs.org_id);
    let link = expect(app.authed(Method::POST, &signed_urls, &theirs.token).json(&link).send().await.unwrap(), StatusCode::OK).await;
    let their_file = link["fileName"].as_str().unwrap().to_string();
    let put = app.http.put(format!("{}{}", app.base, link["url"].as_str().unwrap())).header("content-type", "image/png").body(png());
    expect(put.send().await.unwrap(), StatusCode::OK).await;
    let before = export(app, &theirs).await;
    let secrets = [theirs.email.as_str(), "Rival secret extinguisher", their_file.as_str()];
    let leaked = |answer: &str| secrets.iter().find(|secret| answer.contains(*secret)).copied();

    // Sync: their ids under our orgId make records of ours; their orgId or their site is refused.
    let mut their_id_in_ours = sample(SyncKind::Equipment, &ours, our_site_id, STAMP);
    their_id_in_ours["id"] = their_item["id"].clone();
    let mut on_their_site = sample(SyncKind::Equipment, &ours, their_site_id, STAMP);
    on_their_site["name"] = json!("Planted");
    let mut their_org = sample(SyncKind::Equipment, &ours, our_site_id, STAMP);
    their_org["orgId"] = json!(theirs.org_id);
    let mut their_site_edited = sample(SyncKind::Locations, &ours, "", STAMP);
    their_site_edited["id"] = json!(their_site_id);
    their_site_edited["name"] = json!("Taken over");
    let mut service_at_their_site = sample(SyncKind::PerformedServices, &ours, their_site_id, STAMP);
    service_at_their_site["equipmentId"] = their_item["id"].clone();
    service_at_their_site["id"] =
        json!(format!("{}-{}", their_item["id"].as_str().unwrap(), service_at_their_site["serviceTypeId"].as_str().unwrap()));
    let body = json!({"equipment": [their_id_in_ours, on_their_site, their_org], "performedServices": [service_at_their_site]});
    let answer = sync_upload(app, &ours, &body).await;
    assert_eq!(answer["equipment"][0]["status"], "accepted", "an id of theirs names a record of ours: {answer}");
    for (key, index, reason) in [
        ("equipment", 1, "locationId"),
        ("equipment", 2, "orgId: does not match your organization"),
        ("performedServices", 0, "locationId"),
    ] {
        let one = &answer[key][index];
        assert_eq!(one["status"], "rejected", "{key}[{index}]: {one}");
        assert!(one["reason"].as_str().unwrap().starts_with(reason), "{key}[{index}]: {one}");
    }
    let down = app.authed(Method::GET, &format!("/api/organizations/{}/sync", ours.org_id), &ours.token).send().await.unwrap();
    let down = down.text().await.unwrap();
    assert_eq!(leaked(&answer.to_string()).or(leaked(&down)), None, "sync showed theirs: {answer} {down}");

    // Transfers: from their site, of their item, to their site.
    let transfers = |from: &str| format!("/api/organizations/{}/locations/{from}/equipment/transfers", ours.org_id);
    for (from, item, to) in [
        (their_site_id, &their_item["id"], our_site_id),
        (our_site_id, &their_item["id"], their_site_id),
        (our_site_id, &our_item["id"], their_site_id),
    ] {
        let body = json!({"data": {"equipmentId": item, "toLocationId": to}});
        let response = app.authed(Method::POST, &transfers(from), &ours.token).json(&body).send().await.unwrap();
        let status = response.status();
        let answer = response.text().await.unwrap();
        assert!(status == StatusCode::NOT_FOUND || status == StatusCode::BAD_REQUEST, "transfer {from} → {to}: {status} {answer}");
        assert_eq!(leaked(&answer), None, "{answer}");
    }

    // Reports of their site, and of their items on ours.
    for query in
        [format!("locationId={their_site_id}"), format!("locationId={our_site_id}&equipmentIds={}", their_item["id"].as_str().unwrap())]
    {
        for name in ["inspectionReport", "equipmentReport", "selectiveEquipmentReport", "deficiencyReport"] {
            let path = format!("/api/reports/{name}?output=csv&{query}");
            let response = app.authed(Method::GET, &path, &ours.token).send().await.unwrap();
            let status = response.status();
            let answer = response.text().await.unwrap();
            assert!(status == StatusCode::OK || status.is_client_error(), "{path}: {status}");
            assert!(status != StatusCode::OK || !query.contains(their_site_id), "{path} answered their site: {answer}");
            assert_eq!(leaked(&answer), None, "{path}: {answer}");
        }
    }

    // Files: a read link for their file name under our organisation, their file's path unsigned.
    let signed_urls = format!("/api/organizations/{}/signed-urls", ours.org_id);
    let bare = their_file.rsplit('/').next().unwrap();
    for asked in [their_file.as_str(), bare, &format!("../{}/{their_file}", theirs.org_id)] {
        let body = json!({"action": "read", "folderName": "logos", "fileName": asked});
        let response = app.authed(Method::POST, &signed_urls, &ours.token).json(&body).send().await.unwrap();
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        if status == StatusCode::OK {
            // A link to our own (absent) file of that name: nothing of theirs behind it.
            let url = format!("{}{}", app.base, answer["url"].as_str().unwrap());
            assert!(!url.contains(&theirs.org_id), "{url}");
            assert_eq!(app.http.get(&url).send().await.unwrap().status(), StatusCode::NOT_FOUND, "{asked}");
        } else {
            assert!(status.is_client_error(), "{asked}: {status} {answer}");
        }
    }
    let unsigned = app.authed(Method::GET, &format!("/api/files/{}/{their_file}", theirs.org_id), &ours.token).send().await.unwrap();
    assert!(unsigned.status().is_client_error(), "unsigned read of their file: {}", unsigned.status());
    assert_ne!(unsigned.bytes().await.unwrap().as_ref(), png());

    // Their site's id under our orgId is a site of ours (sent last: from then on an id
    // naming it in our requests names ours): theirs keeps its name (the export below).
    let renamed = sync_upload(app, &ours, &json!({"locations": [their_site_edited]})).await;
    assert_eq!(renamed["locations"][0]["status"], "accepted", "{renamed}");
    assert_eq!(export(app, &theirs).await, before, "nothing of theirs changed");
}
