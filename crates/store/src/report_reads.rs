//! Reads for reports: the live records of one kind, of a whole organisation or of one site.

use serde_json::Value;
use sqlx::Row;

use crate::{Result, Store, StoreError};

impl Store {
    /// The records of `kind` that are not deleted, as stored; with `location_id`, only those
    /// of that site (the `records_by_location` index answers it).
    pub async fn live_records(&self, org_id: &str, kind: &str, location_id: Option<&str>) -> Result<Vec<Value>> {
        let rows = match location_id {
            Some(location_id) => {
                sqlx::query("SELECT data FROM records WHERE org_id = $1 AND kind = $2 AND location_id = $3 AND deleted = 0")
                    .bind(org_id)
                    .bind(kind)
                    .bind(location_id)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                sqlx::query("SELECT data FROM records WHERE org_id = $1 AND kind = $2 AND deleted = 0")
                    .bind(org_id)
                    .bind(kind)
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        rows.iter()
            .map(|row| {
                let data: String = row.try_get(0)?;
                serde_json::from_str(&data).map_err(|e| StoreError::Corrupt(e.to_string()))
            })
            .collect()
    }
}
