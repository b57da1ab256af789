//! Recording that a user accepted the terms (spec §4: the terms prompt appears while the
//! user's accepted version differs from the current one).

use axum::extract::State;
use fieldtag_store::{Store, now_stamp};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::auth::Session;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;

const MAX_VERSION_CHARS: usize = 20;

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AcceptTermsRequest {
    /// The terms version the user accepted, e.g. '1.0.1'.
    version: String,
}

/// Records the terms version the signed-in user accepted; answers the user record. Only
/// users themselves accept terms, whatever their permissions and their subscription.
#[utoipa::path(post, path = "/api/users/{userId}/accepted-terms", tag = "auth", security(("bearer" = [])),
    params(("userId" = String, Path, description = "The signed-in user")),
    request_body = AcceptTermsRequest,
    responses((status = 200, body = Object), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn accept_terms(
    State(state): State<AppState>,
    session: Session,
    Path(user_id): Path<String>,
    Json(request): Json<AcceptTermsRequest>,
) -> ApiResult<Json<Value>> {
    if user_id != session.user_id {
        return Err(ApiError::forbidden("Users accept the terms for themselves"));
    }
    let version = request.version.trim();
    if version.is_empty() || version.chars().count() > MAX_VERSION_CHARS {
        return Err(ApiError::validation_failed("version must be a terms version"));
    }
    record(&state.store, &session.org_id, &user_id, version).await.map(Json)
}

async fn record(store: &Store, org_id: &str, user_id: &str, version: &str) -> ApiResult<Value> {
    let mut user = store.user(org_id, user_id).await?.ok_or_else(|| ApiError::not_found("User not found"))?;
    user["acceptedTermsVersion"] = json!(version);
    user["lastUpdated"] = json!(now_stamp());
    store.put_entity(org_id, "users", user_id, &user).await?;
    Ok(user)
}
