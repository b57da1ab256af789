//! `GET /metrics`: the process's counters and the import job queue, for whoever may read them.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiResult;
use crate::metrics::{IMPORT_JOBS_WAITING, install};
use crate::state::AppState;

/// `GET /metrics`.
pub async fn scrape(State(state): State<AppState>, request: Request) -> ApiResult<Response> {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0);
    state.metrics.check(peer, request.headers())?;
    let waiting = state.store.import_jobs_waiting().await?;
    let mut text = install().render();
    text.push_str(&format!(
        "# HELP {IMPORT_JOBS_WAITING} Import jobs queued or running, read from the database.\n\
         # TYPE {IMPORT_JOBS_WAITING} gauge\n{IMPORT_JOBS_WAITING} {waiting}\n"
    ));
    Ok(([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response())
}
