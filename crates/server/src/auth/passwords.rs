//! Argon2id password hashes. Hashing is slow on purpose, so it runs off the async threads.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::ApiError;

/// Shortest and longest passwords accepted; the upper bound keeps hashing cheap to refuse.
pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// Checks a new password's length, with a message a person can act on.
pub fn check_new_password(password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(ApiError::bad_request(format!("Password must be at least {MIN_PASSWORD_CHARS} characters")));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(ApiError::bad_request(format!("Password must be at most {MAX_PASSWORD_BYTES} bytes")));
    }
    Ok(())
}

pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|e| ApiError::internal(anyhow::anyhow!("hashing failed: {e}")))
}

/// Whether `password` matches `hash`. With no hash (unknown user, or one who never
/// set a password) a dummy hash is checked, so the answer takes as long either way.
pub async fn verify_password(password: String, hash: Option<String>) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| dummy_hash().to_string());
        let parsed = PasswordHash::new(&hash).map_err(|e| anyhow::anyhow!("stored hash unreadable: {e}"))?;
        let matches = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok::<bool, anyhow::Error>(known && matches)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(b"no user has this password", &salt).expect("hashing a constant cannot fail").to_string()
    })
}
