//! Import jobs (spec §3 Import record), kept in the `imports` table so any server instance can
//! run them. A worker leases the oldest waiting job for a while and renews the lease as it
//! works; a lease that runs out (its instance died) lets another worker take the job up again.
//! A job's records, the tombstones of `clearAllData` and the job's completion are written in
//! one transaction, so an interrupted or failed job leaves nothing half-written.

use serde_json::{Value, json};
use sqlx::{AnyConnection, Row};

use crate::records::{NewRecord, next_versions, stored_record, write_rows};
use crate::sync::{IncomingRecord, SyncOutcome, UploadRules, apply_batch};
use crate::{Engine, Result, Store, new_id, now_millis, now_stamp};

/// An import job as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportJob {
    pub id: String,
    pub org_id: String,
    /// `safetyScan` or `csv`.
    pub source: String,
    pub context_id: String,
    pub user_id: String,
    /// The request as received, less its key (JSON text).
    pub request: String,
    /// The import key, while the job runs.
    pub import_key: Option<String>,
    pub import_all_sites: bool,
    pub clear_all_data: bool,
    pub import_users: bool,
    pub import_date: Option<String>,
    /// RFC 3339 UTC.
    pub date_started: String,
    pub date_completed: Option<String>,
    pub error: Option<String>,
    pub progress_done: i64,
    pub progress_total: i64,
    pub records_written: i64,
    pub rows_rejected: i64,
    /// How many times a worker has leased the job.
    pub attempts: i64,
}

/// A job to queue.
#[derive(Debug, Clone)]
pub struct NewImport<'a> {
    pub org_id: &'a str,
    pub source: &'a str,
    pub user_id: &'a str,
    pub request: &'a Value,
    pub import_key: Option<&'a str>,
    pub import_all_sites: bool,
    pub clear_all_data: bool,
    pub import_users: bool,
    pub import_date: Option<&'a str>,
}

/// What a finished job writes, all in one transaction.
pub struct ImportWrite<'a> {
    /// Kinds whose every live record becomes a tombstone first (`clearAllData`).
    pub clear_kinds: &'a [&'a str],
    /// The imported records, checked against their kinds.
    pub records: &'a [IncomingRecord],
    /// Records of the source refused before writing.
    pub rows_rejected: i64,
}

/// What the transaction wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportWritten {
    pub records_written: i64,
    pub rows_rejected: i64,
    pub tombstones: i64,
    /// Ids of the records written (the rest were refused in the transaction, e.g. a user
    /// whose email another account logs in with).
    pub written_ids: Vec<String>,
}

const COLUMNS: &str = "id, org_id, source, context_id, user_id, request, import_key, import_all_sites, clear_all_data, import_users, \
     import_date, date_started, date_completed, error, progress_done, progress_total, records_written, rows_rejected, attempts";

fn job(row: &sqlx::any::AnyRow) -> Result<ImportJob> {
    Ok(ImportJob {
        id: row.try_get("id")?,
        org_id: row.try_get("org_id")?,
        source: row.try_get("source")?,
        context_id: row.try_get("context_id")?,
        user_id: row.try_get("user_id")?,
        request: row.try_get("request")?,
        import_key: row.try_get("import_key")?,
        import_all_sites: row.try_get::<i64, _>("import_all_sites")? != 0,
        clear_all_data: row.try_get::<i64, _>("clear_all_data")? != 0,
        import_users: row.try_get::<i64, _>("import_users")? != 0,
        import_date: row.try_get("import_date")?,
        date_started: row.try_get("date_started")?,
        date_completed: row.try_get("date_completed")?,
        error: row.try_get("error")?,
        progress_done: row.try_get("progress_done")?,
        progress_total: row.try_get("progress_total")?,
        records_written: row.try_get("records_written")?,
        rows_rejected: row.try_get("rows_rejected")?,
        attempts: row.try_get("attempts")?,
    })
}

