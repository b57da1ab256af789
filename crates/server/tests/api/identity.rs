//! A user's identity belongs to one organisation: no user record, invite link, reset link or
//! session of one organisation can reach a user of another, and invite links are for users
//! who have not joined yet, one live link at a time.

use fieldtag_server::auth::tokens::TokenKeys;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error, link_token};

fn configure(config: &mut fieldtag_server::config::Config) {
    config.jwt_secret = Some(SECRET.into());
}

const SECRET: &str = "a signing secret the test knows, long enough";

crate::on_both_engines!(
    configure = configure;
    a_member_of_another_organization_cannot_take_over_a_user,
    every_route_that_takes_a_user_id_refuses_another_organizations_users,
    invite_links_are_only_for_users_who_have_not_joined,
    a_new_invite_link_revokes_the_earlier_ones,
    parallel_invite_links_leave_one_live,
    a_deleted_users_email_is_free_again,
    an_access_token_must_name_a_live_session_of_its_user,
);

const STAMP: &str = "2026-11-20T00:00:00.000Z";

async fn sync_upload(app: &TestApp, account: &Account, body: &Value) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    expect(app.authed(Method::PATCH, &path, &account.token).json(body).send().await.unwrap(), StatusCode::OK).await
}

fn user_record(org_id: &str, id: &str, email: &str) -> Value {
    json!({"id": id, "orgId": org_id, "name": "Pat Tech", "email": email, "permissions": ["*.*"],
           "invitationStatus": 0, "lastUpdated": STAMP, "deleted": false})
}

/// The attack found against the earlier main, step by step; every step is refused.
async fn a_member_of_another_organization_cannot_take_over_a_user(app: &TestApp) {
    let owner_a = app.sign_up("owner@acme.ca").await;
    let tech_a = app.add_user(&owner_a, "tech@acme.ca", &["*.*"]).await;
    // A member of A signs up B, and copies A's user (id and email) into B.
    let owner_b = app.sign_up("mallory@rival.ca").await;
    let answer = sync_upload(app, &owner_b, &json!({"users": [user_record(&owner_b.org_id, &tech_a.user_id, &tech_a.email)]})).await;
    assert_eq!(answer["users"][0]["status"], "rejected", "{answer}");
    assert!(answer["users"][0]["reason"].as_str().unwrap().contains("another organization"), "{answer}");
    // The same id with an email of B's own.
    let answer = sync_upload(app, &owner_b, &json!({"users": [user_record(&owner_b.org_id, &tech_a.user_id, "copy@rival.ca")]})).await;
    assert_eq!(answer["users"][0]["status"], "rejected", "{answer}");
    assert!(answer["users"][0]["reason"].as_str().unwrap().starts_with("id: "), "{answer}");
    // A's email under a new id of B's.
    let new_id = fieldtag_store::new_id();
    let answer = sync_upload(app, &owner_b, &json!({"users": [user_record(&owner_b.org_id, &new_id, &tech_a.email)]})).await;
    assert_eq!(answer["users"][0]["status"], "rejected", "{answer}");
    assert!(answer["users"][0]["reason"].as_str().unwrap().starts_with("email: "), "{answer}");

    // Written straight into B's records (as an earlier server let it be), the id still leads nowhere.
    let planted = user_record(&owner_b.org_id, &tech_a.user_id, &tech_a.email);
    app.store.put_entity(&owner_b.org_id, "users", &tech_a.user_id, &planted).await.unwrap();
    let invite = app.authed(Method::POST, &format!("/api/users/{}/invite-link", tech_a.user_id), &owner_b.token).send().await.unwrap();
    assert_eq!(invite.status(), StatusCode::NOT_FOUND, "{}", invite.text().await.unwrap());
    let own_invite = app.authed(Method::POST, &format!("/api/users/{}/invite-link", tech_a.user_id), &owner_a.token).send().await.unwrap();
    let a_link = expect(own_invite, StatusCode::CONFLICT).await;
    assert_eq!(a_link["code"], "AlreadyJoined");

    expect(app.login(&tech_a.email, &tech_a.password).await, StatusCode::OK).await;
    let tech_a_now = app.store.user(&owner_a.org_id, &tech_a.user_id).await.unwrap().unwrap();
    assert_eq!(tech_a_now["email"], tech_a.email.as_str());
}

