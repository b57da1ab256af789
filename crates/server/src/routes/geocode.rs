//! `GET /api/geocode?orgId=&q=`: the point of a site's address, for the site map, asked of the
//! configured geocoder through this server (geocoder.rs, docs/maps.md).

use axum::extract::State;
use fieldtag_domain::permissions::Permission;
use serde::{Deserialize, Serialize};

use crate::auth::Session;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Query};
use crate::geocoder::{GeocodeError, MAX_QUERY_CHARS};
use crate::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct GeocodeQuery {
    /// The caller's organisation.
    org_id: Option<String>,
    /// The address, as one line (at most 300 characters).
    q: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Point {
    lat: f64,
    lon: f64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct GeocodeAnswer {
    /// The place found, or null when the geocoder knows no such address.
    data: Option<Point>,
}

/// The point of an address (LOCATION_READ), from the cache or the geocoder, which is asked at
/// most once a second by this server.
#[utoipa::path(get, path = "/api/geocode", tag = "organizations", security(("bearer" = [])), params(GeocodeQuery),
    responses(
        (status = 200, body = GeocodeAnswer),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "GeocodingOff: no geocoder is configured on this server", body = ErrorBody),
        (status = 502, description = "The geocoder failed", body = ErrorBody),
        (status = 503, description = "Too many lookups waiting for their turn", body = ErrorBody),
    ))]
pub async fn geocode(State(state): State<AppState>, session: Session, Query(query): Query<GeocodeQuery>) -> ApiResult<Json<GeocodeAnswer>> {
    let org_id = query.org_id.filter(|id| !id.is_empty()).ok_or_else(|| ApiError::bad_request("orgId is required"))?;
    session.require_org(&org_id)?;
    session.require(Permission::LocationRead)?;
    let q = query.q.filter(|q| !q.trim().is_empty()).ok_or_else(|| ApiError::bad_request("q is required"))?;
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_request(format!("q may be at most {MAX_QUERY_CHARS} characters")));
    }
    let geocoder = state.geocoder.as_ref().ok_or_else(ApiError::geocoding_off)?;
    let place = geocoder.locate(&state.store, &q).await.map_err(|error| match error {
        GeocodeError::Busy => ApiError::geocoder_busy(),
        GeocodeError::Provider(source) => ApiError::geocoder_failed(source),
        GeocodeError::Store(error) => error.into(),
    })?;
    Ok(Json(GeocodeAnswer { data: place.map(|(lat, lon)| Point { lat, lon }) }))
}
