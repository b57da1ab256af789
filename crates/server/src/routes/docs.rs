//! The OpenAPI document and a page to browse it.

use std::sync::Arc;

use axum::Router;
use utoipa::openapi::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::state::AppState;

/// `/api/openapi.json` and the browsable page at `/api/docs`.
pub fn router(openapi: Arc<OpenApi>) -> Router<AppState> {
    SwaggerUi::new("/api/docs").url("/api/openapi.json", (*openapi).clone()).into()
}
