//! `POST /api/token`: log in with basic auth, or rotate a refresh token;
//! `DELETE /api/token`: log out.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header::AUTHORIZATION};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use fieldtag_domain::email::email_key;
use fieldtag_domain::time::format_stamp;
use fieldtag_store::{RefreshOutcome, now_millis};
use serde::Serialize;
use serde_json::Value;

use crate::auth::Session;
use crate::auth::client_app::{ClientApp, permissions_of};
use crate::auth::login_limit::LoginAttempt;
use crate::auth::passwords::verify_password;
use crate::auth::tokens::{hash_opaque_token, new_opaque_token};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

/// How long a session lasts without being refreshed.
const REFRESH_TOKEN_DAYS: i64 = 60;

/// The answer to a login, sign-up, refresh or accepted invite.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginAnswer {
    /// The user's record (never a password).
    #[schema(value_type = Object)]
    pub user: Value,
    /// Access token, sent as `Authorization: Bearer ...`.
    pub token: String,
    /// When the access token expires (ISO 8601).
    pub expires: String,
    /// Single-use token that gets the next access token.
    pub refresh_token: String,
}

/// Starts a session for a user in the app they use, if their permissions let them sign in
/// there, and answers with its tokens.
pub async fn start_session(state: &AppState, org_id: &str, user: Value, app: ClientApp) -> ApiResult<LoginAnswer> {
    app.check_may_sign_in(&permissions_of(&user))?;
    let user_id = user["id"].as_str().unwrap_or_default().to_string();
    let refresh_token = new_opaque_token();
    let family_id = state.store.start_session(org_id, &user_id, &hash_opaque_token(&refresh_token), refresh_expiry()).await?;
    answer(state, org_id, &family_id, user, refresh_token)
}

fn answer(state: &AppState, org_id: &str, family_id: &str, user: Value, refresh_token: String) -> ApiResult<LoginAnswer> {
    let user_id = user["id"].as_str().unwrap_or_default();
    let access = state.tokens.issue(user_id, org_id, family_id).map_err(ApiError::internal)?;
    let expires = format_stamp(jiff::Timestamp::from_second(access.expires_at_seconds).map_err(ApiError::internal)?);
    Ok(LoginAnswer { user, token: access.token, expires, refresh_token })
}

fn refresh_expiry() -> i64 {
    now_millis() + REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000
}

/// Log in (basic auth: email and password) or refresh (bearer: the refresh token).
#[utoipa::path(post, path = "/api/token", tag = "auth",
    security(("basic" = []), ("bearer" = [])),
    responses(
        (status = 200, body = LoginAnswer),
        (status = 400, description = "X-Fieldtag-Client names no app", body = ErrorBody),
        (status = 401, description = "'Credentials are not valid', 'No refresh token on file', or code RefreshTokenDeletedOrFake", body = ErrorBody),
        (status = 403, description = "LoginNotAllowed: the user's permissions do not let them sign in to this app (WEB_LOGIN, MOBILE_LOGIN)", body = ErrorBody),
        (status = 429, description = "Too many failed logins", body = ErrorBody),
    ))]
pub async fn issue_token(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> ApiResult<Json<LoginAnswer>> {
    let Some(authorization) = headers.get(AUTHORIZATION) else {
        return Err(ApiError::unauthorized("NoRefreshToken", "No refresh token on file"));
    };
    let authorization = authorization.to_str().map_err(|_| login_failed())?;
    let (scheme, credentials) = authorization.split_once(' ').ok_or_else(login_failed)?;
    let app = ClientApp::of(&headers)?;
    if scheme.eq_ignore_ascii_case("basic") {
        let (email, password) = decode_basic(credentials.trim()).ok_or_else(login_failed)?;
        login(&state, state.client_address.of(peer.ip(), &headers), &email, &password, app).await.map(Json)
    } else if scheme.eq_ignore_ascii_case("bearer") && !credentials.trim().is_empty() {
        refresh(&state, credentials.trim(), app).await.map(Json)
    } else {
        Err(login_failed())
    }
}

fn login_failed() -> ApiError {
    ApiError::unauthorized("LoginFailed", "Login Failed")
}

fn credentials_not_valid() -> ApiError {
    ApiError::unauthorized("CredentialsNotValid", "Credentials are not valid")
}

/// `email:password` from a basic-auth value, both trimmed (spec §5).
fn decode_basic(encoded: &str) -> Option<(String, String)> {
    let decoded = String::from_utf8(STANDARD.decode(encoded).ok()?).ok()?;
    let (email, password) = decoded.split_once(':')?;
    Some((email.trim().to_string(), password.trim().to_string()))
}

/// A password is checked only once the attempt is taken under the limits (auth/login_limit.rs).
async fn login(state: &AppState, client: IpAddr, email: &str, password: &str, app: ClientApp) -> ApiResult<LoginAnswer> {
    let key = email_key(email);
    let attempt = LoginAttempt::take(&state.store, &key, client).await?;
    let identity = state.store.identity_by_email(&key).await?;
    let hash = identity.as_ref().and_then(|i| i.password_hash.clone());
    let password_matches = verify_password(password.to_string(), hash).await?;
    let user = match (&identity, password_matches) {
        (Some(identity), true) => state.store.user(&identity.org_id, &identity.user_id).await?,
        _ => None,
    };
    let (Some(identity), Some(user)) = (identity, user) else {
        return Err(credentials_not_valid());
    };
    attempt.succeeded().await?;
    start_session(state, &identity.org_id, user, app).await
}

/// A refresh renews the session only while the user may still sign in to the app asking.
async fn refresh(state: &AppState, refresh_token: &str, app: ClientApp) -> ApiResult<LoginAnswer> {
    let deleted_or_fake = || ApiError::unauthorized("RefreshTokenDeletedOrFake", "Refresh token deleted or fake");
    let next_token = new_opaque_token();
    let outcome =
        state.store.rotate_refresh_token(&hash_opaque_token(refresh_token), &hash_opaque_token(&next_token), refresh_expiry()).await?;
    let RefreshOutcome::Rotated { family_id, org_id, user_id } = outcome else {
        return Err(deleted_or_fake());
    };
    let user = state.store.user(&org_id, &user_id).await?.ok_or_else(deleted_or_fake)?;
    app.check_may_sign_in(&permissions_of(&user))?;
    answer(state, &org_id, &family_id, user, next_token)
}

/// Log out: the session's refresh token and its access tokens stop working.
#[utoipa::path(delete, path = "/api/token", tag = "auth", security(("bearer" = [])),
    responses((status = 204, description = "Logged out"), (status = 401, body = ErrorBody)))]
pub async fn end_session(State(state): State<AppState>, session: Session) -> ApiResult<StatusCode> {
    let claims = &session.claims;
    state.store.end_session(&claims.fam, &claims.jti, claims.exp * 1000).await?;
    Ok(StatusCode::NO_CONTENT)
}
