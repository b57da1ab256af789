//! `GET` and `PATCH /api/organizations/{orgId}`: the caller's company.

use axum::extract::State;
use fieldtag_domain::organization::apply_organization_patch;
use fieldtag_domain::permissions::Permission;
use fieldtag_store::Store;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::auth::OrgSession;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

/// The changes of `PATCH /organizations/{orgId}`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OrganizationPatch {
    /// Fields to change: company information, preferences, white label.
    #[schema(value_type = Object)]
    data: Map<String, Value>,
}

async fn load(store: &Store, org_id: &str) -> ApiResult<Value> {
    store.organization(org_id).await?.ok_or_else(|| ApiError::not_found("Organization not found"))
}

/// The caller's organisation.
#[utoipa::path(get, path = "/api/organizations/{orgId}", tag = "organizations", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    responses((status = 200, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn get_organization(State(state): State<AppState>, OrgSession(session): OrgSession) -> ApiResult<Json<Value>> {
    load(&state.store, &session.org_id).await.map(Json)
}

/// Changes the caller's organisation (SETTINGS_WRITE).
#[utoipa::path(patch, path = "/api/organizations/{orgId}", tag = "organizations", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body = OrganizationPatch,
    responses((status = 200, body = Object), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn patch_organization(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(patch): Json<OrganizationPatch>,
) -> ApiResult<Json<Value>> {
    let org_id = session.org_id.as_str();
    session.require(Permission::SettingsWrite)?;
    // Under the organisation's lock, so a billing webhook changing `active` at the same moment
    // is not overwritten by this copy.
    let mut refused = None;
    let updated = state
        .store
        .update_organization(org_id, |current| match apply_organization_patch(current, &patch.data, jiff::Timestamp::now()) {
            Ok(updated) => Some(updated),
            Err(error) => {
                refused = Some(error.message);
                None
            }
        })
        .await?;
    if let Some(message) = refused {
        return Err(ApiError::validation_failed(message));
    }
    updated.map(Json).ok_or_else(|| ApiError::not_found("Organization not found"))
}