/// Every route whose path names a user, called by B's owner with A's users' ids, and by B's
/// link tokens for A's users: nothing is answered for them and nothing of theirs changes.
async fn every_route_that_takes_a_user_id_refuses_another_organizations_users(app: &TestApp) {
    let owner_a = app.sign_up("owner@acme.ca").await;
    let joined = app.add_user(&owner_a, "tech@acme.ca", &["*.*"]).await;
    let pending = fieldtag_store::new_id();
    sync_upload(app, &owner_a, &json!({"users": [user_record(&owner_a.org_id, &pending, "pending@acme.ca")]})).await;
    let deleted = fieldtag_store::new_id();
    let mut gone = user_record(&owner_a.org_id, &deleted, "gone@acme.ca");
    sync_upload(app, &owner_a, &json!({"users": [gone.clone()]})).await;
    gone["deleted"] = json!(true);
    gone["lastUpdated"] = json!("2026-11-21T00:00:00.000Z");
    sync_upload(app, &owner_a, &json!({"users": [gone]})).await;
    let foreign_ids = [owner_a.user_id.clone(), joined.user_id.clone(), pending.clone(), deleted.clone(), fieldtag_store::new_id()];

    let owner_b = app.sign_up("mallory@rival.ca").await;
    let b_pending = fieldtag_store::new_id();
    sync_upload(app, &owner_b, &json!({"users": [user_record(&owner_b.org_id, &b_pending, "b-pending@rival.ca")]})).await;
    let b_link_token = link_token(&app.invite_link(&owner_b, &b_pending).await);
    let before = users_of(app, &owner_a).await;

    let document = expect(app.request(Method::GET, "/api/openapi.json").send().await.unwrap(), StatusCode::OK).await;
    let mut cases = 0;
    for (path, operations) in document["paths"].as_object().unwrap() {
        let Some(parameter) = ["{id}", "{userId}"].into_iter().find(|p| path.starts_with("/api/users/") && path.contains(p)) else {
            continue;
        };
        for method in operations.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            for id in &foreign_ids {
                let url = path.replace(parameter, id);
                // As B's owner, and with B's own link token, the two credentials such a route takes.
                for bearer in [owner_b.token.as_str(), b_link_token.as_str()] {
                    let body = json!({"password": "taken over password", "version": "1.0.1"});
                    let response = app.authed(method.clone(), &url, bearer).json(&body).send().await.unwrap();
                    let status = response.status();
                    let text = response.text().await.unwrap();
                    assert!(status.is_client_error(), "{method} {url} answered {status}: {text}");
                    assert!(!text.contains("@acme.ca"), "{method} {url} leaked: {text}");
                    cases += 1;
                }
            }
        }
    }
    assert!(cases >= 3 * foreign_ids.len() * 2, "the matrix covers every user route ({cases} cases)");
    println!("user-id matrix: {cases} cases (routes x foreign ids x credentials), 0 leaks");
    assert_eq!(users_of(app, &owner_a).await, before, "nothing of A's users changed");
    expect(app.login(&owner_a.email, &owner_a.password).await, StatusCode::OK).await;
    expect(app.login(&joined.email, &joined.password).await, StatusCode::OK).await;
    expect(app.login("tech@acme.ca", "taken over password").await, StatusCode::UNAUTHORIZED).await;
    // B's own link still works for B's user: the refusals spent nothing of B's either.
    expect(app.set_password(&b_pending, &b_link_token, "b pending password").await, StatusCode::OK).await;
}

async fn users_of(app: &TestApp, owner: &Account) -> Vec<Value> {
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let answer = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    let mut users: Vec<Value> = answer["users"].as_array().unwrap().clone();
    users.sort_by_key(|u| u["id"].as_str().unwrap().to_string());
    users
}

async fn invite_links_are_only_for_users_who_have_not_joined(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["*.*"]).await;
    let admin = app.add_user(&owner, "admin@acme.ca", &["WEB_LOGIN", "SETTINGS_READ", "SETTINGS_WRITE"]).await;
    for joined in [&owner.user_id, &tech.user_id] {
        let response = app.authed(Method::POST, &format!("/api/users/{joined}/invite-link"), &admin.token).send().await.unwrap();
        expect_error(
            response,
            StatusCode::CONFLICT,
            "AlreadyJoined",
            "This user has already joined. They can choose a new password with 'Forgot Password' on the login screen.",
        )
        .await;
    }
    // Marking a joined user pending again in their record changes nothing: joining is having a password.
    let mut record = app.store.user(&owner.org_id, &owner.user_id).await.unwrap().unwrap();
    record["invitationStatus"] = json!(0);
    record["lastUpdated"] = json!("2030-01-01T00:00:00.000Z");
    sync_upload(app, &admin, &json!({"users": [record]})).await;
    let response = app.authed(Method::POST, &format!("/api/users/{}/invite-link", owner.user_id), &admin.token).send().await.unwrap();
    expect(response, StatusCode::CONFLICT).await;
    expect(app.login(&owner.email, &owner.password).await, StatusCode::OK).await;
}

