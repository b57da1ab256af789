//! Tenant isolation: a user of one organisation reaches nothing of another's,
//! on every route the API document lists, now and as routes are added.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{TestApp, expect};

crate::on_both_engines!(every_organization_route_refuses_another_organization, user_routes_refuse_another_organizations_users);

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
