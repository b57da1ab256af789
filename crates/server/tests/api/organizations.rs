use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{TestApp, expect, expect_error};

crate::on_both_engines!(
    organization_is_read_and_changed,
    organization_changes_are_checked_and_lose_nothing,
    changing_the_organization_needs_settings_write,
);

async fn organization_is_read_and_changed(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let path = format!("/api/organizations/{}", owner.org_id);
    let before = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    let change = json!({"data": {
        "name": "Acme Fire & Safety", "phone": "416-555-0100", "workDayStartTime": "07:00", "workDayEndTime": "15:30",
        "enabledFeatures": ["WHITE_LABEL", "BILLING"], "showBilling": true, "letterHead": "lh.png", "letterHeadWidth": 2550, "letterHeadHeight": 300,
        "lastDateMinimumGranularity": "minute", "hasBeenChangedLocally": true,
    }});
    let after = expect(app.authed(Method::PATCH, &path, &owner.token).json(&change).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(after["name"], "Acme Fire & Safety");
    assert_eq!(after["enabledFeatures"], json!(["WHITE_LABEL", "BILLING"]));
    assert!(after.get("hasBeenChangedLocally").is_none());
    assert_ne!(after["lastUpdated"], before["lastUpdated"]);
    let read_back = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(read_back, after);
}

async fn organization_changes_are_checked_and_lose_nothing(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let path = format!("/api/organizations/{}", owner.org_id);
    let before = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    let refused = [
        (json!({"data": {"email": "not-an-email"}}), "Email is not valid"),
        (json!({"data": {"name": " "}}), "Company Name is required"),
        (json!({"data": {"active": false}}), "active cannot be changed"),
        (json!({"data": {"manualBilling": false}}), "manualBilling cannot be changed"),
        (
            json!({"data": {"name": "Fine", "enabledFeatures": ["EVERYTHING"]}}),
            "enabledFeatures may hold only SERVICE_MONTHS, BILLING, WHITE_LABEL, LOCATION_OVERRIDES, SITE_TYPES",
        ),
        (json!({"data": {"workDayStartTime": "7am"}}), "workDayStartTime must be a time like 06:00"),
        (json!({"data": {"password": "x"}}), "Unknown field password"),
    ];
    for (body, message) in refused {
        let response = app.authed(Method::PATCH, &path, &owner.token).json(&body).send().await.unwrap();
        expect_error(response, StatusCode::BAD_REQUEST, "ValidationFailed", message).await;
    }
    let not_wrapped = app.authed(Method::PATCH, &path, &owner.token).json(&json!({"name": "x"})).send().await.unwrap();
    expect(not_wrapped, StatusCode::BAD_REQUEST).await;
    let after = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(after, before, "a refused change stores nothing");
}

async fn changing_the_organization_needs_settings_write(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let reader = app.add_user(&owner, "tech@acme.ca", &["SETTINGS_READ", "equipment.read"]).await;
    let path = format!("/api/organizations/{}", owner.org_id);
    expect(app.authed(Method::GET, &path, &reader.token).send().await.unwrap(), StatusCode::OK).await;
    let response = app.authed(Method::PATCH, &path, &reader.token).json(&json!({"data": {"name": "Mine now"}})).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission").await;
    // The dotted form grants it as well.
    let writer = app.add_user(&owner, "office@acme.ca", &["settings.write"]).await;
    let response = app.authed(Method::PATCH, &path, &writer.token).json(&json!({"data": {"name": "Renamed"}})).send().await.unwrap();
    assert_eq!(expect(response, StatusCode::OK).await["name"], "Renamed");
}
