//! Secrets every server instance must share, generated once.

use sqlx::Row;

use crate::{Result, Store};

impl Store {
    /// The secret named `name`, created from `generate` the first time it is asked for.
    /// Racing instances agree: the first insert wins and everyone reads it back.
    pub async fn shared_secret(&self, name: &str, generate: impl FnOnce() -> String) -> Result<String> {
        sqlx::query("INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind(name)
            .bind(generate())
            .execute(&self.pool)
            .await?;
        let row = sqlx::query("SELECT value FROM server_secrets WHERE name = $1").bind(name).fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }
}
