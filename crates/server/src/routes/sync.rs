//! `GET` and `PATCH /api/organizations/{orgId}/sync`: the feed of changes after
//! a cursor, and uploads applied under last-writer-wins with an answer per record.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use fieldtag_domain::permissions::Permission;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::{ChangeList, FeedPage, RawChange, StoredRecord, SyncOutcome, now_stamp, push_with_version};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use tower_http::CompressionLevel;
use tower_http::compression::CompressionLayer;

use crate::auth::{OrgSession, Session};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::sync_upload::{CallerRules, Uploader, apply_order, prepare};

pub const DEFAULT_PAGE: i64 = 5_000;
pub const MAX_PAGE: i64 = 20_000;

/// Sync answers go compressed to a client that accepts it: a page of 20,000 records is about
/// 8.2 MB of JSON and 0.9 MB in gzip, which a phone's network carries nine times sooner. The
/// fastest level: the most of the gain for the least of the server's time.
pub fn compression() -> CompressionLayer {
    CompressionLayer::new().quality(CompressionLevel::Fastest)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SyncQuery {
    /// The `cursor` of the previous answer; 0 or absent for everything.
    cursor: Option<i64>,
    /// Changes per page (default 5,000, at most 20,000).
    limit: Option<i64>,
    /// Only changes the server received at or after this ISO 8601 time.
    updated_since: Option<String>,
    /// The `serverEpoch` of the answer the cursor came from. When the server's epoch has
    /// changed since (it was restored from a backup), the cursor means nothing: 409 ServerEpochChanged.
    server_epoch: Option<String>,
    /// `lists`: the answer as lines of JSON (`application/x-ndjson`), the records grouped by
    /// the list a device keeps them in, so a device that stores them as they come need not
    /// parse them (docs/sync.md "Lists answer"). Absent: one JSON object.
    format: Option<DownloadFormat>,
}

/// How a download answer is written.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DownloadFormat {
    Json,
    Lists,
}

/// The kinds this user may download.
fn readable_kinds(session: &Session) -> Vec<SyncKind> {
    SyncKind::ALL
        .into_iter()
        .filter(|kind| *kind != SyncKind::GlobalAlerts)
        .filter(|kind| kind.read_permission().is_none_or(|p| session.can(p)))
        .collect()
}

/// A record as it goes down: its data plus the version it was stored under.
fn downloaded(record: StoredRecord) -> Value {
    let mut data = record.data;
    if let Some(map) = data.as_object_mut() {
        map.insert("version".into(), json!(record.version));
    }
    data
}

/// Changes after a cursor: one list per sync key the caller may read, plus `cursor`, `serverEpoch`, `hasMore` and `serverTime`.
#[utoipa::path(get, path = "/api/organizations/{orgId}/sync", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation"), SyncQuery),
    responses((status = 200, content((Object = "application/json"), (String = "application/x-ndjson")), description = "One JSON object; with format=lists, lines of JSON: the object without the records, then a header and a list per group"), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody, description = "ServerEpochChanged: the server was restored; download from cursor 0")))]
pub async fn download(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Query(query): Query<SyncQuery>,
) -> ApiResult<Response> {
    let cursor = query.cursor.unwrap_or(0);
    if cursor < 0 {
        return Err(ApiError::bad_request("cursor must be 0 or more"));
    }
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(format!("limit must be between 1 and {MAX_PAGE}")));
    }
    let received_since = query
        .updated_since
        .as_deref()
        .map(|text| {
            text.parse::<jiff::Timestamp>()
                .map(|t| t.as_millisecond())
                .map_err(|_| ApiError::bad_request("updatedSince must be an ISO 8601 time, e.g. 2026-11-22T10:00:00Z"))
        })
        .transpose()?;
    let epoch = state.store.server_epoch().await?;
    if cursor > 0 && query.server_epoch.as_deref().is_some_and(|sent| sent != epoch) {
        return Err(ApiError::server_epoch_changed());
    }
    let kinds = readable_kinds(&session);
    let keys: Vec<&str> = kinds.iter().map(|k| k.key()).collect();
    // Every version up to this one is committed (the counter commits with its rows),
    // so a page that ends early may move the cursor here without skipping anything.
    let committed = state.store.current_version(&session.org_id).await?;
    let alerts = serde_json::to_string(&state.store.global_alerts().await?).map_err(ApiError::internal)?;
    let head = |count: usize, last: Option<i64>, has_more: bool| {
        let last = last.unwrap_or(cursor);
        let next_cursor = if has_more { last } else { last.max(committed).max(cursor) };
        crate::metrics::sync_batch("down", count);
        format!(
            "\"globalAlerts\":{alerts},\"cursor\":{next_cursor},\"serverEpoch\":\"{epoch}\",\"hasMore\":{has_more},\"serverTime\":\"{}\"",
            now_stamp()
        )
    };
    let asked = FeedPage { org_id: &session.org_id, cursor, kinds: &keys, received_since, limit };
    match query.format.unwrap_or(DownloadFormat::Json) {
        DownloadFormat::Json => {
            let (changes, has_more) = state.store.change_page(&asked).await?;
            let head = head(changes.len(), changes.last().map(|r| r.version), has_more);
            Ok(([(header::CONTENT_TYPE, "application/json")], object_answer(&session, &keys, &changes, &head)).into_response())
        }
        DownloadFormat::Lists => {
            // Another user's record as a member may see it: the page's users come one by one too.
            let members_view = !session.can(Permission::SettingsRead);
            let rows_of: &[&str] = if members_view { &[SyncKind::Users.key()] } else { &[] };
            let mut page = state.store.change_lists_after(&asked, rows_of).await?;
            if let Some(users) = page.lists.iter_mut().find(|list| list.kind == SyncKind::Users.key())
                && members_view
            {
                users.clear();
                for change in &page.rows {
                    users.push(&change.id, &visible(&session, change), change.version);
                }
            }
            let count = page.lists.iter().map(|list| list.count).sum::<i64>() as usize;
            let head = head(count, page.last_version, page.has_more);
            Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], lists_answer(&page.lists, count, &head)).into_response())
        }
    }
}

