use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{TestApp, expect, expect_error, link_token};

crate::on_both_engines!(
    invited_user_sets_a_password_and_is_logged_in,
    invite_tokens_are_single_use_and_bound_to_their_user,
    invite_links_need_settings_write_and_a_user_of_ones_own_organization,
    an_invite_link_is_also_mailed_to_the_user,
    an_invite_token_tells_its_organisation_and_nothing_else,
);

async fn new_user_record(app: &TestApp, org_id: &str, email: &str) -> String {
    let user_id = fieldtag_store::new_id();
    let record = json!({"id": user_id, "orgId": org_id, "name": "New Tech", "email": email, "permissions": ["*.*"], "invitationStatus": 0, "lastUpdated": "2026-01-01T00:00:00Z", "deleted": false});
    app.store.put_entity(org_id, "users", &user_id, &record).await.unwrap();
    user_id
}

async fn invited_user_sets_a_password_and_is_logged_in(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let user_id = new_user_record(app, &owner.org_id, "tech@acme.ca").await;
    let link = app.invite_link(&owner, &user_id).await;
    assert!(link.starts_with(&format!("{}/accept-invite?userId={user_id}&token=", app.base)), "{link}");

    expect_error(
        app.login("tech@acme.ca", "anything at all").await,
        StatusCode::UNAUTHORIZED,
        "CredentialsNotValid",
        "Credentials are not valid",
    )
    .await;
    let answer = expect(app.set_password(&user_id, &link_token(&link), "my new password").await, StatusCode::OK).await;
    assert_eq!(answer["user"]["invitationStatus"], 1);
    assert_eq!(answer["user"]["id"], user_id.as_str());
    let stored = app.store.user(&owner.org_id, &user_id).await.unwrap().unwrap();
    assert_eq!(stored["invitationStatus"], 1);
    expect(app.login("tech@acme.ca", "my new password").await, StatusCode::OK).await;
}

