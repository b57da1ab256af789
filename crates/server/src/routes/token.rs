//! `POST /api/token`: log in with basic auth, or rotate a refresh token;
//! `DELETE /api/token`: log out.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header::AUTHORIZATION};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use crate::auth::Session;
use crate::auth::client_app::ClientApp;
use crate::auth::sign_in::{LoginAnswer, log_in, refresh};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

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
        return Err(ApiError::no_refresh_token());
    };
    let authorization = authorization.to_str().map_err(|_| ApiError::login_failed())?;
    let (scheme, credentials) = authorization.split_once(' ').ok_or_else(ApiError::login_failed)?;
    let app = ClientApp::of(&headers)?;
    if scheme.eq_ignore_ascii_case("basic") {
        let (email, password) = decode_basic(credentials.trim()).ok_or_else(ApiError::login_failed)?;
        log_in(&state, state.client_address.of(peer.ip(), &headers), &email, &password, app).await.map(Json)
    } else if scheme.eq_ignore_ascii_case("bearer") && !credentials.trim().is_empty() {
        refresh(&state, credentials.trim(), app).await.map(Json)
    } else {
        Err(ApiError::login_failed())
    }
}

/// `email:password` from a basic-auth value, both trimmed (spec §5).
fn decode_basic(encoded: &str) -> Option<(String, String)> {
    let decoded = String::from_utf8(STANDARD.decode(encoded).ok()?).ok()?;
    let (email, password) = decoded.split_once(':')?;
    Some((email.trim().to_string(), password.trim().to_string()))
}

/// Log out: the session's refresh token and its access tokens stop working.
#[utoipa::path(delete, path = "/api/token", tag = "auth", security(("bearer" = [])),
    responses((status = 204, description = "Logged out"), (status = 401, body = ErrorBody)))]
pub async fn end_session(State(state): State<AppState>, session: Session) -> ApiResult<StatusCode> {
    let claims = &session.claims;
    state.store.end_session(&claims.fam, &claims.jti, claims.exp * 1000).await?;
    Ok(StatusCode::NO_CONTENT)
}
