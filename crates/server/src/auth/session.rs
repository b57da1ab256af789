//! The caller of an authenticated request: checked on every request against the
//! token's signature and expiry, its session (live, and its user's), the blacklist, and the
//! user's current record.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use fieldtag_domain::permissions::{Permission, grants};

use crate::auth::client_app::permissions_of;
use crate::auth::tokens::AccessClaims;
use crate::error::ApiError;
use crate::state::AppState;

/// A signed-in user, as of this request.
#[derive(Debug, Clone)]
pub struct Session {
    pub user_id: String,
    pub org_id: String,
    pub permissions: Vec<String>,
    pub claims: AccessClaims,
}

impl Session {
    /// Refuses a request about another organisation.
    pub fn require_org(&self, org_id: &str) -> Result<(), ApiError> {
        if self.org_id == org_id { Ok(()) } else { Err(ApiError::forbidden("You do not have access to this organization")) }
    }

    /// Refuses a request the user's permissions (spec §6) do not allow.
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if self.can(permission) { Ok(()) } else { Err(ApiError::forbidden(format!("You need the {} permission", permission.constant()))) }
    }

    pub fn can(&self, permission: Permission) -> bool {
        grants(&self.permissions, permission)
    }
}

/// The token after `Bearer `, if the request has one.
pub fn bearer_token(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts).ok_or_else(ApiError::not_signed_in)?;
        let claims = state.tokens.verify(token).ok_or_else(ApiError::invalid_access_token)?;
        // The token must name a live session of its own user: signed is not enough.
        if !state.store.session_is_live(&claims.jti, &claims.fam, &claims.org, &claims.sub).await? {
            return Err(ApiError::access_token_blacklisted());
        }
        let user = state.store.user(&claims.org, &claims.sub).await?.ok_or_else(ApiError::user_no_longer_exists)?;
        let permissions = permissions_of(&user);
        Ok(Session { user_id: claims.sub.clone(), org_id: claims.org.clone(), permissions, claims })
    }
}

/// A session when the request carries a valid one, nothing otherwise (for routes
/// that serve signed-out callers too).
pub struct MaybeSession(pub Option<Session>);

impl FromRequestParts<AppState> for MaybeSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(MaybeSession(Session::from_request_parts(parts, state).await.ok()))
    }
}

/// A session whose organisation is the `{orgId}` of the route. Extracted before
/// any body, so a request about another organisation is refused whatever it carries.
pub struct OrgSession(pub Session);

impl FromRequestParts<AppState> for OrgSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let session = Session::from_request_parts(parts, state).await?;
        let axum::extract::Path(params) =
            axum::extract::Path::<std::collections::HashMap<String, String>>::from_request_parts(parts, state).await?;
        let org_id =
            params.get("orgId").ok_or_else(|| ApiError::internal(anyhow::anyhow!("OrgSession used on a route without {{orgId}}")))?;
        session.require_org(org_id)?;
        Ok(OrgSession(session))
    }
}