async fn invite_tokens_are_single_use_and_bound_to_their_user(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let first = new_user_record(app, &owner.org_id, "one@acme.ca").await;
    let second = new_user_record(app, &owner.org_id, "two@acme.ca").await;
    let token = link_token(&app.invite_link(&owner, &first).await);
    let invalid = "This link is invalid or has expired. Ask for a new one.";

    expect_error(app.set_password(&second, &token, "stolen password").await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    expect_error(app.set_password(&first, "forged", "some password").await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    let short = app.set_password(&first, &token, "short").await;
    expect_error(short, StatusCode::BAD_REQUEST, "BadRequest", "Password must be at least 8 characters").await;
    expect(app.set_password(&first, &token, "first password").await, StatusCode::OK).await;
    expect_error(app.set_password(&first, &token, "second password").await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    expect(app.login("one@acme.ca", "first password").await, StatusCode::OK).await;
    expect(app.login("two@acme.ca", "stolen password").await, StatusCode::UNAUTHORIZED).await;
}

async fn invite_links_need_settings_write_and_a_user_of_ones_own_organization(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["EQUIPMENT_READ", "SETTINGS_READ"]).await;
    let pending = new_user_record(app, &owner.org_id, "pending@acme.ca").await;
    let response = app.authed(Method::POST, &format!("/api/users/{pending}/invite-link"), &tech.token).send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_WRITE permission").await;

    let rival = app.sign_up("boss@rival.ca").await;
    let response = app.authed(Method::POST, &format!("/api/users/{pending}/invite-link"), &rival.token).send().await.unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "NotFound", "User not found").await;
}

/// The mails kept for `email`, once the background task has written at least `count`.
async fn mails_for(app: &TestApp, email: &str, count: usize) -> Vec<fieldtag_store::OutboxMail> {
    for _ in 0..400 {
        let mails = app.store.outbox_for(email).await.unwrap();
        if mails.len() >= count {
            return mails;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no invite mail for {email}");
}

async fn an_invite_link_is_also_mailed_to_the_user(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let pending = new_user_record(app, &owner.org_id, "pending@acme.ca").await;
    let rival = app.sign_up("boss@rival.ca").await;
    let response = app.authed(Method::POST, &format!("/api/users/{pending}/invite-link"), &rival.token).send().await.unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "NotFound", "User not found").await;

    let link = app.invite_link(&owner, &pending).await;
    let mails = mails_for(app, "pending@acme.ca", 1).await;
    assert_eq!(mails.len(), 1, "the refused request mailed nothing: {mails:?}");
    let mail = &mails[0];
    assert_eq!(mail.subject, "You are invited to Fieldtag");
    assert!(mail.body.contains(&link), "{}", mail.body);
    assert!(mail.body.contains("New Tech"), "{}", mail.body);
    assert!(mail.body.contains("Org of owner@acme.ca"), "the organisation's name: {}", mail.body);
    assert!(app.store.outbox_for("boss@rival.ca").await.unwrap().is_empty());
    assert!(app.store.outbox_for("owner@acme.ca").await.unwrap().is_empty());

    // A new link revokes the earlier one, and the newest mail carries the live one.
    let newer = app.invite_link(&owner, &pending).await;
    let mails = mails_for(app, "pending@acme.ca", 2).await;
    assert!(mails.iter().any(|m| m.body.contains(&newer)));
    expect(app.set_password(&pending, &link_token(&newer), "my new password").await, StatusCode::OK).await;
}

async fn invitation(app: &TestApp, user_id: &str, token: &str) -> reqwest::Response {
    app.request(Method::GET, &format!("/api/users/{user_id}/invitation")).bearer_auth(token).send().await.unwrap()
}

async fn an_invite_token_tells_its_organisation_and_nothing_else(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let pending = new_user_record(app, &owner.org_id, "pending@acme.ca").await;
    let token = link_token(&app.invite_link(&owner, &pending).await);
    let answer = expect(invitation(app, &pending, &token).await, StatusCode::OK).await;
    assert_eq!(answer, json!({"data": {"organizationName": "Org of owner@acme.ca", "logoUrl": null, "phoneOnly": false}}));

    // A technician who may sign in to the phone app only is told so before choosing a password.
    let technician = fieldtag_store::new_id();
    let record = json!({"id": technician, "orgId": owner.org_id, "name": "Tech", "email": "tech@acme.ca", "permissions": ["MOBILE_LOGIN", "EQUIPMENT_READ"],
                        "invitationStatus": 0, "lastUpdated": "2026-01-01T00:00:00Z", "deleted": false});
    app.store.put_entity(&owner.org_id, "users", &technician, &record).await.unwrap();
    let technician_token = link_token(&app.invite_link(&owner, &technician).await);
    let answer = expect(invitation(app, &technician, &technician_token).await, StatusCode::OK).await;
    assert_eq!(answer["data"]["phoneOnly"], true, "{answer}");

    // With a logo, a signed link to read it, which works without a session.
    let upload = app.authed(Method::POST, &format!("/api/organizations/{}/signed-urls", owner.org_id), &owner.token);
    let signed = expect(
        upload.json(&json!({"action": "write", "folderName": "logos", "contentType": "image/png"})).send().await.unwrap(),
        StatusCode::OK,
    )
    .await;
    let put = app
        .http
        .put(format!("{}{}", app.base, signed["url"].as_str().unwrap()))
        .header("content-type", "image/png")
        .body(crate::common::png())
        .send()
        .await
        .unwrap();
    assert!(put.status().is_success(), "{}", put.status());
    let mut organization = app.store.organization(&owner.org_id).await.unwrap().unwrap();
    organization["logo"] = signed["fileName"].clone();
    app.store.put_entity(&owner.org_id, "organization", &owner.org_id, &organization).await.unwrap();
    let answer = expect(invitation(app, &pending, &token).await, StatusCode::OK).await;
    let logo = answer["data"]["logoUrl"].as_str().unwrap();
    assert!(logo.starts_with("/api/files/"), "a link into this server: {logo}");
    let image = app.http.get(format!("{}{logo}", app.base)).send().await.unwrap();
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.bytes().await.unwrap().as_ref(), crate::common::png());

    let invalid = "This link is invalid or has expired. Ask for a new one.";
    // Another user's id, a made-up token, no token.
    let other = new_user_record(app, &owner.org_id, "other@acme.ca").await;
    expect_error(invitation(app, &other, &token).await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    expect_error(invitation(app, &pending, "forged").await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    let bare = app.request(Method::GET, &format!("/api/users/{pending}/invitation")).send().await.unwrap();
    expect_error(bare, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    // A reset token is not an invitation.
    expect(
        app.request(Method::POST, "/api/users/reset-password").json(&json!({"email": "owner@acme.ca"})).send().await.unwrap(),
        StatusCode::OK,
    )
    .await;
    let reset = mails_for(app, "owner@acme.ca", 1).await;
    let reset_link = reset[0].body.lines().find(|line| line.contains("/change-password?")).unwrap().trim().to_string();
    expect_error(invitation(app, &owner.user_id, &link_token(&reset_link)).await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid)
        .await;
    // A revoked token (a newer link was made), and a used one.
    let newer = link_token(&app.invite_link(&owner, &pending).await);
    expect_error(invitation(app, &pending, &token).await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    expect(app.set_password(&pending, &newer, "my new password").await, StatusCode::OK).await;
    expect_error(invitation(app, &pending, &newer).await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
}
