//! Login names and password hashes.

use sqlx::Row;

use crate::{Result, Store};

/// What the store knows of how a user logs in.
#[derive(Debug, Clone)]
pub struct Credential {
    pub user_id: String,
    pub org_id: String,
    pub email_key: String,
    pub password_hash: Option<String>,
}

fn credential(row: &sqlx::any::AnyRow) -> Result<Credential> {
    Ok(Credential {
        user_id: row.try_get("user_id")?,
        org_id: row.try_get("org_id")?,
        email_key: row.try_get("email_key")?,
        password_hash: row.try_get("password_hash")?,
    })
}

impl Store {
    pub async fn credential_by_email(&self, email_key: &str) -> Result<Option<Credential>> {
        let row = sqlx::query("SELECT user_id, org_id, email_key, password_hash FROM credentials WHERE email_key = $1")
            .bind(email_key)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(credential).transpose()
    }

    pub async fn credential_by_user(&self, user_id: &str) -> Result<Option<Credential>> {
        let row = sqlx::query("SELECT user_id, org_id, email_key, password_hash FROM credentials WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(credential).transpose()
    }

    /// Records a user's login name, keeping a password already set.
    pub async fn upsert_credential_email(&self, user_id: &str, org_id: &str, email_key: &str) -> Result<()> {
        let mut conn = self.pool.acquire().await?;
        upsert_login_name(&mut conn, user_id, org_id, email_key).await
    }
}

/// Records a user's login name, keeping a password already set.
pub(crate) async fn upsert_login_name(conn: &mut sqlx::AnyConnection, user_id: &str, org_id: &str, email_key: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO credentials (user_id, org_id, email_key) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET email_key = excluded.email_key",
    )
    .bind(user_id)
    .bind(org_id)
    .bind(email_key)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
