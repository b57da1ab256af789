//! Limits on guessing passwords: attempts are taken per email and per client address in the
//! database before a password is checked, so every server instance counts the same, and
//! parallel guesses cannot get past the limit between them.

use std::net::IpAddr;

use fieldtag_store::{Limit, Store, now_millis};

use crate::error::ApiError;

const WINDOW_MILLIS: i64 = 15 * 60 * 1000;
/// Failures allowed per email in the window.
pub const MAX_FAILURES_PER_EMAIL: i64 = 10;
/// Failures allowed per address in the window: higher, as an office shares one address.
pub const MAX_FAILURES_PER_ADDRESS: i64 = 50;

/// One login attempt, taken under both limits.
pub struct LoginAttempt<'a> {
    store: &'a Store,
    email_key: String,
    taken: Vec<String>,
}

impl<'a> LoginAttempt<'a> {
    /// Takes an attempt, or refuses with 429 while either count is at its limit.
    pub async fn take(store: &'a Store, email_key: &str, address: IpAddr) -> Result<LoginAttempt<'a>, ApiError> {
        let (email_key, address_key) = (format!("email:{email_key}"), format!("addr:{address}"));
        let since_millis = now_millis() - WINDOW_MILLIS;
        let limits = [
            Limit { key: &email_key, max: MAX_FAILURES_PER_EMAIL, since_millis },
            Limit { key: &address_key, max: MAX_FAILURES_PER_ADDRESS, since_millis },
        ];
        let taken = store.take_attempt(&limits).await?.ok_or_else(ApiError::too_many_login_attempts)?;
        Ok(LoginAttempt { store, email_key, taken })
    }

    /// The password was right: this attempt does not count, and the email's count starts again.
    pub async fn succeeded(self) -> Result<(), ApiError> {
        self.store.give_back_attempts(&self.taken).await?;
        self.store.clear_attempts(&self.email_key).await?;
        Ok(())
    }
}
