//! How much background work waits, for `/metrics`.

use sqlx::Row;

use crate::{Result, Store};

impl Store {
    /// Import jobs not finished yet (queued or running), in every organisation.
    pub async fn import_jobs_waiting(&self) -> Result<i64> {
        let row = sqlx::query("SELECT COUNT(*) FROM imports WHERE date_completed IS NULL").fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }
}
