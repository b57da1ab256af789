//! `GET /api/organizations/{orgId}/imports/csv/fields`: what a CSV import can fill;
//! `POST /api/organizations/{orgId}/imports/csv`: a file of sites, equipment or service
//! history, mapped column by column, checked (dry run) or written. docs/import-csv.md.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use fieldtag_domain::permissions::Permission;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::auth::OrgSession;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::imports::csv::check::Rejection;
use crate::imports::csv::fields::{EQUIPMENT_FIELDS, Field, FileKind, HISTORY_FIELDS, SITE_FIELDS};
use crate::imports::csv::file::read_file;
use crate::imports::csv::write::{Request, RunError, run};
use crate::state::AppState;

/// The fields of each kind of file, for the column-mapping screen.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CsvFields {
    sites: &'static [Field],
    equipment: &'static [Field],
    history: &'static [Field],
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CsvFieldsAnswer {
    data: CsvFields,
}

/// What a CSV import can fill, per kind of file: `name` is the key `mapping` uses, `label` the words to show.
#[utoipa::path(get, path = "/api/organizations/{orgId}/imports/csv/fields", tag = "imports", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    responses((status = 200, body = CsvFieldsAnswer), (status = 403, body = ErrorBody)))]
pub async fn csv_fields(OrgSession(session): OrgSession) -> ApiResult<Json<CsvFieldsAnswer>> {
    session.require(Permission::SettingsRead)?;
    Ok(Json(CsvFieldsAnswer { data: CsvFields { sites: SITE_FIELDS, equipment: EQUIPMENT_FIELDS, history: HISTORY_FIELDS } }))
}

/// A CSV file to import.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CsvImportRequest {
    kind: FileKind,
    /// The file's text; its first line names the columns.
    csv: String,
    /// Field name to the header of the column that holds it.
    mapping: BTreeMap<String, String>,
    /// Check only: list the rows that would be rejected and write nothing.
    dry_run: bool,
}

/// Checks a CSV file of sites, equipment or service history and, unless it is a dry run,
/// writes its accepted rows as sync records in one transaction with a completed import record.
#[utoipa::path(post, path = "/api/organizations/{orgId}/imports/csv", tag = "imports", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body = CsvImportRequest,
    responses(
        (status = 200, body = Object, description = "Dry run: {data: {rows, accepted, rejected: [{row, reason}]}}"),
        (status = 201, body = Object, description = "Written: {data: {import, rows, accepted, rejected}}"),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn import_csv(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<CsvImportRequest>,
) -> ApiResult<Response> {
    session.require(Permission::SettingsWrite)?;
    let file = read_file(body.kind, &body.csv, &body.mapping).map_err(|e| ApiError::bad_request(e.0))?;
    let request =
        Request { org_id: &session.org_id, user_id: &session.user_id, kind: body.kind, mapping: &body.mapping, dry_run: body.dry_run };
    let outcome = run(&state.store, &request, &file).await.map_err(|error| match error {
        RunError::Busy => ApiError::organization_kept_changing(),
        RunError::Store(error) => error.into(),
    })?;
    let checked = outcome.checked;
    let rejected: &[Rejection] = &checked.rejected;
    Ok(match outcome.import {
        None => Json(json!({"data": {"rows": checked.rows, "accepted": checked.accepted, "rejected": rejected}})).into_response(),
        Some(import) => (
            StatusCode::CREATED,
            Json(json!({"data": {"import": import, "rows": checked.rows, "accepted": checked.accepted, "rejected": rejected}})),
        )
            .into_response(),
    })
}
