//! `GET /healthz`: for load balancers and people.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::extract::Json;
use crate::state::AppState;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when the database does not answer.
    status: &'static str,
    version: &'static str,
}

/// Whether the server and its database answer, and the version running.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let version = env!("CARGO_PKG_VERSION");
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, Json(Health { status: "ok", version })),
        Err(error) => {
            tracing::error!(%error, "health check: database unavailable");
            (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "unavailable", version }))
        }
    }
}
