//! Reads for the organisation export and the billing export: records of one kind in pages
//! keyed by id (the primary key's order, so a page is an index range and no record comes
//! twice), and billing events counted per event and SKU over a period.

use sqlx::Row;

use crate::{Result, Store};

/// One stored record as the JSON text it is kept as.
#[derive(Debug, Clone)]
pub struct ExportRecord {
    pub id: String,
    pub data: String,
}

/// Billable events of one name and SKU in a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BillingEventCount {
    /// `transfer`, `swap` or `replace`.
    pub event: String,
    /// None: items whose model has no SKU.
    pub sku: Option<String>,
    pub count: i64,
}

impl Store {
    /// Records of `kind` with an id after `after_id`, in id order, at most `limit`; without
    /// `with_deleted` the tombstones are left out.
    pub async fn records_page(
        &self,
        org_id: &str,
        kind: &str,
        after_id: &str,
        limit: i64,
        with_deleted: bool,
    ) -> Result<Vec<ExportRecord>> {
        let sql = if with_deleted {
            "SELECT id, data FROM records WHERE org_id = $1 AND kind = $2 AND id > $3 ORDER BY id LIMIT $4"
        } else {
            "SELECT id, data FROM records WHERE org_id = $1 AND kind = $2 AND id > $3 AND deleted = 0 ORDER BY id LIMIT $4"
        };
        let rows = sqlx::query(sql).bind(org_id).bind(kind).bind(after_id).bind(limit).fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok(ExportRecord { id: row.try_get(0)?, data: row.try_get(1)? })).collect()
    }

    /// Billing events recorded from `from_ms` (inclusive) to `until_ms` (exclusive), Unix
    /// milliseconds of the server's clock, counted per event and SKU.
    pub async fn billing_event_counts(&self, org_id: &str, from_ms: i64, until_ms: i64) -> Result<Vec<BillingEventCount>> {
        let rows = sqlx::query(
            "SELECT event, sku, COUNT(*) FROM billing_events WHERE org_id = $1 AND at >= $2 AND at < $3
             GROUP BY event, sku ORDER BY event, sku",
        )
        .bind(org_id)
        .bind(from_ms)
        .bind(until_ms)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(BillingEventCount { event: row.try_get(0)?, sku: row.try_get(1)?, count: row.try_get(2)? })).collect()
    }
}
