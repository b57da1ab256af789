//! `GET /api/organizations/{orgId}/sync/events`: live sync, a Server-Sent Events stream that
//! tells the organisation's members its newest version (docs/sync.md "Live sync").

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response, Sse};

use crate::auth::OrgSession;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::sync_events::{LiveStream, Refusal};

/// A stream of `version` events (`{"version", "serverEpoch"}`), the first at once, then one
/// whenever the organisation's version grows; `: keep-alive` comments between; an `end` event
/// (`{"reason"}`) before the server closes it.
#[utoipa::path(get, path = "/api/organizations/{orgId}/sync/events", tag = "sync", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    responses((status = 200, content_type = "text/event-stream", body = String), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "TooManyStreams: this user has as many open streams as allowed"),
        (status = 503, body = ErrorBody, description = "LiveSyncFull: this server holds as many streams as it may")))]
pub async fn sync_events(State(state): State<AppState>, OrgSession(session): OrgSession) -> ApiResult<Response> {
    let admission = state.sync_events.admit(&session.user_id).map_err(|refusal| match refusal {
        Refusal::TooManyForUser(limit) => ApiError::too_many_sync_streams(limit),
        Refusal::Full => ApiError::live_sync_full(),
    })?;
    let server_epoch = state.store.server_epoch().await?;
    // Watched before the version is read, so a write between the two is not missed.
    let mut watch = state.sync_events.watch(&session.org_id, 0);
    let committed = state.store.current_version(&session.org_id).await?;
    watch.raise(committed);
    let stream = LiveStream::new(&state.sync_events, admission, watch, session.claims, server_epoch);
    let mut response = Sse::new(stream.into_events()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}
