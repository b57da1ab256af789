use reqwest::{Method, StatusCode};
use serde_json::json;

use fieldtag_server::auth::login_limit::{MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL};

use crate::common::{Account, TestApp, expect, expect_error, link_token};

crate::on_both_engines!(
    login_answers_tokens_that_open_the_api,
    login_refuses_bad_credentials_alike,
    token_without_credentials_asks_for_a_refresh_token,
    refresh_rotates_the_refresh_token,
    reused_refresh_token_revokes_the_whole_session,
    unknown_refresh_token_is_deleted_or_fake,
    logout_blacklists_the_access_token,
    failed_logins_are_rate_limited_per_email,
    failed_logins_are_rate_limited_per_address,
    access_tokens_are_checked,
    signing_in_needs_the_login_permission_of_the_app,
);

async fn login_answers_tokens_that_open_the_api(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let body = expect(app.login("  Owner@Acme.ca ", &format!(" {} ", owner.password)).await, StatusCode::OK).await;
    assert_eq!(body["user"]["id"], owner.user_id.as_str());
    let token = body["token"].as_str().unwrap();
    let org = app.authed(Method::GET, &format!("/api/organizations/{}", owner.org_id), token).send().await.unwrap();
    expect(org, StatusCode::OK).await;
}

async fn login_refuses_bad_credentials_alike(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    for (email, password) in [(owner.email.as_str(), "wrong password"), ("nobody@acme.ca", owner.password.as_str()), ("", "")] {
        expect_error(app.login(email, password).await, StatusCode::UNAUTHORIZED, "CredentialsNotValid", "Credentials are not valid").await;
    }
    let garbage = app.request(Method::POST, "/api/token").header("authorization", "Basic !!!").send().await.unwrap();
    expect_error(garbage, StatusCode::UNAUTHORIZED, "LoginFailed", "Login Failed").await;
    let other_scheme = app.request(Method::POST, "/api/token").header("authorization", "Digest abc").send().await.unwrap();
    expect_error(other_scheme, StatusCode::UNAUTHORIZED, "LoginFailed", "Login Failed").await;
}

async fn token_without_credentials_asks_for_a_refresh_token(app: &TestApp) {
    let response = app.request(Method::POST, "/api/token").send().await.unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "NoRefreshToken", "No refresh token on file").await;
}

async fn refresh(app: &TestApp, refresh_token: &str) -> reqwest::Response {
    app.request(Method::POST, "/api/token").bearer_auth(refresh_token).send().await.unwrap()
}

async fn refresh_rotates_the_refresh_token(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let first = expect(refresh(app, &owner.refresh_token).await, StatusCode::OK).await;
    assert_ne!(first["refreshToken"], owner.refresh_token.as_str());
    assert_eq!(first["user"]["id"], owner.user_id.as_str());
    let second = expect(refresh(app, first["refreshToken"].as_str().unwrap()).await, StatusCode::OK).await;
    let token = second["token"].as_str().unwrap();
    expect(app.authed(Method::GET, &format!("/api/organizations/{}", owner.org_id), token).send().await.unwrap(), StatusCode::OK).await;
}

async fn reused_refresh_token_revokes_the_whole_session(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rotated = expect(refresh(app, &owner.refresh_token).await, StatusCode::OK).await;
    // A thief replays the spent token: the whole chain ends, for them and for the holder.
    expect_error(
        refresh(app, &owner.refresh_token).await,
        StatusCode::UNAUTHORIZED,
        "RefreshTokenDeletedOrFake",
        "Refresh token deleted or fake",
    )
    .await;
    let newest = rotated["refreshToken"].as_str().unwrap();
    expect_error(refresh(app, newest).await, StatusCode::UNAUTHORIZED, "RefreshTokenDeletedOrFake", "Refresh token deleted or fake").await;
    let access = rotated["token"].as_str().unwrap();
    let response = app.authed(Method::GET, &format!("/api/organizations/{}", owner.org_id), access).send().await.unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "AccessTokenBlackListed", "The access token has been revoked").await;
    // Another session of the same user is untouched.
    expect(app.login(&owner.email, &owner.password).await, StatusCode::OK).await;
}

async fn unknown_refresh_token_is_deleted_or_fake(app: &TestApp) {
    app.sign_up("owner@acme.ca").await;
    expect_error(
        refresh(app, "made-up-token").await,
        StatusCode::UNAUTHORIZED,
        "RefreshTokenDeletedOrFake",
        "Refresh token deleted or fake",
    )
    .await;
}

