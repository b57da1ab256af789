//! `POST /api/analytics/events?orgId=` and `GET /api/analytics/counts?orgId=`: first-party
//! analytics (spec §9, docs/analytics.md). Devices send what they queued, in batches; the
//! organisation's administrators read the counts per category.

use std::collections::BTreeMap;

use axum::body::Body;
use axum::extract::State;
use axum::http::HeaderMap;
use fieldtag_domain::analytics::{CATEGORIES, MAX_BATCH, check_event};
use fieldtag_domain::permissions::Permission;
use fieldtag_store::AnalyticsEvent;
use serde::{Deserialize, Serialize};

use crate::auth::Session;
use crate::body_limit::read_limited;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Query};
use crate::state::AppState;

/// Largest body of a batch: 100 events fit several times over.
pub const MAX_EVENTS_BODY_BYTES: usize = 64 * 1024;
const MAX_ID_CHARS: usize = 64;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// The caller's organisation.
    org_id: Option<String>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CountsQuery {
    /// The caller's organisation.
    org_id: Option<String>,
    /// Only events on or after this day (YYYY-MM-DD, UTC) or instant (ISO 8601).
    since: Option<String>,
}

/// One event as a device queued it.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventIn {
    /// Made by the device, so a batch sent again is counted once (letters, digits, `-`, `_`).
    id: String,
    /// One of NAVIGATION, EDIT, SCHEDULE, REPORTS, SERVICE, EQUIPMENT, SUBSCRIPTION.
    category: String,
    /// One of the category's fixed action names (docs/analytics.md).
    action: String,
    /// When it happened on the device (ISO 8601).
    occurred_at: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventBatch {
    /// At most 100 events.
    events: Vec<EventIn>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BatchAnswer {
    /// Events in the batch (all checked and taken).
    received: usize,
    /// Events kept that were not kept before: none for a batch sent again, none while the
    /// organisation has analytics turned off.
    kept: u64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountsAnswer {
    /// Events per category, every category named.
    #[schema(value_type = Object)]
    counts: BTreeMap<&'static str, i64>,
    /// False when the organisation has turned analytics off.
    enabled: bool,
}

fn caller_org(session: &Session, org_id: Option<String>) -> ApiResult<String> {
    let org_id = org_id.filter(|id| !id.is_empty()).ok_or_else(|| ApiError::bad_request("orgId is required"))?;
    session.require_org(&org_id)?;
    Ok(org_id)
}

async fn analytics_enabled(state: &AppState, org_id: &str) -> ApiResult<bool> {
    let organization = state.store.organization(org_id).await?.ok_or_else(|| ApiError::not_found("Organization not found"))?;
    Ok(organization["analyticsDisabled"] != true)
}

fn parse_batch(body: &[u8]) -> ApiResult<EventBatch> {
    let batch: EventBatch =
        serde_json::from_slice(body).map_err(|error| ApiError::bad_request(format!("The body has the wrong shape: {error}")))?;
    if batch.events.len() > MAX_BATCH {
        return Err(ApiError::bad_request(format!("Send at most {MAX_BATCH} events at a time")));
    }
    Ok(batch)
}

fn checked(event: &EventIn) -> ApiResult<AnalyticsEvent<'_>> {
    let id_ok = !event.id.is_empty()
        && event.id.len() <= MAX_ID_CHARS
        && event.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !id_ok {
        return Err(ApiError::bad_request(format!("An event id is 1 to {MAX_ID_CHARS} letters, digits, - or _")));
    }
    check_event(&event.category, &event.action).map_err(|error| ApiError::validation_failed(error.0))?;
    let occurred_at: jiff::Timestamp = event
        .occurred_at
        .parse()
        .map_err(|_| ApiError::bad_request(format!("occurredAt {} is not an ISO 8601 time", event.occurred_at)))?;
    Ok(AnalyticsEvent { id: &event.id, category: &event.category, action: &event.action, occurred_at: occurred_at.as_millisecond() })
}

/// Keeps a batch of the caller's events, each once by its id. While the organisation has
/// analytics off, the batch is checked and answered the same but nothing is kept, so devices
/// that queued events before the switch empty their queues.
#[utoipa::path(post, path = "/api/analytics/events", tag = "analytics", security(("bearer" = [])), params(EventsQuery),
    request_body(content = EventBatch, description = "At most 100 events and 64 KiB"),
    responses(
        (status = 200, body = BatchAnswer),
        (status = 400, description = "A malformed batch, or an unknown category or action (ValidationFailed)", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 413, body = ErrorBody),
    ))]
pub async fn add_events(
    State(state): State<AppState>,
    session: Session,
    Query(query): Query<EventsQuery>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<Json<BatchAnswer>> {
    let org_id = caller_org(&session, query.org_id)?;
    let body = read_limited(&headers, body, MAX_EVENTS_BODY_BYTES, ApiError::payload_too_large).await?;
    let batch = parse_batch(&body)?;
    let mut events = batch.events.iter().map(checked).collect::<ApiResult<Vec<_>>>()?;
    if !analytics_enabled(&state, &org_id).await? {
        return Ok(Json(BatchAnswer { received: events.len(), kept: 0 }));
    }
    // One order for every writer, so batches sharing ids cannot wait on each other in a circle.
    events.sort_by(|a, b| a.id.cmp(b.id));
    let kept = state.store.add_analytics_events(&org_id, &session.user_id, &events).await?;
    Ok(Json(BatchAnswer { received: events.len(), kept }))
}

fn parse_since(since: &str) -> ApiResult<i64> {
    if let Ok(instant) = since.parse::<jiff::Timestamp>() {
        return Ok(instant.as_millisecond());
    }
    let day: jiff::civil::Date =
        since.parse().map_err(|_| ApiError::bad_request(format!("since {since} is not a date like 2026-01-31")))?;
    day.to_zoned(jiff::tz::TimeZone::UTC)
        .map(|start| start.timestamp().as_millisecond())
        .map_err(|_| ApiError::bad_request(format!("since {since} is not a date like 2026-01-31")))
}

/// The organisation's events per category (SETTINGS_WRITE: administrators), all time or since
/// a date.
#[utoipa::path(get, path = "/api/analytics/counts", tag = "analytics", security(("bearer" = [])), params(CountsQuery),
    responses((status = 200, body = CountsAnswer), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn counts(State(state): State<AppState>, session: Session, Query(query): Query<CountsQuery>) -> ApiResult<Json<CountsAnswer>> {
    let org_id = caller_org(&session, query.org_id)?;
    session.require(Permission::SettingsWrite)?;
    let since = query.since.as_deref().map(parse_since).transpose()?;
    let mut counts: BTreeMap<&'static str, i64> = CATEGORIES.iter().map(|(name, _)| (*name, 0)).collect();
    for (category, count) in state.store.analytics_counts(&org_id, since).await? {
        if let Some((name, _)) = CATEGORIES.iter().find(|(name, _)| *name == category) {
            counts.insert(name, count);
        }
    }
    let enabled = analytics_enabled(&state, &org_id).await?;
    Ok(Json(CountsAnswer { counts, enabled }))
}
