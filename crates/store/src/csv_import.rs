//! The CSV import's reads and its one write: the records a file is checked against, read
//! together with the version they stand at, and the accepted records written with the
//! completed import record in one transaction — only if nothing changed in between.

use serde_json::Value;
use sqlx::Row;

use crate::records::{NewRecord, next_versions, write_rows};
use crate::{Result, Store, StoreError};

/// The completed CSV import to record in the `imports` table.
#[derive(Debug, Clone)]
pub struct CsvImportEntry<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub context_id: &'a str,
    /// What was asked (kind, mapping, rows), without the file itself.
    pub request: &'a Value,
    /// RFC 3339 UTC times.
    pub date_started: &'a str,
    pub date_completed: &'a str,
    pub rows: i64,
    pub records_written: i64,
    pub rows_rejected: i64,
}

impl Store {
    /// The organisation's live records of `kinds`, and the version they were read at (read
    /// first, so a write that lands during the read leaves the version behind, never ahead).
    pub async fn live_records_with_version(&self, org_id: &str, kinds: &[&str]) -> Result<(i64, Vec<(String, Value)>)> {
        let version = self.current_version(org_id).await?;
        let mut records = Vec::new();
        for kind in kinds {
            let rows = sqlx::query("SELECT data FROM records WHERE org_id = $1 AND kind = $2 AND deleted = 0")
                .bind(org_id)
                .bind(*kind)
                .fetch_all(&self.pool)
                .await?;
            for row in rows {
                let data: String = row.try_get(0)?;
                records.push((kind.to_string(), serde_json::from_str(&data).map_err(|e| StoreError::Corrupt(e.to_string()))?));
            }
        }
        Ok((version, records))
    }

    /// Writes the records (new ones, or newer copies) and the completed import in one
    /// transaction, if the organisation is still at `read_at_version`; answers false, writing
    /// nothing, when another write came first (the file must then be checked again).
    pub async fn write_csv_import(
        &self,
        org_id: &str,
        read_at_version: i64,
        records: &[NewRecord<'_>],
        entry: &CsvImportEntry<'_>,
    ) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        // Locks the organisation's counter until commit, so no write slips in after the check.
        let row = sqlx::query("UPDATE organizations SET version = version WHERE id = $1 RETURNING version")
            .bind(org_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(StoreError::NotFound)?;
        if row.try_get::<i64, _>(0)? != read_at_version {
            return Ok(false);
        }
        if !records.is_empty() {
            let first = next_versions(&mut tx, org_id, records.len()).await?;
            let rows: Vec<(&NewRecord, i64)> = records.iter().zip(first..).collect();
            write_rows(&mut tx, org_id, &rows, true).await?;
        }
        sqlx::query(
            "INSERT INTO imports (id, org_id, source, request, context_id, user_id, date_started, date_completed,
                                  progress_done, progress_total, records_written, rows_rejected)
             VALUES ($1, $2, 'csv', $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(entry.id)
        .bind(org_id)
        .bind(entry.request.to_string())
        .bind(entry.context_id)
        .bind(entry.user_id)
        .bind(entry.date_started)
        .bind(entry.date_completed)
        .bind(entry.rows)
        .bind(entry.rows)
        .bind(entry.records_written)
        .bind(entry.rows_rejected)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(true)
    }
}
