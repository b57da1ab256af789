//! The one error type of the HTTP layer. Every failure becomes JSON
//! `{code, message, contextId}` with the right status; server faults are logged
//! under the contextId and never show their details.

use std::io::ErrorKind;

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use fieldtag_store::StoreError;
use serde::Serialize;

mod catalogue;

pub use catalogue::{DATABASE_UNAVAILABLE_MESSAGE, DISK_FULL_MESSAGE};

/// The body of every error answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// Stable machine-readable code, e.g. `AccessTokenBlackListed`.
    pub code: String,
    /// What went wrong, in words for people.
    pub message: String,
    /// Quote this to support; server logs carry it too.
    pub context_id: String,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    source: Option<anyhow::Error>,
}

impl ApiError {
    /// Made only here and in the catalogue, so that every code the API answers with is listed there.
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), source: None }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "BadRequest", message)
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "Forbidden", message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "NotFound", message)
    }

    /// The same answer under a more specific code.
    pub fn with_code(self, code: &'static str) -> ApiError {
        ApiError { code, ..self }
    }

    /// A fault of the server itself, logged with its cause. A full disk and an unreachable
    /// database are named (the client can wait or tell the operator); anything else is
    /// answered as 'Server error'.
    pub fn internal(source: impl Into<anyhow::Error>) -> ApiError {
        let source = source.into();
        let answer = if is_disk_full(&source) {
            ApiError::disk_full()
        } else if is_database_unavailable(&source) {
            ApiError::database_unavailable()
        } else {
            ApiError::server_error()
        };
        ApiError { source: Some(source), ..answer }
    }
}

/// How long a client should wait before retrying after a 503.
const RETRY_AFTER_SECONDS: &str = "5";

fn is_disk_full(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<StoreError>().is_some_and(StoreError::is_disk_full)
            || cause
                .downcast_ref::<std::io::Error>()
                .is_some_and(|io| matches!(io.kind(), ErrorKind::StorageFull | ErrorKind::QuotaExceeded | ErrorKind::FileTooLarge))
    })
}

fn is_database_unavailable(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.downcast_ref::<StoreError>().is_some_and(StoreError::is_unavailable))
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound => ApiError::not_found("Not found"),
            other => ApiError::internal(other),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let context_id = fieldtag_store::new_id();
        if self.status.is_server_error() {
            tracing::error!(context_id, code = self.code, error = ?self.source, "request failed");
        } else {
            tracing::debug!(context_id, code = self.code, message = %self.message, "request refused");
        }
        let body = ErrorBody { code: self.code.to_string(), message: self.message, context_id };
        let mut response = (self.status, axum::Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static(RETRY_AFTER_SECONDS));
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_disk_and_an_unreachable_database_are_named_other_faults_are_not() {
        let disk = ApiError::internal(anyhow::Error::new(std::io::Error::from(ErrorKind::StorageFull)).context("writing a file"));
        assert_eq!((disk.status, disk.code, disk.message.as_str()), (StatusCode::INSUFFICIENT_STORAGE, "DiskFull", DISK_FULL_MESSAGE));
        let database = ApiError::from(StoreError::Database(sqlx::Error::PoolTimedOut));
        assert_eq!((database.status, database.code), (StatusCode::SERVICE_UNAVAILABLE, "DatabaseUnavailable"));
        assert_eq!(database.into_response().headers()[header::RETRY_AFTER], RETRY_AFTER_SECONDS);
        let other = ApiError::internal(anyhow::anyhow!("something else"));
        assert_eq!((other.status, other.code, other.message.as_str()), (StatusCode::INTERNAL_SERVER_ERROR, "ServerError", "Server error"));
    }
}
