//! Counters that hand out unique site and account numbers.

use sqlx::Row;

use crate::{Result, Store};

impl Store {
    /// The next number of the organisation's counter `name`, starting at 1.
    /// One statement, so concurrent callers never get the same number.
    pub async fn next_counter_value(&self, org_id: &str, name: &str) -> Result<i64> {
        let row = sqlx::query(
            "INSERT INTO counters (org_id, name, value) VALUES ($1, $2, 1)
             ON CONFLICT (org_id, name) DO UPDATE SET value = counters.value + 1
             RETURNING value",
        )
        .bind(org_id)
        .bind(name)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }
}
