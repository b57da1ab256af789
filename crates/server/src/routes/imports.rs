//! `POST /api/organizations/{orgId}/imports` queues an import from the safety scan app (spec §3
//! Import request), `POST .../imports/billing` a billing import (spec §3 billing import
//! request); `GET /api/imports?orgId=` lists the organisation's imports, newest first.
//! The job itself runs in the background from the database (imports/runner.rs, docs/import.md).

use axum::extract::State;
use axum::http::StatusCode;
use fieldtag_domain::permissions::Permission;
use fieldtag_store::NewImport;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::auth::{OrgSession, Session};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Query};
use crate::imports::record::ImportRecord;
use crate::imports::safety_scan::SOURCE;
use crate::state::AppState;

/// The fields of an import request (spec §3: no others are allowed).
const REQUEST_FIELDS: [&str; 6] = ["orgId", "importKey", "importAllSites", "clearAllData", "importUsers", "importDate"];

/// An import request, read field by field so each mistake is named.
#[derive(Debug, PartialEq)]
struct ImportRequest {
    org_id: String,
    key: String,
    import_all_sites: bool,
    clear_all_data: bool,
    import_users: bool,
    import_date: Option<String>,
}

fn read_request(body: &Map<String, Value>) -> Result<ImportRequest, String> {
    if let Some(unknown) = body.keys().find(|key| !REQUEST_FIELDS.contains(&key.as_str())) {
        return Err(format!("Unknown field '{unknown}' in the import request"));
    }
    let (org_id, key) = read_org_and_key(body)?;
    let flag = |name: &str| match body.get(name) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(value)) => Ok(*value),
        Some(_) => Err(format!("{name} must be true or false")),
    };
    let import_date = match body.get("importDate") {
        None | Some(Value::Null) => None,
        Some(Value::String(date)) if date.len() == 10 && date.parse::<jiff::civil::Date>().is_ok() => Some(date.clone()),
        Some(_) => return Err("importDate must be a date like 2026-01-31".into()),
    };
    Ok(ImportRequest {
        org_id,
        key,
        import_all_sites: flag("importAllSites")?,
        clear_all_data: flag("clearAllData")?,
        import_users: flag("importUsers")?,
        import_date,
    })
}

/// The billing import request's fields (spec §3: only orgId and importKey).
const BILLING_REQUEST_FIELDS: [&str; 2] = ["orgId", "importKey"];

/// A billing import request: the organisation and the key, read as the import request reads them.
fn read_billing_request(body: &Map<String, Value>) -> Result<(String, String), String> {
    if let Some(unknown) = body.keys().find(|key| !BILLING_REQUEST_FIELDS.contains(&key.as_str())) {
        return Err(format!("Unknown field '{unknown}' in the billing import request"));
    }
    read_org_and_key(body)
}

/// The request's orgId and importKey.key, each mistake named.
fn read_org_and_key(body: &Map<String, Value>) -> Result<(String, String), String> {
    let org_id = match body.get("orgId") {
        None | Some(Value::Null) => return Err("orgId is required".into()),
        Some(Value::String(id)) if !id.trim().is_empty() => id.clone(),
        Some(Value::String(_)) => return Err("orgId is required".into()),
        Some(_) => return Err("orgId must be text".into()),
    };
    let key = match body.get("importKey") {
        None | Some(Value::Null) => return Err("importKey is required".into()),
        Some(Value::Object(import_key)) => {
            if let Some(unknown) = import_key.keys().find(|key| key.as_str() != "key") {
                return Err(format!("Unknown field '{unknown}' in importKey"));
            }
            match import_key.get("key") {
                Some(Value::String(key)) if !key.trim().is_empty() => key.trim().to_string(),
                Some(Value::String(_)) | None | Some(Value::Null) => return Err("importKey.key is required".into()),
                Some(_) => return Err("importKey.key must be text".into()),
            }
        }
        Some(_) => return Err("importKey must be an object like {\"key\": \"...\"}".into()),
    };
    Ok((org_id, key))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ImportAnswer {
    data: ImportRecord,
}

/// Starts an import from the safety scan app (SETTINGS_WRITE). Answers at once with the queued
/// import record; progress and the outcome show in `GET /api/imports`.
#[utoipa::path(post, path = "/api/organizations/{orgId}/imports", tag = "imports", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body(content = Object, description = "{orgId, importKey: {key}, importAllSites?, clearAllData?, importUsers?, importDate?: YYYY-MM-DD}; no other fields"),
    responses(
        (status = 202, body = ImportAnswer),
        (status = 400, description = "An unknown or missing field, or orgId not the path's", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 503, description = "No safety scan app is configured on this server", body = ErrorBody),
    ))]
