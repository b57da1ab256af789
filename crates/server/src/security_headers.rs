//! The Content-Security-Policy of every answer (docs/security.md): the built web app runs
//! only its own scripts, talks to this server or another over TLS (§7: the API base URL can be
//! overridden), and cannot be framed.

use axum::http::HeaderValue;

/// The policy for this server. Images may also come from where presigned read links lead
/// (the S3 service), from `blob:` (photos taken offline) and `data:`; styles may be inline
/// because MUI (emotion) writes its styles into `<style>` elements at run time. The site map
/// embeds OpenStreetMap's view (frame-src); its addresses are geocoded through this server
/// (`/api/geocode`), so no geocoder is named here. An API base URL set to another server is
/// reached over TLS (`https:` — images too, as they are fetched into blobs).
pub fn content_security_policy(file_origin: Option<&str>) -> HeaderValue {
    let files = file_origin.map(|origin| format!(" {origin}")).unwrap_or_default();
    let policy = format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: data:{files}; \
         font-src 'self' data:; connect-src 'self' https:; \
         frame-src https://www.openstreetmap.org; worker-src 'self'; manifest-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    );
    HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'"))
}
