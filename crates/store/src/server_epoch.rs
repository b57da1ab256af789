//! The server epoch (migration 0007): which history of versions a sync cursor counts in.

use sqlx::Row;

use crate::{Result, Store, new_id, now_millis};

impl Store {
    /// This database's epoch, created the first time it is asked for. Racing instances agree:
    /// the first insert wins and everyone reads it back.
    pub async fn server_epoch(&self) -> Result<String> {
        // Read first: every sync download asks, and only the very first start writes.
        let existing = sqlx::query("SELECT epoch FROM server_epoch WHERE id = 1").fetch_optional(&self.pool).await?;
        if let Some(row) = existing {
            return Ok(row.try_get(0)?);
        }
        sqlx::query("INSERT INTO server_epoch (id, epoch, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING")
            .bind(new_id())
            .bind(now_millis())
            .execute(&self.pool)
            .await?;
        let row = sqlx::query("SELECT epoch FROM server_epoch WHERE id = 1").fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }

    /// Gives the database a new epoch (after a restore): every client cursor from before
    /// stops counting and its client downloads everything again.
    pub async fn new_server_epoch(&self) -> Result<String> {
        let epoch = new_id();
        sqlx::query(
            "INSERT INTO server_epoch (id, epoch, created_at) VALUES (1, $1, $2) \
             ON CONFLICT (id) DO UPDATE SET epoch = excluded.epoch, created_at = excluded.created_at",
        )
        .bind(&epoch)
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(epoch)
    }
}
