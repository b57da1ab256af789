//! User identities: which organisation a user id belongs to, the email the user logs in with,
//! and their password hash. An id is claimed once, by the first organisation that names it
//! (sign-up, a synced user record, an invite), and never by another; an email is a login name
//! while its user exists.

use sqlx::{AnyConnection, Connection, Row};

use crate::{Result, Store};

/// What the store knows of how a user logs in.
#[derive(Debug, Clone)]
pub struct Identity {
    pub user_id: String,
    pub org_id: String,
    /// None once the user is deleted: the address is free for another account.
    pub email_key: Option<String>,
    pub password_hash: Option<String>,
}

impl Identity {
    /// Whether the user has joined: chosen a password, at sign-up or from an invite link.
    pub fn has_joined(&self) -> bool {
        self.password_hash.is_some()
    }
}

/// Why a user record cannot be taken as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimRefusal {
    /// The id is a user of another organisation.
    IdOfAnotherOrganization,
    /// Another user, of this organisation or another, logs in with the email.
    EmailInUse,
}

impl ClaimRefusal {
    /// The reason, naming the field at fault, as sync answers give it.
    pub fn reason(&self) -> &'static str {
        match self {
            ClaimRefusal::IdOfAnotherOrganization => "id: this user belongs to another organization",
            ClaimRefusal::EmailInUse => "email: another account already uses this email",
        }
    }
}

const COLUMNS: &str = "user_id, org_id, email_key, password_hash";

fn identity(row: &sqlx::any::AnyRow) -> Result<Identity> {
    Ok(Identity {
        user_id: row.try_get("user_id")?,
        org_id: row.try_get("org_id")?,
        email_key: row.try_get("email_key")?,
        password_hash: row.try_get("password_hash")?,
    })
}

impl Store {
    /// The identity that logs in with this email.
    pub async fn identity_by_email(&self, email_key: &str) -> Result<Option<Identity>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM user_identities WHERE email_key = $1"))
            .bind(email_key)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(identity).transpose()
    }

    /// A user's identity, only if the user belongs to `org_id`.
    pub async fn identity(&self, org_id: &str, user_id: &str) -> Result<Option<Identity>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM user_identities WHERE user_id = $1 AND org_id = $2"))
            .bind(user_id)
            .bind(org_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(identity).transpose()
    }

    /// Claims a user id for `org_id` with this login email (see [`claim_user`]).
    pub async fn claim_user(&self, org_id: &str, user_id: &str, email_key: Option<&str>) -> Result<Result<(), ClaimRefusal>> {
        let mut tx = self.pool.begin().await?;
        // Write first, as a sync upload does: the organisation's lock (the write lock on SQLite)
        // is held before anything is read, so parallel claims wait their turn.
        sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(org_id).execute(&mut *tx).await?;
        let claimed = claim_user(&mut tx, org_id, user_id, email_key).await?;
        tx.commit().await?;
        Ok(claimed)
    }
}

/// Claims `user_id` for `org_id` and makes `email_key` its login name (None: the user is
/// deleted, and the email is freed). Refused, changing nothing, when the id is another
/// organisation's or the email another user's. The write runs in a savepoint, so a clash with
/// a parallel claim is a refusal, not a failed transaction.
pub(crate) async fn claim_user(
    conn: &mut AnyConnection,
    org_id: &str,
    user_id: &str,
    email_key: Option<&str>,
) -> Result<Result<(), ClaimRefusal>> {
    let owner = sqlx::query("SELECT org_id FROM user_identities WHERE user_id = $1").bind(user_id).fetch_optional(&mut *conn).await?;
    if let Some(owner) = owner
        && owner.try_get::<String, _>(0)? != org_id
    {
        return Ok(Err(ClaimRefusal::IdOfAnotherOrganization));
    }
    if let Some(key) = email_key {
        let taken = sqlx::query("SELECT user_id FROM user_identities WHERE email_key = $1 AND user_id <> $2")
            .bind(key)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
        if taken.is_some() {
            return Ok(Err(ClaimRefusal::EmailInUse));
        }
    }
    let mut savepoint = conn.begin().await?;
    let written = sqlx::query(
        "INSERT INTO user_identities (user_id, org_id, email_key) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET email_key = excluded.email_key,
           password_hash = CASE WHEN excluded.email_key IS NULL THEN NULL ELSE user_identities.password_hash END
         WHERE user_identities.org_id = excluded.org_id",
    )
    .bind(user_id)
    .bind(org_id)
    .bind(email_key)
    .execute(&mut *savepoint)
    .await;
    match written {
        Ok(done) if done.rows_affected() == 1 => {
            savepoint.commit().await?;
            Ok(Ok(()))
        }
        // Another organisation claimed the id in the meantime.
        Ok(_) => {
            savepoint.rollback().await?;
            Ok(Err(ClaimRefusal::IdOfAnotherOrganization))
        }
        Err(error) => match crate::StoreError::from(error) {
            crate::StoreError::Conflict => {
                savepoint.rollback().await?;
                Ok(Err(ClaimRefusal::EmailInUse))
            }
            other => Err(other),
        },
    }
}
