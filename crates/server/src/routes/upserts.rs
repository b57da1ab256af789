//! Spec §3 upsert requests: `PATCH /api/organizations/{orgId}/locations` and
//! `PATCH /api/organizations/{orgId}/customers`, each `{data: [records]}`. Every record goes
//! through the sync upload's own checks and rules (routes/sync.rs, sync_upload/), so what an
//! upsert may store is exactly what a device may upload; the answer is one per record.

use axum::extract::State;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::now_stamp;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::auth::{OrgSession, Session};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::routes::sync::{RecordAnswer, upload_lists};
use crate::state::AppState;

/// Records one upsert request may carry: larger sets are sent in several requests.
pub const MAX_UPSERT_RECORDS: usize = 1000;

/// The answer as the OpenAPI document shows it (the handler passes on the sync upload's answers).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct UpsertAnswer {
    /// One answer per record, in the order sent: accepted, stale (with the server's newer copy)
    /// or rejected (with the reason; nothing of that record is stored).
    data: Vec<RecordAnswer>,
    server_time: String,
}

/// The records of `{data: [...]}`, or what is wrong with the request.
fn read_request(body: &Map<String, Value>) -> Result<&Value, String> {
    if let Some(unknown) = body.keys().find(|key| key.as_str() != "data") {
        return Err(format!("Unknown field '{unknown}' in the upsert request"));
    }
    let data = body.get("data").filter(|data| !data.is_null()).ok_or("data is required")?;
    let records = data.as_array().ok_or("data must be a list of records")?;
    if records.len() > MAX_UPSERT_RECORDS {
        return Err(format!("data may hold at most {MAX_UPSERT_RECORDS} records"));
    }
    Ok(data)
}

async fn upsert(state: &AppState, session: &Session, kind: SyncKind, body: &Map<String, Value>) -> ApiResult<Json<Value>> {
    if let Some(permission) = kind.write_permission() {
        session.require(permission)?;
    }
    let data = read_request(body).map_err(ApiError::bad_request)?;
    let lists = Map::from_iter([(kind.key().to_string(), data.clone())]);
    let mut answers = upload_lists(state, session, &lists).await?;
    let data = answers.remove(kind.key()).unwrap_or(Value::Array(Vec::new()));
    Ok(Json(serde_json::json!({"data": data, "serverTime": now_stamp()})))
}

/// Adds or updates sites (LOCATION_WRITE), each checked as a sync upload checks it.
#[utoipa::path(patch, path = "/api/organizations/{orgId}/locations", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body(content = Object, description = "{data: [location records]}, at most 1000; no other fields"),
    responses((status = 200, body = UpsertAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn upsert_locations(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<Json<Value>> {
    upsert(&state, &session, SyncKind::Locations, &body).await
}

/// Adds or updates customers (LOCATION_WRITE, spec §6), each checked as a sync upload checks it.
#[utoipa::path(patch, path = "/api/organizations/{orgId}/customers", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body(content = Object, description = "{data: [customer records]}, at most 1000; no other fields"),
    responses((status = 200, body = UpsertAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn upsert_customers(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<Json<Value>> {
    upsert(&state, &session, SyncKind::Customers, &body).await
}
