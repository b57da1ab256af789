//! Error logs sent by clients (`POST /api/logs`).

use sqlx::Row;

use crate::{Result, Store, new_id, now_millis};

#[derive(Debug, Clone, PartialEq)]
pub struct ClientLog {
    pub org_id: Option<String>,
    pub user_id: Option<String>,
    pub level: String,
    pub message: String,
    pub context: Option<String>,
}

impl Store {
    /// Keeps a client log; the table keeps only the newest `max_rows`.
    pub async fn add_client_log(&self, log: &ClientLog, max_rows: i64) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO client_logs (id, org_id, user_id, level, message, context, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(new_id())
        .bind(log.org_id.as_deref())
        .bind(log.user_id.as_deref())
        .bind(&log.level)
        .bind(&log.message)
        .bind(log.context.as_deref())
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        // The oldest beyond the newest max_rows go (by time, then id, as they are listed).
        sqlx::query(
            "DELETE FROM client_logs WHERE id IN (
                 SELECT id FROM client_logs ORDER BY created_at DESC, id LIMIT 1000 OFFSET $1)",
        )
        .bind(max_rows.max(0))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The most recent client logs, newest first.
    pub async fn recent_client_logs(&self, limit: i64) -> Result<Vec<ClientLog>> {
        let rows = sqlx::query("SELECT org_id, user_id, level, message, context FROM client_logs ORDER BY created_at DESC, id LIMIT $1")
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(ClientLog {
                    org_id: row.try_get(0)?,
                    user_id: row.try_get(1)?,
                    level: row.try_get(2)?,
                    message: row.try_get(3)?,
                    context: row.try_get(4)?,
                })
            })
            .collect()
    }
}
