//! `POST /api/organizations/{orgId}/locations/{fromLocationId}/equipment/transfers`:
//! moves equipment to another site with its history, performed services and
//! deficiencies (spec §4 Transfer), in one transaction.

use axum::extract::State;
use axum::http::StatusCode;
use fieldtag_domain::permissions::Permission;
use fieldtag_store::{Transfer, TransferRefusal, now_stamp};
use serde::{Deserialize, Serialize};

use crate::auth::OrgSession;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;

/// The transfer, without `date` and `dateServerTime`, which the server sets.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TransferFields {
    equipment_id: String,
    to_location_id: String,
    from_location_id: Option<String>,
    org_id: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TransferRequest {
    data: TransferFields,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferAnswer {
    id: String,
    equipment_id: String,
    from_location_id: String,
    to_location_id: String,
    date_server_time: String,
    /// The equipment and the records that moved with it; they come down in the next sync.
    moved_records: usize,
}

/// Moves a piece of equipment to another site (EQUIPMENT_WRITE).
#[utoipa::path(post, path = "/api/organizations/{orgId}/locations/{fromLocationId}/equipment/transfers", tag = "sync",
    security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation"), ("fromLocationId" = String, Path, description = "The site the equipment is at")),
    request_body = TransferRequest,
    responses((status = 201, body = TransferAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn transfer_equipment(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Path(path): Path<(String, String)>,
    Json(TransferRequest { data }): Json<TransferRequest>,
) -> ApiResult<(StatusCode, Json<TransferAnswer>)> {
    session.require(Permission::EquipmentWrite)?;
    let from_location_id = path.1;
    if data.org_id.as_deref().is_some_and(|org| org != session.org_id) {
        return Err(ApiError::bad_request("orgId does not match your organization"));
    }
    if data.from_location_id.as_deref().is_some_and(|from| from != from_location_id) {
        return Err(ApiError::bad_request("fromLocationId does not match the site in the path"));
    }
    if data.to_location_id == from_location_id {
        return Err(ApiError::bad_request("The equipment is already at that site"));
    }
    let now = now_stamp();
    let transfer = Transfer {
        equipment_id: &data.equipment_id,
        from_location_id: &from_location_id,
        to_location_id: &data.to_location_id,
        user_id: &session.user_id,
        now: &now,
    };
    let done = state.store.transfer_equipment(&session.org_id, &transfer).await?.map_err(|refusal| match refusal {
        TransferRefusal::EquipmentNotFound => ApiError::not_found("Equipment not found"),
        TransferRefusal::NotAtSourceSite => ApiError::bad_request("The equipment is not at that site"),
        TransferRefusal::TargetSiteNotFound => ApiError::not_found("The target site was not found"),
    })?;
    let answer = TransferAnswer {
        id: done.id,
        equipment_id: data.equipment_id,
        from_location_id,
        to_location_id: data.to_location_id,
        date_server_time: now,
        moved_records: done.moved_records,
    };
    Ok((StatusCode::CREATED, Json(answer)))
}
