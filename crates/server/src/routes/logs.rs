//! `POST /api/logs`: errors clients report (a page crash). Whatever arrives within the
//! limits is kept as well as it can be, and 204 answers; the client ignores failures (§7).

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use fieldtag_store::{ClientLog, Limit, now_millis};
use serde_json::Value;

use crate::auth::session::MaybeSession;
use crate::body_limit::read_limited;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

const MAX_MESSAGE_CHARS: usize = 10_000;
/// Largest log body kept: a crash report with its stack fits.
pub const MAX_LOG_BODY_BYTES: usize = 16 * 1024;
/// Logs one address may send per hour, signed in or not.
pub const MAX_LOGS_PER_ADDRESS: i64 = 60;
/// Logs the table keeps; the oldest go first.
pub const MAX_LOGS_KEPT: i64 = 5_000;
const HOUR_MILLIS: i64 = 60 * 60 * 1000;

/// Keeps a client's error report. Signed in or not (a crash on the login screen is reported
/// too), so it is bounded three ways: the body's size, the address's rate, the table's rows.
#[utoipa::path(post, path = "/api/logs", tag = "operations",
    request_body(content = Object, description = "{level, message}; anything else is kept as context. At most 16 KiB."),
    responses((status = 204, description = "Kept (or, if it could not be, logged on the server)"),
        (status = 413, description = "LogTooLarge: over 16 KiB", body = ErrorBody),
        (status = 429, description = "TooManyLogs: over 60 an hour from one address", body = ErrorBody)))]
pub async fn add_log(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    MaybeSession(session): MaybeSession,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<StatusCode> {
    let body = read_limited(&headers, body, MAX_LOG_BODY_BYTES, ApiError::log_too_large).await?;
    let address = format!("logs:{}", state.client_address.of(peer.ip(), &headers));
    let limit = Limit { key: &address, max: MAX_LOGS_PER_ADDRESS, since_millis: now_millis() - HOUR_MILLIS };
    if state.store.take_attempt(&[limit]).await?.is_none() {
        return Err(ApiError::too_many_logs());
    }
    let log = client_log(&body, session.as_ref().map(|s| (s.org_id.clone(), s.user_id.clone())));
    if let Err(error) = state.store.add_client_log(&log, MAX_LOGS_KEPT).await {
        tracing::error!(%error, message = %log.message, "client log could not be stored");
    }
    Ok(StatusCode::NO_CONTENT)
}

fn client_log(body: &[u8], caller: Option<(String, String)>) -> ClientLog {
    let text = String::from_utf8_lossy(body);
    let parsed: Option<Value> = serde_json::from_str(&text).ok();
    let field = |name: &str| parsed.as_ref().and_then(|v| v.get(name)).and_then(Value::as_str).map(str::to_string);
    let message = field("message").unwrap_or_else(|| text.to_string());
    let level = field("level").filter(|l| ["error", "warning", "info", "debug"].contains(&l.as_str())).unwrap_or_else(|| "error".into());
    let context = parsed.as_ref().filter(|v| v.is_object()).map(|v| {
        let mut rest = v.clone();
        if let Some(map) = rest.as_object_mut() {
            map.remove("message");
            map.remove("level");
        }
        truncate(&rest.to_string())
    });
    let (org_id, user_id) = caller.unzip();
    ClientLog { org_id, user_id, level, message: truncate(&message), context }
}

fn truncate(text: &str) -> String {
    text.chars().take(MAX_MESSAGE_CHARS).collect()
}
