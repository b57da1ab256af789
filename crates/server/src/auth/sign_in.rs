//! Signing in: a new session (log in, sign-up, an accepted invite) or the next tokens of one
//! (refresh), answered with the user's record and the session's tokens.

use std::net::IpAddr;

use fieldtag_domain::email::email_key;
use fieldtag_domain::time::format_stamp;
use fieldtag_store::{RefreshOutcome, now_millis};
use serde::Serialize;
use serde_json::Value;

use crate::auth::client_app::{ClientApp, permissions_of};
use crate::auth::login_limit::LoginAttempt;
use crate::auth::passwords::verify_password;
use crate::auth::tokens::{hash_opaque_token, new_opaque_token};
use crate::error::{ApiError, ApiResult};
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

/// A password is checked only once the attempt is taken under the limits (auth/login_limit.rs).
pub async fn log_in(state: &AppState, client: IpAddr, email: &str, password: &str, app: ClientApp) -> ApiResult<LoginAnswer> {
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
        return Err(ApiError::credentials_not_valid());
    };
    attempt.succeeded().await?;
    start_session(state, &identity.org_id, user, app).await
}

/// A refresh renews the session only while the user may still sign in to the app asking.
pub async fn refresh(state: &AppState, refresh_token: &str, app: ClientApp) -> ApiResult<LoginAnswer> {
    let deleted_or_fake = || ApiError::refresh_token_deleted_or_fake();
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
