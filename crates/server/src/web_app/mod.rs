//! The built web app, served from `/` beside the API: its files with their content types,
//! and `index.html` for client routes so that a deep link works on reload.

mod assets;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

pub use assets::WebAssets;
use assets::{Asset, relative_path};

/// Content-hashed files: a new version has a new name, so they may be kept for good.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (index.html, sw.js, the manifest, icons) is checked each time, so a new
/// version of the app is found as soon as it is deployed.
const REVALIDATE: &str = "no-cache";

const NOT_BUILT: &str = "The Fieldtag web app is not built into this server.\n\
    Build it with `make build` (the web app, then the binary that embeds it), \
    or point FIELDTAG_WEB_DIR at a folder holding a web build (web/dist).\n\
    The API answers under /api.\n";

/// Answers a GET or HEAD for `uri_path`, a path outside `/api`.
pub async fn serve(assets: &WebAssets, uri_path: &str, request: &HeaderMap) -> Response {
    let Some(relative) = relative_path(uri_path) else {
        return plain(StatusCode::NOT_FOUND, "Not found\n");
    };
    let wanted = if relative.is_empty() { "index.html" } else { relative.as_str() };
    match assets.get(wanted).await {
        Ok(Some(file)) => file_response(wanted, file, request),
        // A missing file is a 404, never index.html: a service worker must not cache the
        // app shell under a script's name.
        Ok(None) if names_a_file(&relative) => plain(StatusCode::NOT_FOUND, "Not found\n"),
        Ok(None) => match assets.get("index.html").await {
            Ok(Some(index)) => file_response("index.html", index, request),
            Ok(None) => not_built(),
            Err(error) => read_failed(&error),
        },
        Err(error) => read_failed(&error),
    }
}

/// Whether the last segment has an extension (`app.js`), unlike a client route (`/sites/abc`).
fn names_a_file(relative: &str) -> bool {
    relative.rsplit('/').next().is_some_and(|name| name.contains('.'))
}

fn file_response(relative: &str, file: Asset, request: &HeaderMap) -> Response {
    let cache_control = if relative.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
    let etag = format!("\"{}\"", hex::encode(&file.sha256[..16]));
    let headers = [(header::CACHE_CONTROL, cache_control.to_string()), (header::ETAG, etag.clone())];
    if request.get(header::IF_NONE_MATCH).and_then(|value| value.to_str().ok()).is_some_and(|tags| etag_matches(tags, &etag)) {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, [(header::CONTENT_TYPE, content_type(relative))], Body::from(file.bytes)).into_response()
}

fn etag_matches(if_none_match: &str, etag: &str) -> bool {
    if_none_match.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

/// The type by extension; text is UTF-8, as Vite writes it.
fn content_type(relative: &str) -> HeaderValue {
    let mime = mime_guess::from_path(relative).first_or_octet_stream();
    let json = mime.subtype() == mime_guess::mime::JSON || mime.suffix() == Some(mime_guess::mime::JSON);
    let textual = mime.type_() == mime_guess::mime::TEXT || mime.subtype() == mime_guess::mime::JAVASCRIPT || json;
    let value = if textual { format!("{mime}; charset=utf-8") } else { mime.to_string() };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

fn not_built() -> Response {
    let mut response = plain(StatusCode::SERVICE_UNAVAILABLE, NOT_BUILT);
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn read_failed(error: &std::io::Error) -> Response {
    tracing::error!(%error, "cannot read a file of the web app");
    plain(StatusCode::INTERNAL_SERVER_ERROR, "Server error\n")
}

fn plain(status: StatusCode, message: &'static str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], message).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_routes_have_no_extension() {
        assert!(names_a_file("assets/app-abc123.js"));
        assert!(names_a_file("manifest.webmanifest"));
        assert!(!names_a_file("sites/abc/equipment/new"));
        assert!(!names_a_file("assets.v2/sites"));
    }

    #[test]
    fn types_follow_the_extension() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("assets/app-abc123.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("manifest.webmanifest"), "application/manifest+json; charset=utf-8");
        assert_eq!(content_type("icon-192.png"), "image/png");
        assert_eq!(content_type("icon.svg"), "image/svg+xml");
    }

    #[test]
    fn any_listed_tag_matches() {
        assert!(etag_matches("\"a\", W/\"b\"", "\"b\""));
        assert!(etag_matches("*", "\"b\""));
        assert!(!etag_matches("\"a\"", "\"b\""));
    }
}
