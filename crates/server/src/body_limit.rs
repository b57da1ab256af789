//! Refusing bodies over the limit so that the client reads the refusal: the
//! rest of the body is read and dropped first (up to a bound), because closing
//! a socket with unread data resets the connection before the answer arrives.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;

use crate::app::MAX_BODY_BYTES;
use crate::error::ApiError;

/// Bodies larger than this are refused without being read.
const MAX_DRAIN_BYTES: u64 = 64 * 1024 * 1024;

pub async fn refuse_oversized(request: Request, next: Next) -> Response {
    let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(length) if length > MAX_BODY_BYTES as u64 => {
            if length <= MAX_DRAIN_BYTES {
                drain(request.into_body()).await;
            }
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "PayloadTooLarge", "The body is too large").into_response()
        }
        _ => next.run(request).await,
    }
}

async fn drain(mut body: Body) {
    while let Some(Ok(_)) = body.frame().await {}
}
