//! `POST /api/logs`: errors clients report (a page crash). Never fails the
//! client: whatever arrives is kept as well as it can be, and 204 answers.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use fieldtag_store::ClientLog;
use serde_json::Value;

use crate::app::AppState;
use crate::auth::session::MaybeSession;

const MAX_MESSAGE_CHARS: usize = 10_000;

/// Keeps a client's error report.
#[utoipa::path(post, path = "/api/logs", tag = "operations",
    request_body(content = Object, description = "{level, message}; anything else is kept as context"),
    responses((status = 204, description = "Kept (or, if it could not be, logged on the server)")))]
pub async fn add_log(State(state): State<AppState>, MaybeSession(session): MaybeSession, body: Bytes) -> StatusCode {
    let log = client_log(&body, session.as_ref().map(|s| (s.org_id.clone(), s.user_id.clone())));
    if let Err(error) = state.store.add_client_log(&log).await {
        tracing::error!(%error, message = %log.message, "client log could not be stored");
    }
    StatusCode::NO_CONTENT
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