/// The answer as one JSON object: a list per key the caller may read, then `head`'s fields.
fn object_answer(session: &Session, keys: &[&str], changes: &[RawChange], head: &str) -> String {
    // The stored text is JSON this server wrote; it goes out as it is, with its
    // version spliced in, rather than parsed and written again.
    let mut lists: BTreeMap<&str, String> = keys.iter().map(|key| (*key, String::new())).collect();
    for change in changes {
        if let Some(list) = lists.get_mut(change.kind.as_str()) {
            if !list.is_empty() {
                list.push(',');
            }
            push_record(list, session, change);
        }
    }
    let mut body = String::with_capacity(lists.values().map(String::len).sum::<usize>() + head.len() + 64);
    body.push('{');
    for (key, list) in &lists {
        body.push_str(&format!("\"{key}\":[{list}],"));
    }
    body.push_str(head);
    body.push('}');
    body
}

/// The answer as lines of JSON: `head`'s fields and `recordCount` (so a device can tell an
/// answer cut short) as an object, then for each list, in kind and site order, a line
/// `{"kind","locationId","ids"}` and a line with the list's records as an array, oldest first.
/// A list is the records of one kind and, for a location-scoped kind, one site: what a device
/// keeps as one list. Each record is one line's part because stored text never holds a line
/// break (serde_json's compact form escapes it in strings).
fn lists_answer(lists: &[ChangeList], count: usize, head: &str) -> String {
    let size = lists.iter().map(|list| list.ids.len() + list.records.len() + list.site.len() + 64).sum::<usize>();
    let mut body = String::with_capacity(size + head.len() + 32);
    body.push_str(&format!("{{\"recordCount\":{count},{head}}}\n"));
    for list in lists {
        body.push_str(&format!(
            "{{\"kind\":\"{}\",\"locationId\":{},\"ids\":[{}]}}\n[{}]\n",
            list.kind,
            Value::String(list.site.clone()),
            list.ids,
            list.records
        ));
    }
    body
}

/// Appends a change's record as the caller may see it, with its version.
fn push_record(out: &mut String, session: &Session, change: &RawChange) {
    push_with_version(out, &visible(session, change), change.version);
}

/// A change's stored text as the caller may see it.
fn visible<'a>(session: &Session, change: &'a RawChange) -> Cow<'a, str> {
    member_view(session, &change.kind, &change.data).map_or(Cow::Borrowed(change.data.as_str()), Cow::Owned)
}

/// What a user record shows a member without SETTINGS_READ (spec §6: the users screens need
/// it): who the user is, not their email or permissions. Their own record they see whole.
const MEMBER_VISIBLE_USER_FIELDS: [&str; 6] = ["id", "orgId", "name", "image", "lastUpdated", "deleted"];

/// The record as the session may see it, when that is less than the stored text; None: as stored.
fn member_view(session: &Session, kind: &str, data: &str) -> Option<String> {
    if kind != SyncKind::Users.key() || session.can(Permission::SettingsRead) {
        return None;
    }
    let record: Map<String, Value> = serde_json::from_str(data).ok()?;
    if record.get("id").and_then(Value::as_str) == Some(session.user_id.as_str()) {
        return None;
    }
    let visible: Map<String, Value> =
        record.into_iter().filter(|(field, _)| MEMBER_VISIBLE_USER_FIELDS.contains(&field.as_str())).collect();
    serde_json::to_string(&visible).ok()
}