pub async fn start_import(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<(StatusCode, Json<ImportAnswer>)> {
    session.require(Permission::SettingsWrite)?;
    let request = read_request(&body).map_err(ApiError::bad_request)?;
    // Kept as asked, less the key: the key lives in its own column only until the job ends.
    let kept = json!({
        "orgId": request.org_id,
        "importAllSites": request.import_all_sites,
        "clearAllData": request.clear_all_data,
        "importUsers": request.import_users,
        "importDate": request.import_date,
    });
    queue_import(&state, &session, &request.org_id, &kept, &request.key, Some(&request)).await
}

/// What both import requests do once read: the orgId asked for must be the path's, a safety
/// scan app must be configured, then the job is stored and the runner woken. A billing import
/// has no `options` (it takes none of the import request's choices).
async fn queue_import(
    state: &AppState,
    session: &Session,
    asked_org_id: &str,
    kept: &Value,
    key: &str,
    options: Option<&ImportRequest>,
) -> ApiResult<(StatusCode, Json<ImportAnswer>)> {
    if asked_org_id != session.org_id {
        return Err(ApiError::bad_request("orgId does not match the organization in the path"));
    }
    if state.safety_scan_url.is_none() {
        return Err(ApiError::import_unavailable());
    }
    let job = NewImport {
        org_id: &session.org_id,
        source: SOURCE,
        user_id: &session.user_id,
        request: kept,
        import_key: Some(key),
        import_all_sites: options.is_some_and(|o| o.import_all_sites),
        clear_all_data: options.is_some_and(|o| o.clear_all_data),
        import_users: options.is_some_and(|o| o.import_users),
        import_date: options.and_then(|o| o.import_date.as_deref()),
    };
    let job = state.store.insert_import(&job).await?;
    tracing::info!(import = job.id, context_id = job.context_id, org = session.org_id, "import queued");
    state.import_queue.queued();
    Ok((StatusCode::ACCEPTED, Json(ImportAnswer { data: job.into() })))
}

/// Starts a billing import from the safety scan app (SETTINGS_WRITE): spec §3's billing import
/// request, `{orgId, importKey: {key}}` and nothing else. The app's billing accounts become
/// customers, as the import brings its sites (docs/imports.md). Answers at once with the queued
/// import record; progress and the outcome show in `GET /api/imports`.
#[utoipa::path(post, path = "/api/organizations/{orgId}/imports/billing", tag = "imports", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body(content = Object, description = "{orgId, importKey: {key}}; no other fields"),
    responses(
        (status = 202, body = ImportAnswer),
        (status = 400, description = "An unknown or missing field, or orgId not the path's", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 503, description = "No safety scan app is configured on this server", body = ErrorBody),
    ))]
pub async fn start_billing_import(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<(StatusCode, Json<ImportAnswer>)> {
    session.require(Permission::SettingsWrite)?;
    let (org_id, key) = read_billing_request(&body).map_err(ApiError::bad_request)?;
    let kept = json!({"orgId": org_id, "billing": true});
    queue_import(&state, &session, &org_id, &kept, &key, None).await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ImportsQuery {
    /// The caller's organisation.
    org_id: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ImportsAnswer {
    data: Vec<ImportRecord>,
}

/// The organisation's imports, newest first (SETTINGS_READ).
#[utoipa::path(get, path = "/api/imports", tag = "imports", security(("bearer" = [])), params(ImportsQuery),
    responses((status = 200, body = ImportsAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_imports(
    State(state): State<AppState>,
    session: Session,
    Query(query): Query<ImportsQuery>,
) -> ApiResult<Json<ImportsAnswer>> {
    let org_id = query.org_id.filter(|id| !id.is_empty()).ok_or_else(|| ApiError::bad_request("orgId is required"))?;
    session.require_org(&org_id)?;
    session.require(Permission::SettingsRead)?;
    let jobs = state.store.imports_of(&org_id).await?;
    Ok(Json(ImportsAnswer { data: jobs.into_iter().map(ImportRecord::from).collect() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: Value) -> Result<ImportRequest, String> {
        read_request(body.as_object().unwrap())
    }

    #[test]
    fn every_mistake_is_named() {
        assert_eq!(
            read(json!({"orgId": "a", "importKey": {"key": "k"}, "foo": 1})).unwrap_err(),
            "Unknown field 'foo' in the import request"
        );
        assert_eq!(read(json!({"importKey": {"key": "k"}})).unwrap_err(), "orgId is required");
        assert_eq!(read(json!({"orgId": "a"})).unwrap_err(), "importKey is required");
        assert_eq!(read(json!({"orgId": "a", "importKey": {}})).unwrap_err(), "importKey.key is required");
        assert_eq!(read(json!({"orgId": "a", "importKey": {"key": "k", "secret": 1}})).unwrap_err(), "Unknown field 'secret' in importKey");
        assert_eq!(
            read(json!({"orgId": "a", "importKey": {"key": "k"}, "clearAllData": "yes"})).unwrap_err(),
            "clearAllData must be true or false"
        );
        assert_eq!(
            read(json!({"orgId": "a", "importKey": {"key": "k"}, "importDate": "2026-02-30"})).unwrap_err(),
            "importDate must be a date like 2026-01-31"
        );
        let request = read(json!({"orgId": "a", "importKey": {"key": " k "}, "importUsers": true, "importDate": "2026-01-31"})).unwrap();
        assert_eq!(request.key, "k");
        assert!(request.import_users && !request.import_all_sites && !request.clear_all_data);
        assert_eq!(request.import_date.as_deref(), Some("2026-01-31"));
    }
}