async fn logout_blacklists_the_access_token(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    expect(app.authed(Method::DELETE, "/api/token", &owner.token).send().await.unwrap(), StatusCode::NO_CONTENT).await;
    let response = app.authed(Method::GET, &format!("/api/organizations/{}", owner.org_id), &owner.token).send().await.unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "AccessTokenBlackListed", "The access token has been revoked").await;
    expect_error(
        refresh(app, &owner.refresh_token).await,
        StatusCode::UNAUTHORIZED,
        "RefreshTokenDeletedOrFake",
        "Refresh token deleted or fake",
    )
    .await;
}

/// The answer over a login limit: it says how long to wait.
pub async fn expect_too_many_logins(response: reqwest::Response) {
    let message = "Too many failed login attempts. Please wait 15 minutes and try again.";
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, "TooManyLoginAttempts", message).await;
}

async fn failed_logins_are_rate_limited_per_email(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let other = app.sign_up("other@acme.ca").await;
    for _ in 0..10 {
        expect(app.login(&owner.email, "guess").await, StatusCode::UNAUTHORIZED).await;
    }
    // Even the right password waits now: the guesser cannot tell when they hit it.
    expect_too_many_logins(app.login(&owner.email, &owner.password).await).await;
    // Another account from the same address is under its own, higher limit.
    expect(app.login(&other.email, &other.password).await, StatusCode::OK).await;
}

/// A guesser trying many accounts from one address: each account stays under its own
/// limit, the address does not. The counts live in the database, so every instance agrees.
async fn failed_logins_are_rate_limited_per_address(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let per_email = MAX_FAILURES_PER_EMAIL / 2;
    for attempt in 0..MAX_FAILURES_PER_ADDRESS {
        let email = format!("target{}@acme.ca", attempt / per_email);
        expect(app.login(&email, "guess").await, StatusCode::UNAUTHORIZED).await;
    }
    expect_too_many_logins(app.login(&owner.email, &owner.password).await).await;
    // Refreshing a session is no login: it goes on.
    let refreshed = app.request(Method::POST, "/api/token").bearer_auth(&owner.refresh_token).send().await.unwrap();
    expect(refreshed, StatusCode::OK).await;
}

async fn access_tokens_are_checked(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let path = format!("/api/organizations/{}", owner.org_id);
    let none = app.request(Method::GET, &path).send().await.unwrap();
    expect_error(none, StatusCode::UNAUTHORIZED, "Unauthorized", "Sign in first: no access token was sent").await;
    let mut tampered = owner.token.clone();
    tampered.pop();
    tampered.push(if owner.token.ends_with('A') { 'B' } else { 'A' });
    let response = app.authed(Method::GET, &path, &tampered).send().await.unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "InvalidAccessToken", "The access token is not valid or has expired").await;
    // A refresh token is not an access token.
    let response = app.authed(Method::GET, &path, &owner.refresh_token).send().await.unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "InvalidAccessToken", "The access token is not valid or has expired").await;
}

/// Behind a reverse proxy every login comes from the proxy's address: its `X-Forwarded-For`
/// names the client, so one guesser does not lock everyone out, and only when the proxy is
/// trusted, so a guesser cannot escape the limit by writing the header.
mod behind_a_proxy {
    use reqwest::{Method, StatusCode};

    use fieldtag_server::auth::login_limit::{MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL};

    use super::expect_too_many_logins;
    use crate::common::{TestApp, expect};

    crate::on_both_engines!(configure = trust_loopback; failed_logins_count_per_forwarded_client);

    fn trust_loopback(config: &mut fieldtag_server::config::Config) {
        config.trusted_proxies = vec!["127.0.0.1".parse().unwrap(), "::1".parse().unwrap()];
    }

    async fn login_from(app: &TestApp, client: &str, email: &str, password: &str) -> reqwest::Response {
        let request = app.request(Method::POST, "/api/token").basic_auth(email, Some(password));
        request.header("x-forwarded-for", client).send().await.unwrap()
    }

    async fn failed_logins_count_per_forwarded_client(app: &TestApp) {
        let owner = app.sign_up("owner@acme.ca").await;
        let per_email = MAX_FAILURES_PER_EMAIL / 2;
        for attempt in 0..MAX_FAILURES_PER_ADDRESS {
            let email = format!("target{}@acme.ca", attempt / per_email);
            expect(login_from(app, "203.0.113.7", &email, "guess").await, StatusCode::UNAUTHORIZED).await;
        }
        expect_too_many_logins(login_from(app, "203.0.113.7", &owner.email, &owner.password).await).await;
        // A header the guesser writes in front of the proxy's entry changes nothing.
        expect_too_many_logins(login_from(app, "198.51.100.1, 203.0.113.7", &owner.email, &owner.password).await).await;
        expect(login_from(app, "203.0.113.8", &owner.email, &owner.password).await, StatusCode::OK).await;
    }
}

async fn login_as(app: &TestApp, account: &Account, client: &str) -> reqwest::Response {
    app.request(Method::POST, "/api/token")
        .basic_auth(&account.email, Some(&account.password))
        .header("x-fieldtag-client", client)
        .send()
        .await
        .unwrap()
}