/// What became of one uploaded record.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", tag = "status")]
pub enum RecordAnswer {
    #[serde(rename = "accepted")]
    Accepted {
        id: Value,
        version: i64,
        /// Present when the record was kept under another stamp than it was sent with: its
        /// `lastUpdated` was more than 5 minutes ahead of the server's clock, so it was kept
        /// under the time of receipt (the device's clock is wrong).
        #[serde(rename = "lastUpdated", skip_serializing_if = "Option::is_none")]
        last_updated: Option<String>,
    },
    #[serde(rename = "stale")]
    Stale {
        id: Value,
        /// The server's newer copy, with its version; absent when the caller may not read the kind.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Object>)]
        record: Option<Value>,
    },
    #[serde(rename = "rejected")]
    Rejected { id: Value, reason: String },
}

/// Uploads changed records, keyed by sync key. Each is accepted, stale (the
/// server's newer copy comes back) or rejected (with the reason); in one transaction.
#[utoipa::path(patch, path = "/api/organizations/{orgId}/sync", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body(content = Object, description = "One list per sync key of locally changed records"),
    responses((status = 200, body = Object, description = "One list of RecordAnswer per key, and serverTime"), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn upload(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(body): Json<Map<String, Value>>,
) -> ApiResult<Json<Value>> {
    let mut answer = upload_lists(&state, &session, &body).await?;
    answer.insert("serverTime".into(), json!(now_stamp()));
    Ok(Json(Value::Object(answer)))
}

/// Applies lists of records keyed by sync key, as a device uploads them (and the upsert
/// requests, routes/upserts.rs): one list of answers per key, in the order sent.
pub(crate) async fn upload_lists(state: &AppState, session: &Session, body: &Map<String, Value>) -> ApiResult<Map<String, Value>> {
    let mut batch: Vec<(SyncKind, usize, &Value)> = Vec::new();
    for (key, list) in body {
        let kind = SyncKind::parse(key).ok_or_else(|| ApiError::bad_request(format!("Unknown sync key: {key}")))?;
        let list = list.as_array().ok_or_else(|| ApiError::bad_request(format!("{key} must be a list of records")))?;
        batch.extend(list.iter().enumerate().map(|(index, record)| (kind, index, record)));
    }
    batch.sort_by_key(|(kind, index, _)| (apply_order(*kind), *kind, *index));
    crate::metrics::sync_batch("up", batch.len());

    let uploader = Uploader { org_id: &session.org_id, user_id: &session.user_id, permissions: &session.permissions };
    let current_org = state.store.organization(&session.org_id).await?;
    let mut answers: BTreeMap<&str, Vec<Option<RecordAnswer>>> =
        body.iter().map(|(key, list)| (key.as_str(), (0..list.as_array().map_or(0, Vec::len)).map(|_| None).collect())).collect();
    let received = jiff::Timestamp::now();
    let mut accepted_slots = Vec::new();
    let mut incoming = Vec::new();
    for (kind, index, record) in &batch {
        let id = record.get("id").cloned().unwrap_or(Value::Null);
        match prepare(&uploader, *kind, record, current_org.as_ref(), received) {
            Ok((prepared, restamped)) => {
                accepted_slots.push((*kind, *index, id, restamped));
                incoming.push(prepared);
            }
            Err(reason) => answers.get_mut(kind.key()).expect("key of the body")[*index] = Some(RecordAnswer::Rejected { id, reason }),
        }
    }
    let outcomes = state.store.apply_sync_batch(&session.org_id, incoming, Arc::new(CallerRules::of(uploader))).await?;
    for ((kind, index, id, restamped), outcome) in accepted_slots.into_iter().zip(outcomes) {
        answers.get_mut(kind.key()).expect("key of the body")[index] = Some(match outcome {
            SyncOutcome::Accepted { version } => RecordAnswer::Accepted { id, version, last_updated: restamped },
            SyncOutcome::Stale { server } => RecordAnswer::Stale { id, record: readable_copy(session, kind, server) },
            SyncOutcome::Rejected { reason } => RecordAnswer::Rejected { id, reason },
        });
    }
    Ok(answers.into_iter().map(|(key, list)| (key.to_string(), serde_json::to_value(list).unwrap_or(Value::Null))).collect())
}

/// The server's copy for a stale answer, as the caller may see it: none of a kind they may not read.
fn readable_copy(session: &Session, kind: SyncKind, server: StoredRecord) -> Option<Value> {
    if kind.read_permission().is_some_and(|p| !session.can(p)) {
        return None;
    }
    let view = member_view(session, kind.key(), &server.data.to_string()).and_then(|text| serde_json::from_str(&text).ok());
    let version = server.version;
    let mut copy = downloaded(server);
    if let Some(view) = view {
        copy = view;
        copy["version"] = json!(version);
    }
    Some(copy)
}
