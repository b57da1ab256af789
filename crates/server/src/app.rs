//! The application: the router with its layers.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::extract::State;
use axum::handler::Handler;
use axum::http::{HeaderMap, HeaderValue, Method, Uri, header};
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::body_limit::MAX_BODY_BYTES;
use crate::error::ApiError;
use crate::routes;
use crate::state::AppState;
use crate::web_app;

/// The whole HTTP application.
pub fn router(state: AppState) -> Router {
    let (api, mut openapi) = routes::api_router().split_for_parts();
    routes::common_responses::document(&mut openapi);
    let openapi = Arc::new(openapi);
    crate::metrics::install();
    Router::new()
        .merge(api)
        .route("/metrics", axum::routing::get(routes::metrics::scrape))
        .merge(routes::docs::router(openapi))
        .fallback(api_or_web_app.layer(CompressionLayer::new()))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(state.clone(), crate::billing::guard::refuse_writes_when_inactive))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(crate::body_limit::refuse_oversized))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            crate::security_headers::content_security_policy(state.files.read_origin()),
        ))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("same-origin")))
        .layer(TraceLayer::new_for_http())
        .layer(axum::middleware::from_fn(crate::metrics::track))
        .layer(CatchPanicLayer::custom(|_| {
            axum::response::IntoResponse::into_response(ApiError::internal(anyhow::anyhow!("handler panicked")))
        }))
        .with_state(state)
}

/// Whatever no route took: under `/api` (or any method but GET and HEAD) there is nothing,
/// anywhere else the web app answers.
async fn api_or_web_app(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    let is_api = path == "/api" || path.starts_with("/api/");
    if is_api || !(method == Method::GET || method == Method::HEAD) {
        return unknown_route(method, uri).await.into_response();
    }
    web_app::serve(&state.web_assets, path, &headers).await
}

async fn unknown_route(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("No such route: {method} {}", uri.path()))
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::method_not_allowed(method.as_str(), uri.path())
}