async fn a_new_invite_link_revokes_the_earlier_ones(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let user_id = fieldtag_store::new_id();
    sync_upload(app, &owner, &json!({"users": [user_record(&owner.org_id, &user_id, "new@acme.ca")]})).await;
    let first = link_token(&app.invite_link(&owner, &user_id).await);
    let second = link_token(&app.invite_link(&owner, &user_id).await);
    let invalid = "This link is invalid or has expired. Ask for a new one.";
    expect_error(app.set_password(&user_id, &first, "first password").await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    expect(app.set_password(&user_id, &second, "second password").await, StatusCode::OK).await;
    expect_error(app.set_password(&user_id, &second, "third password").await, StatusCode::UNAUTHORIZED, "InvalidLinkToken", invalid).await;
    expect(app.login("new@acme.ca", "second password").await, StatusCode::OK).await;
}

async fn parallel_invite_links_leave_one_live(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let user_id = fieldtag_store::new_id();
    sync_upload(app, &owner, &json!({"users": [user_record(&owner.org_id, &user_id, "new@acme.ca")]})).await;
    let links = futures_util::future::join_all((0..12).map(|_| app.invite_link(&owner, &user_id))).await;
    assert_eq!(app.store.live_user_tokens(&owner.org_id, &user_id).await.unwrap(), 1, "one live link of 12 issued at once");
    let tokens: Vec<String> = links.iter().map(|link| link_token(link)).collect();
    let tries = futures_util::future::join_all(tokens.iter().map(|token| app.set_password(&user_id, token, "chosen password"))).await;
    let accepted = tries.iter().filter(|response| response.status() == StatusCode::OK).count();
    assert_eq!(accepted, 1, "exactly one link sets the password");
    assert_eq!(app.store.live_user_tokens(&owner.org_id, &user_id).await.unwrap(), 0);
}

async fn a_deleted_users_email_is_free_again(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["*.*"]).await;
    let mut record = app.store.user(&owner.org_id, &tech.user_id).await.unwrap().unwrap();
    record["deleted"] = json!(true);
    record["lastUpdated"] = json!("2030-01-01T00:00:00.000Z");
    let answer = sync_upload(app, &owner, &json!({"users": [record]})).await;
    assert_eq!(answer["users"][0]["status"], "accepted", "{answer}");
    expect(app.login(&tech.email, &tech.password).await, StatusCode::UNAUTHORIZED).await;

    // In the same organisation, as a new user...
    let again = fieldtag_store::new_id();
    let answer = sync_upload(app, &owner, &json!({"users": [user_record(&owner.org_id, &again, &tech.email)]})).await;
    assert_eq!(answer["users"][0]["status"], "accepted", "{answer}");
    // ...and, once that one is deleted too, at sign-up of another organisation.
    let mut record = user_record(&owner.org_id, &again, &tech.email);
    record["deleted"] = json!(true);
    record["lastUpdated"] = json!("2030-01-01T00:00:00.000Z");
    sync_upload(app, &owner, &json!({"users": [record]})).await;
    let other = app.sign_up(&tech.email).await;
    expect(app.login(&tech.email, &other.password).await, StatusCode::OK).await;
}

async fn an_access_token_must_name_a_live_session_of_its_user(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["*.*"]).await;
    let keys = TokenKeys::new(SECRET, 600);
    let org_path = format!("/api/organizations/{}", owner.org_id);
    // The key is right, as the server's own tokens show.
    expect(app.authed(Method::GET, &org_path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    // A session that never existed.
    let invented = keys.issue(&owner.user_id, &owner.org_id, &fieldtag_store::new_id()).unwrap();
    let response = app.authed(Method::GET, &org_path, &invented.token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{}", response.text().await.unwrap());
    // A real session of another user of the organisation.
    let tech_session = session_of(&tech.token);
    let borrowed = keys.issue(&owner.user_id, &owner.org_id, &tech_session).unwrap();
    let response = app.authed(Method::GET, &org_path, &borrowed.token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{}", response.text().await.unwrap());
}

/// The `fam` claim of an access token (its payload is not encrypted).
fn session_of(token: &str) -> String {
    use base64::Engine as _;
    let payload = token.split('.').nth(1).unwrap();
    let claims: Value = serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap();
    claims["fam"].as_str().unwrap().to_string()
}
