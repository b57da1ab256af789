//! Refusing bodies over the limit so that the client reads the refusal: the
//! rest of the body is read and dropped first (up to a bound), because closing
//! a socket with unread data resets the connection before the answer arrives.

use axum::body::Body;
use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use http_body_util::BodyExt;

use crate::error::ApiError;
use crate::files::FILES_PATH;

/// Largest request body the API reads.
pub const MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// Bodies larger than this are refused without being read.
const MAX_DRAIN_BYTES: u64 = 64 * 1024 * 1024;

pub async fn refuse_oversized(request: Request, next: Next) -> Response {
    // Uploads have their own, larger limit and say so in their own words.
    if request.uri().path().starts_with(FILES_PATH) {
        return next.run(request).await;
    }
    match declared_length(request.headers()) {
        Some(length) if length > MAX_BODY_BYTES as u64 => {
            discard(request.into_body(), length).await;
            ApiError::payload_too_large().into_response()
        }
        _ => next.run(request).await,
    }
}

/// The body's Content-Length, when it sends one.
pub fn declared_length(headers: &axum::http::HeaderMap) -> Option<u64> {
    headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok())
}

/// Reads and drops what is left of a refused body of `length` bytes (declared, or
/// unknown as `0`), so its sender reads the answer; a body beyond the bound is left.
pub async fn discard(mut body: Body, length: u64) {
    if length > MAX_DRAIN_BYTES {
        return;
    }
    let mut read: u64 = 0;
    while let Some(Ok(frame)) = body.frame().await {
        read += frame.data_ref().map_or(0, |data| data.len() as u64);
        if read > MAX_DRAIN_BYTES {
            return;
        }
    }
}

/// The whole body, or `too_large()` once it passes `max` bytes (declared or counted as it
/// arrives); the rest of a refused body is read and dropped so the sender reads the answer.
pub async fn read_limited(
    headers: &axum::http::HeaderMap,
    mut body: Body,
    max: usize,
    too_large: impl Fn() -> ApiError,
) -> Result<Bytes, ApiError> {
    if let Some(length) = declared_length(headers).filter(|&length| length > max as u64) {
        discard(body, length).await;
        return Err(too_large());
    }
    let mut buffer = BytesMut::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|error| ApiError::bad_request(format!("The body did not arrive whole: {error}")))?;
        if let Ok(data) = frame.into_data() {
            if buffer.len() + data.len() > max {
                discard(body, 0).await;
                return Err(too_large());
            }
            buffer.extend_from_slice(&data);
        }
    }
    Ok(buffer.freeze())
}
