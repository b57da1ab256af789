//! Global alerts: banners for every user, managed with `fieldtag alerts`.

use serde_json::{Value, json};
use sqlx::Row;

use crate::{Result, Store, StoreError, new_id, now_millis};

impl Store {
    /// Every alert, oldest first, as synced: `{id, type, message}`.
    pub async fn global_alerts(&self) -> Result<Vec<Value>> {
        let rows = sqlx::query("SELECT id, alert_type, message FROM global_alerts ORDER BY created_at, id").fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| Ok(json!({"id": row.try_get::<String, _>(0)?, "type": row.try_get::<String, _>(1)?, "message": row.try_get::<String, _>(2)?})))
            .collect()
    }

    pub async fn add_global_alert(&self, alert_type: &str, message: &str) -> Result<String> {
        let id = new_id();
        sqlx::query("INSERT INTO global_alerts (id, alert_type, message, created_at) VALUES ($1, $2, $3, $4)")
            .bind(&id)
            .bind(alert_type)
            .bind(message)
            .bind(now_millis())
            .execute(&self.pool)
            .await?;
        Ok(id)
    }

    pub async fn remove_global_alert(&self, id: &str) -> Result<()> {
        let removed = sqlx::query("DELETE FROM global_alerts WHERE id = $1").bind(id).execute(&self.pool).await?;
        if removed.rows_affected() == 0 { Err(StoreError::NotFound) } else { Ok(()) }
    }
}
