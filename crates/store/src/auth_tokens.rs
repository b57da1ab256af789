//! Sessions (token families with rotating refresh tokens), the access-token
//! blacklist, and single-use invite and reset tokens. Only hashes are stored.

use fieldtag_domain::sync_kind::SyncKind;
use serde_json::Value;
use sqlx::Row;

use crate::records::{NewRecord, put_record};
use crate::{Result, Store, new_id, now_millis};

/// What presenting a refresh token led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefreshOutcome {
    /// The token was good: it is spent, and the new one is live in the same family.
    Rotated { family_id: String, org_id: String, user_id: String },
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

    fn parse(text: &str) -> Option<UserTokenPurpose> {
        [UserTokenPurpose::Invite, UserTokenPurpose::PasswordReset].into_iter().find(|p| p.as_str() == text)
    }
}

/// An invite or reset token that can still be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveUserToken {
    pub org_id: String,
    pub user_id: String,
    pub purpose: UserTokenPurpose,
}

/// Why a password could not be set from a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetPasswordRefusal {
    /// Unknown, spent, revoked, expired, or another user's.
    InvalidToken,
    /// An invite link for a user who has joined since it was made.
    AlreadyJoined,
}

impl Store {
    /// Starts a session for a user of an organisation and returns its family id.
    pub async fn start_session(&self, org_id: &str, user_id: &str, refresh_hash: &str, refresh_expires_at: i64) -> Result<String> {
        let family_id = new_id();
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO token_families (id, org_id, user_id, created_at) VALUES ($1, $2, $3, $4)")
            .bind(&family_id)
            .bind(org_id)
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
        let family = sqlx::query("SELECT user_id, org_id, revoked_at FROM token_families WHERE id = $1")
            .bind(&family_id)
            .fetch_one(&mut *tx)
            .await?;
        let user_id: String = family.try_get(0)?;
        let org_id: Option<String> = family.try_get(1)?;
        let revoked_at: Option<i64> = family.try_get(2)?;
        let Some(org_id) = org_id.filter(|_| revoked_at.is_none() && expires_at > now) else {
            tx.commit().await?;
            return Ok(RefreshOutcome::Unknown);
        };
        sqlx::query("INSERT INTO refresh_tokens (token_hash, family_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
            .bind(new_hash)
            .bind(&family_id)
            .bind(now)
            .bind(new_expires_at)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(RefreshOutcome::Rotated { family_id, org_id, user_id })
    }

    /// Whether an access token may be used: it is not blacklisted, and the session it names
    /// exists, is not ended, and is this user's in this organisation.
    pub async fn session_is_live(&self, token_id: &str, family_id: &str, org_id: &str, user_id: &str) -> Result<bool> {
        let row = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM token_families
                     WHERE id = $2 AND org_id = $3 AND user_id = $4 AND revoked_at IS NULL)
                  - (SELECT COUNT(*) FROM token_blacklist WHERE token_id = $1)",
        )
        .bind(token_id)
        .bind(family_id)
        .bind(org_id)
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<i64, _>(0)? == 1)
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

    /// Stores a single-use token for a user of an organisation, revoking every earlier live
    /// token of theirs for the same purpose: one live invite link, one live reset link.
    pub async fn create_user_token(
        &self,
        org_id: &str,
        user_id: &str,
        token_hash: &str,
        purpose: UserTokenPurpose,
        expires_at: i64,
    ) -> Result<()> {
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        lock_identity(&mut tx, org_id, user_id).await?;
        sqlx::query("UPDATE user_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL")
            .bind(user_id)
            .bind(purpose.as_str())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO user_tokens (token_hash, org_id, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(token_hash)
        .bind(org_id)
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The invite or reset token with this hash, if it can still be used.
    pub async fn live_user_token(&self, token_hash: &str) -> Result<Option<LiveUserToken>> {
        let row = sqlx::query(
            "SELECT org_id, user_id, purpose FROM user_tokens
             WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 AND org_id IS NOT NULL",
        )
        .bind(token_hash)
        .bind(now_millis())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let purpose: String = row.try_get(2)?;
        Ok(UserTokenPurpose::parse(&purpose).map(|purpose| LiveUserToken {
            org_id: row.try_get(0).unwrap_or_default(),
            user_id: row.try_get(1).unwrap_or_default(),
            purpose,
        }))
    }

    /// How many invite or reset tokens of the user could still be used.
    pub async fn live_user_tokens(&self, org_id: &str, user_id: &str) -> Result<i64> {
        let row =
            sqlx::query("SELECT COUNT(*) FROM user_tokens WHERE org_id = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3")
                .bind(org_id)
                .bind(user_id)
                .bind(now_millis())
                .fetch_one(&self.pool)
                .await?;
        Ok(row.try_get(0)?)
    }

    /// Spends an invite or reset token and sets the user's password, in one transaction: every
    /// other live token of the user is revoked, every earlier session ends, and the user's
    /// record becomes `accepted_user`. An invite sets a password only for a user who has none.
    /// Changes nothing when refused.
    pub async fn set_password_with_token(
        &self,
        token: &LiveUserToken,
        token_hash: &str,
        password_hash: &str,
        accepted_user: &Value,
    ) -> Result<Result<(), SetPasswordRefusal>> {
        let LiveUserToken { org_id, user_id, purpose } = token;
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        lock_identity(&mut tx, org_id, user_id).await?;
        let spent = sqlx::query(
            "UPDATE user_tokens SET used_at = $4
             WHERE token_hash = $1 AND org_id = $2 AND user_id = $3 AND used_at IS NULL AND expires_at > $4",
        )
        .bind(token_hash)
        .bind(org_id)
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if spent.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(Err(SetPasswordRefusal::InvalidToken));
        }
        let only_if = match purpose {
            UserTokenPurpose::Invite => "password_hash IS NULL",
            UserTokenPurpose::PasswordReset => "password_hash IS NOT NULL",
        };
        let set = sqlx::query(&format!(
            "UPDATE user_identities SET password_hash = $3 WHERE user_id = $1 AND org_id = $2 AND email_key IS NOT NULL AND {only_if}"
        ))
        .bind(user_id)
        .bind(org_id)
        .bind(password_hash)
        .execute(&mut *tx)
        .await?;
        if set.rows_affected() != 1 {
            tx.rollback().await?;
            let refusal =
                if *purpose == UserTokenPurpose::Invite { SetPasswordRefusal::AlreadyJoined } else { SetPasswordRefusal::InvalidToken };
            return Ok(Err(refusal));
        }
        sqlx::query("UPDATE user_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE token_families SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let last_updated = accepted_user["lastUpdated"].as_str().unwrap_or_default();
        let record =
            NewRecord { kind: SyncKind::Users.key(), id: user_id, location_id: None, last_updated, deleted: false, data: accepted_user };
        put_record(&mut tx, org_id, &record).await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(Ok(()))
    }
}

/// Holds the user's identity row until the transaction ends, so token changes for one user
/// happen one after another (on SQLite the write takes the database's write lock).
async fn lock_identity(conn: &mut sqlx::AnyConnection, org_id: &str, user_id: &str) -> Result<()> {
    sqlx::query("UPDATE user_identities SET org_id = org_id WHERE user_id = $1 AND org_id = $2")
        .bind(user_id)
        .bind(org_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

async fn revoke_family(conn: &mut sqlx::AnyConnection, family_id: &str, now: i64) -> Result<()> {
    sqlx::query("UPDATE token_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL")
        .bind(family_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
