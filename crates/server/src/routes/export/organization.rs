//! The whole organisation as one JSON document, streamed page by page.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use fieldtag_domain::permissions::Permission;
use fieldtag_domain::records::people::{Organization, SECRET_FIELDS};
use fieldtag_domain::records::stored::AsText;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::{Store, StoreError, now_stamp};
use futures_util::TryStreamExt;
use futures_util::stream::BoxStream;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{EXPORT_PAGE, today};
use crate::auth::{OrgSession, Session};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::files::{Files, StoredFile};
use crate::routes::download::attachment;
use crate::state::AppState;

/// The kinds of the export after the organisation itself: every kind the sync feed carries
/// (global alerts are the operator's, not the organisation's).
fn exported_kinds() -> Vec<SyncKind> {
    SyncKind::ALL.into_iter().filter(|kind| !matches!(kind, SyncKind::Organization | SyncKind::GlobalAlerts)).collect()
}

/// The export holds everything, so it asks for SETTINGS_READ and for every permission that
/// reads a kind through sync: it never shows a user more than sync would.
fn require_export(session: &Session) -> ApiResult<()> {
    session.require(Permission::SettingsRead)?;
    for kind in exported_kinds() {
        if let Some(permission) = kind.read_permission() {
            session.require(permission)?;
        }
    }
    Ok(())
}

/// Where the streamed export stands between chunks.
struct ExportWriter {
    store: Store,
    files: Arc<Files>,
    org_id: String,
    kinds: Vec<SyncKind>,
    /// The kind being written (an index into `kinds`).
    kind: usize,
    /// The last id written of the current kind; None before its list is opened.
    after: Option<String>,
    /// The document's opening, written as the first chunk.
    head: Option<String>,
    /// The listing of the organisation's files, once the records are written.
    listing: Option<BoxStream<'static, anyhow::Result<StoredFile>>>,
    finished: bool,
}

impl ExportWriter {
    /// The next chunk: the head, then one page of records at a time, then the files a page at
    /// a time, then the closing brace.
    async fn next_chunk(&mut self) -> anyhow::Result<Option<Bytes>> {
        if let Some(head) = self.head.take() {
            return Ok(Some(Bytes::from(head)));
        }
        let Some(kind) = self.kinds.get(self.kind).copied() else {
            return self.next_files_chunk().await;
        };
        let mut chunk = String::new();
        let first_page = self.after.is_none();
        if first_page {
            chunk.push_str(&format!(",\"{}\":[", kind.key()));
        }
        let after = self.after.take().unwrap_or_default();
        let page = self.store.records_page(&self.org_id, kind.key(), &after, EXPORT_PAGE, false).await?;
        for (n, record) in page.iter().enumerate() {
            if n > 0 || !first_page {
                chunk.push(',');
            }
            if kind == SyncKind::Users {
                chunk.push_str(&without_secrets(&record.data)?);
            } else {
                chunk.push_str(record.data.trim());
            }
        }
        if (page.len() as i64) < EXPORT_PAGE {
            chunk.push(']');
            self.kind += 1;
        } else {
            self.after = page.last().map(|record| record.id.clone());
        }
        Ok(Some(Bytes::from(chunk)))
    }

    /// Up to a page of the `files` list, `{"fileName", "bytes"}` each; the last one closes the document.
    async fn next_files_chunk(&mut self) -> anyhow::Result<Option<Bytes>> {
        if self.finished {
            return Ok(None);
        }
        let mut chunk = String::new();
        let listing = match &mut self.listing {
            Some(listing) => listing,
            None => {
                chunk.push_str(",\"files\":[");
                self.listing.insert(self.files.organisation_files(&self.org_id))
            }
        };
        for _ in 0..EXPORT_PAGE {
            let Some(file) = listing.try_next().await? else {
                chunk.push_str("]}");
                self.finished = true;
                break;
            };
            if !chunk.ends_with('[') {
                chunk.push(',');
            }
            chunk.push_str(&json!({"fileName": file.file_name, "bytes": file.bytes}).to_string());
        }
        Ok(Some(Bytes::from(chunk)))
    }
}

/// A user record with any secret field removed (sync refuses them; this is the second lock).
fn without_secrets(data: &str) -> Result<String, StoreError> {
    let mut user: Value = serde_json::from_str(data).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    if let Some(map) = user.as_object_mut() {
        for field in SECRET_FIELDS {
            map.remove(field);
        }
    }
    Ok(user.to_string())
}

/// The whole organisation as one JSON document, streamed (SETTINGS_READ and the read
/// permission of every kind): `exportedAt`, `organization`, then one list per sync kind
/// (equipment, locations, performedServices, …, schedule, siteTypes) of the records that are
/// not deleted, as stored, then `files`: `{fileName, bytes}` of every stored file (logos,
/// letterheads, floor plans, profile pictures, photos, signatures). No tombstones, passwords,
/// tokens or server secrets.
#[utoipa::path(get, path = "/api/organizations/{orgId}/export", tag = "export", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    responses(
        (status = 200, description = "The export, a JSON download named '{organization} - Export - {YYYY-MM-DD}.json'", content_type = "application/json", body = Object),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn export_organization(State(state): State<AppState>, OrgSession(session): OrgSession) -> ApiResult<Response> {
    require_export(&session)?;
    let organization = state.store.organization(&session.org_id).await?.ok_or_else(|| ApiError::not_found("Organization not found"))?;
    let name = Organization::deserialize(&organization)
        .ok()
        .map(|organization| organization.name.as_text().trim().to_string())
        .unwrap_or_else(|| "Organization".to_string());
    let exported_at = now_stamp();
    let head = format!("{{\"exportedAt\":\"{exported_at}\",\"organization\":{organization}");
    let writer = ExportWriter {
        store: state.store.clone(),
        files: state.files.clone(),
        org_id: session.org_id.clone(),
        kinds: exported_kinds(),
        kind: 0,
        after: None,
        head: Some(head),
        listing: None,
        finished: false,
    };
    let chunks = futures_util::stream::unfold(Some(writer), |writer| async move {
        let mut writer = writer?;
        match writer.next_chunk().await {
            Ok(Some(chunk)) => Some((Ok(chunk), Some(writer))),
            Ok(None) => None,
            Err(error) => {
                // The status is sent already: the body ends early, which no JSON reader accepts.
                tracing::error!(org_id = %writer.org_id, %error, "the export stopped");
                Some((Err(error), None))
            }
        }
    });
    let file_name = format!("{name} - Export - {}.json", today());
    Ok((
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json")), (header::CONTENT_DISPOSITION, attachment(&file_name)?)],
        Body::from_stream(chunks),
    )
        .into_response())
}
