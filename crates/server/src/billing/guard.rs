//! An inactive organisation can still read and export its data; its writes are refused
//! (402) before they reach a handler, so nothing already stored changes. A free trial
//! that has run out with no subscription makes the organisation inactive here, at its
//! first signed-in request after the end.

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use fieldtag_domain::records::people::Organization;
use serde::Deserialize;
use serde_json::{Value, json};

use super::events::trial_has_lapsed;
use crate::error::ApiError;
use crate::state::AppState;

/// Calls that are allowed whatever the subscription: the ones that reactivate it.
const ALWAYS_ALLOWED: [&str; 2] = ["payments/session", "payments/customer-portal-session"];
/// A signed-URL request is small JSON; a larger one is refused anyway by its handler.
const SIGNED_URL_BODY_BYTES: usize = 64 * 1024;

/// The organisation a path belongs to, and the rest of the path after it.
fn organization_of(path: &str) -> Option<(&str, &str)> {
    let rest = path.strip_prefix("/api/organizations/").or_else(|| path.strip_prefix("/api/files/"))?;
    let (org_id, rest) = rest.split_once('/').unwrap_or((rest, ""));
    (!org_id.is_empty()).then_some((org_id, rest))
}

fn is_read(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

pub async fn refuse_writes_when_inactive(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let Some((org_id, rest)) = organization_of(&path) else {
        return next.run(request).await;
    };
    let files = path.starts_with("/api/files/");
    // Handlers answer callers who are not signed in; file reads go by their signed links.
    if (files && is_read(request.method())) || (!files && !request.headers().contains_key(header::AUTHORIZATION)) {
        return next.run(request).await;
    }
    let organization = match current_organization(&state, org_id).await {
        Ok(Some(organization)) => organization,
        // Unknown organisation: the handler refuses it in its own words.
        Ok(None) => return next.run(request).await,
        Err(error) => return error.into_response(),
    };
    let active = organization.active.is_none_or(|active| active.0);
    if active || is_read(request.method()) || ALWAYS_ALLOWED.contains(&rest) {
        return next.run(request).await;
    }
    if rest == "signed-urls" {
        return signed_url_if_read(request, next).await;
    }
    ApiError::subscription_inactive().into_response()
}

/// The organisation record, made inactive first when its free trial has lapsed. None when
/// there is none, or it does not read as an organisation: the handler has the last word.
async fn current_organization(state: &AppState, org_id: &str) -> Result<Option<Organization>, ApiError> {
    let now = jiff::Timestamp::now();
    let organization = state.store.organization(org_id).await?.as_ref().and_then(read);
    if !organization.as_ref().is_some_and(|organization| trial_has_lapsed(organization, now)) {
        return Ok(organization);
    }
    let lapsed = state
        .store
        .update_organization(org_id, |stored| {
            read(stored).is_some_and(|organization| trial_has_lapsed(&organization, now)).then(|| {
                let mut lapsed = stored.clone();
                lapsed["active"] = json!(false);
                lapsed["lastUpdated"] = json!(now.to_string());
                lapsed
            })
        })
        .await?;
    tracing::info!(org_id, "free trial ended without a subscription: organization inactive");
    Ok(lapsed.as_ref().and_then(read))
}

fn read(stored: &Value) -> Option<Organization> {
    Organization::deserialize(stored).ok()
}

/// A signed link to read a file is a read, though it is asked for with POST.
async fn signed_url_if_read(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, SIGNED_URL_BODY_BYTES).await else {
        return ApiError::subscription_inactive().into_response();
    };
    let action = serde_json::from_slice::<Value>(&bytes).ok().and_then(|v| v["action"].as_str().map(str::to_string));
    if action.as_deref() == Some("read") {
        return next.run(Request::from_parts(parts, Body::from(bytes))).await;
    }
    ApiError::subscription_inactive().into_response()
}

#[cfg(test)]
mod tests {
    use super::organization_of;

    #[test]
    fn paths_name_their_organisation() {
        assert_eq!(organization_of("/api/organizations/abc/sync"), Some(("abc", "sync")));
        assert_eq!(organization_of("/api/organizations/abc"), Some(("abc", "")));
        assert_eq!(organization_of("/api/organizations/abc/payments/session"), Some(("abc", "payments/session")));
        assert_eq!(organization_of("/api/files/abc/logos/x.png"), Some(("abc", "logos/x.png")));
        assert_eq!(organization_of("/api/users/abc"), None);
        assert_eq!(organization_of("/api/organizations/"), None);
    }
}
