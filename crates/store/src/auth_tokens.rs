//! Sessions (token families with rotating refresh tokens), the access-token
//! blacklist, and single-use invite and reset tokens. Only hashes are stored.

use serde_json::Value;
use sqlx::Row;

use crate::organizations::USERS_KIND;
use crate::records::{NewRecord, put_record};
use crate::{Result, Store, new_id, now_millis};

/// What presenting a refresh token led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefreshOutcome {
    /// The token was good: it is spent, and the new one is live in the same family.
    Rotated { family_id: String, user_id: String },
    /// The token was already spent: someone replayed it, so the family is revoked.
    Reused,
    /// Never issued, expired, or its session was ended.
    Unknown,
}

/// Why a single-use user token was issued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserTokenPurpose {
    Invite,
    PasswordReset,
}

impl UserTokenPurpose {
    fn as_str(self) -> &'static str {
        match self {
            UserTokenPurpose::Invite => "invite",
            UserTokenPurpose::PasswordReset => "reset",
        }
    }
}

impl Store {
    /// Starts a session for a user and returns its family id.
    pub async fn start_session(&self, user_id: &str, refresh_hash: &str, refresh_expires_at: i64) -> Result<String> {
        let family_id = new_id();
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO token_families (id, user_id, created_at) VALUES ($1, $2, $3)")
            .bind(&family_id)
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(refresh_hash)
            .bind(&family_id)
            .bind(now)
            .bind(refresh_expires_at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(family_id)
    }

    /// Spends a refresh token and, if it was good, stores its successor.
    pub async fn rotate_refresh_token(&self, old_hash: &str, new_hash: &str, new_expires_at: i64) -> Result<RefreshOutcome> {
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        // Spend first: the write takes the lock, so two racing uses cannot both succeed.
        let spent =
            sqlx::query("UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL RETURNING family_id, expires_at")
                .bind(old_hash)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(spent) = spent else {
            let replayed =
                sqlx::query("SELECT family_id FROM refresh_tokens WHERE token_hash = $1").bind(old_hash).fetch_optional(&mut *tx).await?;
            let outcome = match replayed {
                Some(row) => {
                    let family_id: String = row.try_get(0)?;
                    revoke_family(&mut tx, &family_id, now).await?;
                    RefreshOutcome::Reused
                }
                None => RefreshOutcome::Unknown,
            };
            tx.commit().await?;
            return Ok(outcome);
        };
        let family_id: String = spent.try_get(0)?;
        let expires_at: i64 = spent.try_get(1)?;
        let family =
            sqlx::query("SELECT user_id, revoked_at FROM token_families WHERE id = $1").bind(&family_id).fetch_one(&mut *tx).await?;
        let user_id: String = family.try_get(0)?;
        let revoked_at: Option<i64> = family.try_get(1)?;
        if revoked_at.is_some() || expires_at <= now {
            tx.commit().await?;
            return Ok(RefreshOutcome::Unknown);
        }
        sqlx::query("INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(new_hash)
            .bind(&family_id)
            .bind(now)
            .bind(new_expires_at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(RefreshOutcome::Rotated { family_id, user_id })
    }

    /// Whether an access token may no longer be used: blacklisted itself, or its session ended.
    pub async fn access_token_revoked(&self, token_id: &str, family_id: &str) -> Result<bool> {
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM token_blacklist WHERE token_id = $1)
                  + (SELECT COUNT(*) FROM token_families WHERE id = $2 AND revoked_at IS NOT NULL)",
        )
        .bind(token_id)
        .bind(family_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)? > 0)
    }

    /// Ends a session: its refresh token and every access token it issued stop working.
    pub async fn end_session(&self, family_id: &str, token_id: &str, token_expires_at: i64) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        revoke_family(&mut tx, family_id, now_millis()).await?;
        sqlx::query("INSERT INTO token_blacklist (token_id, expires_at) VALUES ($1, $2) ON CONFLICT (token_id) DO NOTHING")
            .bind(token_id)
            .bind(token_expires_at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Stores a single-use token for a user.
    pub async fn create_user_token(&self, token_hash: &str, user_id: &str, purpose: UserTokenPurpose, expires_at: i64) -> Result<()> {
        sqlx::query("INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(token_hash)
            .bind(user_id)
            .bind(purpose.as_str())
            .bind(now_millis())
            .bind(expires_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Spends an invite or reset token and sets the user's password, in one
    /// transaction: the user's record becomes `accepted` and every earlier session
    /// of theirs ends. Returns false (and changes nothing) for a token that is
    /// unknown, spent, expired or another user's.
    pub async fn set_password_with_token(
        &self,
        org_id: &str,
        user_id: &str,
        token_hash: &str,
        password_hash: &str,
        accepted_user: &Value,
    ) -> Result<bool> {
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        let spent = sqlx::query(
            "UPDATE user_tokens SET used_at = $3
             WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3",
        )
        .bind(token_hash)
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if spent.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("UPDATE credentials SET password_hash = $2 WHERE user_id = $1")
            .bind(user_id)
            .bind(password_hash)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE token_families SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let last_updated = accepted_user["lastUpdated"].as_str().unwrap_or_default();
        let record = NewRecord { kind: USERS_KIND, id: user_id, location_id: None, last_updated, deleted: false, data: accepted_user };
        put_record(&mut tx, org_id, &record).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Forgets what can no longer matter: expired blacklist entries and tokens.
    pub async fn prune_expired_tokens(&self) -> Result<()> {
        let now = now_millis();
        sqlx::query("DELETE FROM token_blacklist WHERE expires_at < $1").bind(now).execute(&self.pool).await?;
        sqlx::query("DELETE FROM user_tokens WHERE expires_at < $1").bind(now).execute(&self.pool).await?;
        Ok(())
    }
}

async fn revoke_family(conn: &mut sqlx::AnyConnection, family_id: &str, now: i64) -> Result<()> {
    sqlx::query("UPDATE token_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL")
        .bind(family_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
