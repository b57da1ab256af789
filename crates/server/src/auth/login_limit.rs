//! Limits on guessing passwords: failures are counted per email and per client
//! address in the database, so every server instance sees the same count.

use std::net::IpAddr;

use axum::http::StatusCode;
use fieldtag_store::{Store, now_millis};

use crate::error::ApiError;

const WINDOW_MILLIS: i64 = 15 * 60 * 1000;
/// Failures allowed per email in the window.
pub const MAX_FAILURES_PER_EMAIL: i64 = 10;
/// Failures allowed per address in the window: higher, as an office shares one address.
pub const MAX_FAILURES_PER_ADDRESS: i64 = 50;

pub struct LoginLimit<'a> {
    store: &'a Store,
    email_key: String,
    address_key: String,
}

impl<'a> LoginLimit<'a> {
    pub fn new(store: &'a Store, email_key: &str, address: IpAddr) -> Self {
        LoginLimit { store, email_key: format!("email:{email_key}"), address_key: format!("addr:{address}") }
    }

    /// Refuses with 429 while either count is at its limit.
    pub async fn check(&self) -> Result<(), ApiError> {
        let since = now_millis() - WINDOW_MILLIS;
        let by_email = self.store.login_failures_since(&self.email_key, since).await?;
        let by_address = self.store.login_failures_since(&self.address_key, since).await?;
        if by_email >= MAX_FAILURES_PER_EMAIL || by_address >= MAX_FAILURES_PER_ADDRESS {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "TooManyLoginAttempts",
                "Too many failed login attempts. Please wait 15 minutes and try again.",
            ));
        }
        Ok(())
    }

    pub async fn record_failure(&self) -> Result<(), ApiError> {
        let forget_before = now_millis() - WINDOW_MILLIS;
        self.store.record_login_failure(&[&self.email_key, &self.address_key], forget_before).await?;
        Ok(())
    }

    pub async fn record_success(&self) -> Result<(), ApiError> {
        self.store.clear_login_failures(&self.email_key).await?;
        Ok(())
    }
}