async fn refresh_as(app: &TestApp, refresh_token: &str, client: &str) -> reqwest::Response {
    app.request(Method::POST, "/api/token").bearer_auth(refresh_token).header("x-fieldtag-client", client).send().await.unwrap()
}

const NOT_ON_WEB: &str = "Your account may not sign in to the web app. Ask an administrator for the Web Login permission.";
const NOT_ON_PHONE: &str = "Your account may not sign in to the phone app. Ask an administrator for the Mobile Login permission.";
const NOWHERE: &str = "Your account may not sign in. Ask an administrator for the Web Login or Mobile Login permission.";

/// §6 WEB_LOGIN and MOBILE_LOGIN, checked when a session starts (login, a password set from a
/// link) and at every refresh, against the app the request says it comes from.
async fn signing_in_needs_the_login_permission_of_the_app(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let web = app.add_user(&owner, "web@acme.ca", &["WEB_LOGIN", "LOCATION_READ"]).await;
    let phone = app.add_user(&owner, "phone@acme.ca", &["MOBILE_LOGIN", "LOCATION_READ", "EQUIPMENT_READ"]).await;
    expect(login_as(app, &web, "web").await, StatusCode::OK).await;
    expect(app.login(&web.email, &web.password).await, StatusCode::OK).await;
    expect_error(login_as(app, &web, "mobile").await, StatusCode::FORBIDDEN, "LoginNotAllowed", NOT_ON_PHONE).await;
    expect(login_as(app, &phone, "mobile").await, StatusCode::OK).await;
    expect_error(login_as(app, &phone, "web").await, StatusCode::FORBIDDEN, "LoginNotAllowed", NOT_ON_WEB).await;
    expect_error(app.login(&phone.email, &phone.password).await, StatusCode::FORBIDDEN, "LoginNotAllowed", NOT_ON_WEB).await;
    let odd = app
        .request(Method::POST, "/api/token")
        .basic_auth(&web.email, Some(&web.password))
        .header("x-fieldtag-client", "tv")
        .send()
        .await
        .unwrap();
    expect_error(odd, StatusCode::BAD_REQUEST, "BadRequest", "X-Fieldtag-Client must be web or mobile").await;

    // At refresh: the app must match, and a permission taken away ends the session's renewals.
    expect_error(refresh_as(app, &phone.refresh_token, "web").await, StatusCode::FORBIDDEN, "LoginNotAllowed", NOT_ON_WEB).await;
    let renewed = expect(refresh_as(app, &web.refresh_token, "web").await, StatusCode::OK).await;
    let mut record = app.store.user(&owner.org_id, &web.user_id).await.unwrap().unwrap();
    record["permissions"] = json!(["LOCATION_READ"]);
    record["lastUpdated"] = json!("2030-01-01T00:00:00.000Z");
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    expect(app.authed(Method::PATCH, &path, &owner.token).json(&json!({"users": [record]})).send().await.unwrap(), StatusCode::OK).await;
    let refused = refresh_as(app, renewed["refreshToken"].as_str().unwrap(), "web").await;
    expect_error(refused, StatusCode::FORBIDDEN, "LoginNotAllowed", NOWHERE).await;
    expect_error(login_as(app, &web, "web").await, StatusCode::FORBIDDEN, "LoginNotAllowed", NOWHERE).await;
    expect_error(login_as(app, &web, "mobile").await, StatusCode::FORBIDDEN, "LoginNotAllowed", NOWHERE).await;

    // A password set from an invite link is kept, but no session starts where the user may not sign in.
    let user_id = fieldtag_store::new_id();
    let pending = json!({"id": user_id, "orgId": owner.org_id, "name": "Phone Only", "email": "new@acme.ca",
        "permissions": ["MOBILE_LOGIN", "LOCATION_READ", "EQUIPMENT_READ"], "invitationStatus": 0, "lastUpdated": "2026-01-01T00:00:00.000Z"});
    expect(app.authed(Method::PATCH, &path, &owner.token).json(&json!({"users": [pending]})).send().await.unwrap(), StatusCode::OK).await;
    let token = link_token(&app.invite_link(&owner, &user_id).await);
    let set = app.set_password(&user_id, &token, "phone only password").await;
    let body = expect(set, StatusCode::FORBIDDEN).await;
    assert_eq!(body["code"], "PasswordSetLoginNotAllowed", "{body}");
    assert_eq!(
        body["message"],
        "Your password is set. Your account may sign in only to the phone app: install Fieldtag on your phone and sign in there."
    );
    let phone_only = Account { email: "new@acme.ca".into(), password: "phone only password".into(), user_id, ..owner.clone() };
    expect(login_as(app, &phone_only, "mobile").await, StatusCode::OK).await;
}
