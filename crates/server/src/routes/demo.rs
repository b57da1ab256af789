//! `POST /api/demo`: a fresh throw-away demo organisation (crate::demo), signed in as its owner
//! like a login. Nobody else's data is touched: each demo is a new organisation of its own.
//! Limited per client address and in all, marked `demo` on its record, deleted with all its
//! records after a day (store/demo_organizations.rs); it sends no mail and stores no files.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use fieldtag_store::{Limit, new_id, now_millis};

use crate::auth::client_app::ClientApp;
use crate::auth::passwords::hash_password;
use crate::auth::sign_in::{LoginAnswer, start_session};
use crate::auth::tokens::new_opaque_token;
use crate::demo::{DemoOwner, seed_demo};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

/// Demo organisations one client address may open per hour.
pub const DEMOS_PER_ADDRESS_HOUR: i64 = 5;
/// Demo organisations the server opens per hour, whoever asks: a bound on what a day keeps.
pub const DEMOS_PER_HOUR: i64 = 500;
const HOUR_MILLIS: i64 = 60 * 60 * 1000;

/// Opens a new demo organisation with sample customers, sites, equipment, services and visits,
/// and signs in as its owner. The organisation and its records are deleted after 24 hours.
#[utoipa::path(post, path = "/api/demo", tag = "auth",
    responses((status = 200, body = LoginAnswer),
        (status = 429, description = "TooManyDemos: over 5 an hour from one address, or the server's hourly bound", body = ErrorBody)))]
pub async fn open_demo(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> ApiResult<Json<LoginAnswer>> {
    let address = format!("demo-addr:{}", state.client_address.of(peer.ip(), &headers));
    let since_millis = now_millis() - HOUR_MILLIS;
    let limits =
        [Limit { key: &address, max: DEMOS_PER_ADDRESS_HOUR, since_millis }, Limit { key: "demo-all", max: DEMOS_PER_HOUR, since_millis }];
    state.store.take_attempt(&limits).await?.ok_or_else(ApiError::too_many_demos)?;
    // A login nobody knows the password of: the session answered here is the only way in.
    let email = format!("demo-{}@demo.invalid", new_id());
    let password_hash = hash_password(new_opaque_token()).await?;
    let owner = DemoOwner { name: "Dana Demo", email: &email, password_hash: &password_hash, throw_away: true };
    let seeded = seed_demo(&state.store, &owner, jiff::Timestamp::now()).await.map_err(ApiError::internal)?;
    tracing::info!(org_id = seeded.org_id, "demo organisation opened");
    start_session(&state, &seeded.org_id, seeded.owner, ClientApp::Web).await.map(Json)
}
