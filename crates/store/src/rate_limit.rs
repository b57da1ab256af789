//! Failed-login counting, kept in the database so every server instance agrees.

use sqlx::Row;

use crate::{Result, Store, new_id, now_millis};

impl Store {
    /// How many failures were recorded under `key` since `since_millis`.
    pub async fn login_failures_since(&self, key: &str, since_millis: i64) -> Result<i64> {
        let row = sqlx::query("SELECT COUNT(*) FROM login_failures WHERE limit_key = $1 AND at >= $2")
            .bind(key)
            .bind(since_millis)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// Records one failure under each key, and forgets failures older than `forget_before_millis`.
    pub async fn record_login_failure(&self, keys: &[&str], forget_before_millis: i64) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM login_failures WHERE at < $1").bind(forget_before_millis).execute(&mut *tx).await?;
        for key in keys {
            sqlx::query("INSERT INTO login_failures (id, limit_key, at) VALUES ($1, $2, $3)")
                .bind(new_id())
                .bind(*key)
                .bind(now_millis())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A successful login clears the email's failures.
    pub async fn clear_login_failures(&self, key: &str) -> Result<()> {
        sqlx::query("DELETE FROM login_failures WHERE limit_key = $1").bind(key).execute(&self.pool).await?;
        Ok(())
    }
}
