//! `POST /api/organizations/{orgId}/counters/site-number` and `.../account-number`:
//! unique numbers for new sites and customers, handed out by the server because
//! offline devices cannot agree on them.

use axum::extract::State;
use fieldtag_domain::permissions::Permission;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::auth::OrgSession;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

/// The only value a counter update may carry (spec §3: the literal increment marker).
pub const INCREMENT_MARKER: &str = "$increment";

#[derive(Serialize, utoipa::ToSchema)]
pub struct CounterValue {
    data: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CounterAnswer {
    /// `data.data` is the new number.
    data: CounterValue,
}

/// The site-number body as the OpenAPI document shows it: exactly `{"siteNumber": "$increment"}`.
/// (The handler reads a map, to answer any other body with the one message below.)
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub struct SiteNumberIncrement {
    #[schema(pattern = r"^\$increment$", example = "$increment")]
    site_number: String,
}

/// The account-number body: exactly `{"accountNumber": "$increment"}`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[allow(dead_code)]
pub struct AccountNumberIncrement {
    #[schema(pattern = r"^\$increment$", example = "$increment")]
    account_number: String,
}

/// Checks the body is exactly `{field: "$increment"}`.
fn check_increment(body: &Map<String, Value>, field: &str) -> ApiResult<()> {
    let only_marker = body.len() == 1 && body.get(field).and_then(Value::as_str) == Some(INCREMENT_MARKER);
    if only_marker { Ok(()) } else { Err(ApiError::bad_request(format!("Send exactly {{\"{field}\": \"{INCREMENT_MARKER}\"}}"))) }
}

async fn next(state: &AppState, org_id: &str, counter: &str) -> ApiResult<Json<CounterAnswer>> {
    let value = state.store.next_counter_value(org_id, counter).await?;
    Ok(Json(CounterAnswer { data: CounterValue { data: value } }))
}

/// The next site number (LOCATION_WRITE). Body: `{"siteNumber": "$increment"}`.
#[utoipa::path(post, path = "/api/organizations/{orgId}/counters/site-number", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body = SiteNumberIncrement,
    responses((status = 200, body = CounterAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn next_site_number(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<Json<CounterAnswer>> {
    session.require(Permission::LocationWrite)?;
    check_increment(&body, "siteNumber")?;
    next(&state, &session.org_id, "siteNumber").await
}

/// The next customer account number (LOCATION_WRITE). Body: `{"accountNumber": "$increment"}`.
#[utoipa::path(post, path = "/api/organizations/{orgId}/counters/account-number", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body = AccountNumberIncrement,
    responses((status = 200, body = CounterAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn next_account_number(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<Json<CounterAnswer>> {
    session.require(Permission::LocationWrite)?;
    check_increment(&body, "accountNumber")?;
    next(&state, &session.org_id, "accountNumber").await
}