impl Store {
    /// Queues a job; it waits until a worker leases it.
    pub async fn insert_import(&self, new: &NewImport<'_>) -> Result<ImportJob> {
        let id = new_id();
        sqlx::query(
            "INSERT INTO imports (id, org_id, source, request, import_key, context_id, user_id, import_all_sites, clear_all_data,
                                  import_users, import_date, date_started)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(&id)
        .bind(new.org_id)
        .bind(new.source)
        .bind(new.request.to_string())
        .bind(new.import_key)
        .bind(new_id())
        .bind(new.user_id)
        .bind(i64::from(new.import_all_sites))
        .bind(i64::from(new.clear_all_data))
        .bind(i64::from(new.import_users))
        .bind(new.import_date)
        .bind(now_stamp())
        .execute(&self.pool)
        .await?;
        self.import(&id).await?.ok_or(crate::StoreError::NotFound)
    }

    pub async fn import(&self, id: &str) -> Result<Option<ImportJob>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM imports WHERE id = $1")).bind(id).fetch_optional(&self.pool).await?;
        row.as_ref().map(job).transpose()
    }

    /// An organisation's imports, newest first.
    pub async fn imports_of(&self, org_id: &str) -> Result<Vec<ImportJob>> {
        let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM imports WHERE org_id = $1 ORDER BY date_started DESC, id DESC"))
            .bind(org_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(job).collect()
    }

    /// Leases the oldest waiting job of `source` to `worker` for `lease_ms`: one never leased,
    /// or one whose lease ran out. Counts the attempt. PostgreSQL skips rows another worker is
    /// leasing at this moment; SQLite runs the statement under its single writer.
    pub async fn lease_next_import(&self, worker: &str, source: &str, lease_ms: i64) -> Result<Option<ImportJob>> {
        let now = now_millis();
        let lock = if self.engine() == Engine::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
        let sql = format!(
            "UPDATE imports SET leased_by = $1, lease_until = $2, attempts = attempts + 1
             WHERE id = (SELECT id FROM imports
                         WHERE date_completed IS NULL AND source = $3 AND (lease_until IS NULL OR lease_until < $4)
                         ORDER BY date_started, id LIMIT 1{lock})
             RETURNING {COLUMNS}"
        );
        let row = sqlx::query(&sql).bind(worker).bind(now + lease_ms).bind(source).bind(now).fetch_optional(&self.pool).await?;
        row.as_ref().map(job).transpose()
    }

    /// Extends the worker's lease; false when the job is no longer this worker's (another took it
    /// up after the lease ran out, or it ended).
    pub async fn renew_import_lease(&self, id: &str, worker: &str, lease_ms: i64) -> Result<bool> {
        let done = sqlx::query("UPDATE imports SET lease_until = $3 WHERE id = $1 AND leased_by = $2 AND date_completed IS NULL")
            .bind(id)
            .bind(worker)
            .bind(now_millis() + lease_ms)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records progress (steps done of steps known); false when the job is no longer this worker's.
    pub async fn record_import_progress(&self, id: &str, worker: &str, done: i64, total: i64) -> Result<bool> {
        let updated = sqlx::query(
            "UPDATE imports SET progress_done = $3, progress_total = $4 WHERE id = $1 AND leased_by = $2 AND date_completed IS NULL",
        )
        .bind(id)
        .bind(worker)
        .bind(done)
        .bind(total)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// Ends a job with an error; its key is forgotten and nothing it fetched is kept.
    /// False when the job is no longer this worker's.
    pub async fn fail_import(&self, id: &str, worker: &str, error: &str) -> Result<bool> {
        let updated = sqlx::query(
            "UPDATE imports SET date_completed = $3, error = $4, import_key = NULL, leased_by = NULL, lease_until = NULL
             WHERE id = $1 AND leased_by = $2 AND date_completed IS NULL",
        )
        .bind(id)
        .bind(worker)
        .bind(now_stamp())
        .bind(error)
        .execute(&self.pool)
        .await?;
        Ok(updated.rows_affected() == 1)
    }

    /// Ends a job with success: in one transaction, turns every live record of
    /// `clear_kinds` into a tombstone, applies the imported records under the upload rules and
    /// marks the job done (its key forgotten). None, and nothing written, when the job is no
    /// longer this worker's.
    pub async fn complete_import(
        &self,
        id: &str,
        worker: &str,
        org_id: &str,
        write: &ImportWrite<'_>,
        rules: &dyn UploadRules,
    ) -> Result<Option<ImportWritten>> {
        let mut tx = self.pool.begin().await?;
        // Locks the job's row first: a worker that took the job up after our lease ran out
        // cannot finish it beside us.
        let ours = sqlx::query("UPDATE imports SET lease_until = lease_until WHERE id = $1 AND leased_by = $2 AND date_completed IS NULL")
            .bind(id)
            .bind(worker)
            .execute(&mut *tx)
            .await?;
        if ours.rows_affected() != 1 {
            return Ok(None);
        }
        sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(org_id).execute(&mut *tx).await?;
        let tombstones = clear_kinds(&mut tx, org_id, write.clear_kinds).await?;
        let outcomes = apply_batch(&mut tx, org_id, write.records, rules).await?;
        let mut written_ids = Vec::new();
        let mut refused = 0;
        for (record, outcome) in write.records.iter().zip(&outcomes) {
            match outcome {
                SyncOutcome::Accepted { .. } => written_ids.push(record.id.clone()),
                SyncOutcome::Stale { .. } | SyncOutcome::Rejected { .. } => refused += 1,
            }
        }
        let written = ImportWritten {
            records_written: written_ids.len() as i64,
            rows_rejected: write.rows_rejected + refused,
            tombstones,
            written_ids,
        };
        sqlx::query(
            "UPDATE imports SET date_completed = $2, error = NULL, import_key = NULL, leased_by = NULL, lease_until = NULL,
                                records_written = $3, rows_rejected = $4, progress_done = progress_total
             WHERE id = $1",
        )
        .bind(id)
        .bind(now_stamp())
        .bind(written.records_written)
        .bind(written.rows_rejected)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(Some(written))
    }
}

/// Writes a tombstone over every live record of `kinds`, as sync deletes are, so devices
/// drop them. Returns how many.
async fn clear_kinds(conn: &mut AnyConnection, org_id: &str, kinds: &[&str]) -> Result<i64> {
    if kinds.is_empty() {
        return Ok(0);
    }
    let params: Vec<String> = (0..kinds.len()).map(|n| format!("${}", n + 2)).collect();
    let sql = format!(
        "SELECT kind, id, location_id, last_updated, deleted, version, data FROM records
         WHERE org_id = $1 AND deleted = 0 AND kind IN ({}) ORDER BY version",
        params.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(org_id);
    for kind in kinds {
        query = query.bind(*kind);
    }
    let live = query.fetch_all(&mut *conn).await?.iter().map(stored_record).collect::<Result<Vec<_>>>()?;
    if live.is_empty() {
        return Ok(0);
    }
    let now = now_stamp();
    let data: Vec<Value> = live
        .iter()
        .map(|record| {
            let mut data = record.data.clone();
            data["deleted"] = json!(true);
            data["lastUpdated"] = json!(now);
            data
        })
        .collect();
    let tombstones: Vec<NewRecord> = live
        .iter()
        .zip(&data)
        .map(|(record, data)| NewRecord {
            kind: &record.kind,
            id: &record.id,
            location_id: record.location_id.as_deref(),
            last_updated: &now,
            deleted: true,
            data,
        })
        .collect();
    let first_version = next_versions(conn, org_id, tombstones.len()).await?;
    let rows: Vec<(&NewRecord, i64)> = tombstones.iter().zip(first_version..).collect();
    write_rows(conn, org_id, &rows, true).await?;
    Ok(tombstones.len() as i64)
}
