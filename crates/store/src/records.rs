//! Synced records: one table keyed by (org, kind, id), the record as JSON.
//! Every write bumps the organisation's version counter in the same transaction.

use serde_json::Value;
use sqlx::{AnyConnection, Row};

use crate::{Result, Store, StoreError, now_millis};

/// A record as the store keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRecord {
    pub kind: String,
    pub id: String,
    pub location_id: Option<String>,
    pub last_updated: String,
    pub deleted: bool,
    pub version: i64,
    pub data: Value,
}

/// A record to write: its data is already checked against its kind.
#[derive(Debug, Clone)]
pub struct NewRecord<'a> {
    pub kind: &'a str,
    pub id: &'a str,
    pub location_id: Option<&'a str>,
    pub last_updated: &'a str,
    pub deleted: bool,
    pub data: &'a Value,
}

/// Writes one record and returns the version it was given.
pub(crate) async fn put_record(conn: &mut AnyConnection, org_id: &str, record: &NewRecord<'_>) -> Result<i64> {
    let version = next_versions(conn, org_id, 1).await?;
    write_rows(conn, org_id, &[(record, version)], true).await?;
    Ok(version)
}

pub(crate) async fn get_record(conn: &mut AnyConnection, org_id: &str, kind: &str, id: &str) -> Result<Option<StoredRecord>> {
    let row = sqlx::query(
        "SELECT kind, id, location_id, last_updated, deleted, version, data FROM records
         WHERE org_id = $1 AND kind = $2 AND id = $3",
    )
    .bind(org_id)
    .bind(kind)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|row| stored_record(&row)).transpose()
}

pub(crate) fn stored_record(row: &sqlx::any::AnyRow) -> Result<StoredRecord> {
    let data: String = row.try_get("data")?;
    Ok(StoredRecord {
        kind: row.try_get("kind")?,
        id: row.try_get("id")?,
        location_id: row.try_get("location_id")?,
        last_updated: row.try_get("last_updated")?,
        deleted: row.try_get::<i64, _>("deleted")? != 0,
        version: row.try_get("version")?,
        data: serde_json::from_str(&data).map_err(|e| StoreError::Corrupt(e.to_string()))?,
    })
}

impl Store {
    /// One record of an organisation, deleted or not.
    pub async fn record(&self, org_id: &str, kind: &str, id: &str) -> Result<Option<StoredRecord>> {
        let mut conn = self.pool.acquire().await?;
        get_record(&mut conn, org_id, kind, id).await
    }

    /// Writes one record in its own transaction and returns its version.
    pub async fn put_record(&self, org_id: &str, record: &NewRecord<'_>) -> Result<i64> {
        let mut tx = self.pool.begin().await?;
        let version = put_record(&mut tx, org_id, record).await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(version)
    }
}

/// Whether statements that bind hundreds of values should use anonymous `?` parameters.
/// SQLite finds a named parameter (`$n`) by a linear search over every name in the statement,
/// which makes binding thousands of them quadratic (a 1,000-row write took a second); its
/// anonymous `?` binds by position. PostgreSQL has only `$n`.
pub(crate) fn binds_by_position(conn: &AnyConnection) -> bool {
    conn.backend_name() == "SQLite"
}

/// Rows per multi-row statement: 9 parameters each stays under SQLite's 32,766.
const WRITE_CHUNK: usize = 1_000;

/// Writes rows whose versions are already handed out, in multi-row statements.
/// With `upsert`, an existing record is replaced; without, it is a `Conflict`.
pub(crate) async fn write_rows(conn: &mut AnyConnection, org_id: &str, rows: &[(&NewRecord<'_>, i64)], upsert: bool) -> Result<()> {
    let received_at = now_millis();
    let positional = binds_by_position(conn);
    for chunk in rows.chunks(WRITE_CHUNK) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| {
                if positional {
                    return "(?, ?, ?, ?, ?, ?, ?, ?, ?)".to_string();
                }
                let p = i * 9;
                format!("(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6, p + 7, p + 8, p + 9)
            })
            .collect();
        let on_conflict = if upsert {
            " ON CONFLICT (org_id, kind, id) DO UPDATE SET
               location_id = excluded.location_id, last_updated = excluded.last_updated,
               deleted = excluded.deleted, version = excluded.version,
               received_at = excluded.received_at, data = excluded.data"
        } else {
            ""
        };
        let sql = format!(
            "INSERT INTO records (org_id, kind, id, location_id, last_updated, deleted, version, received_at, data) VALUES {}{on_conflict}",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (record, version) in chunk {
            query = query
                .bind(org_id)
                .bind(record.kind)
                .bind(record.id)
                .bind(record.location_id)
                .bind(record.last_updated)
                .bind(i64::from(record.deleted))
                .bind(*version)
                .bind(received_at)
                .bind(record.data.to_string());
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Hands out `count` consecutive versions; returns the first. Taking the
/// organisation's row lock here is what orders concurrent writers by commit.
pub(crate) async fn next_versions(conn: &mut AnyConnection, org_id: &str, count: usize) -> Result<i64> {
    let row = sqlx::query("UPDATE organizations SET version = version + $2 WHERE id = $1 RETURNING version")
        .bind(org_id)
        .bind(count as i64)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NotFound)?;
    let last: i64 = row.try_get(0)?;
    crate::version_notices::notify_on_commit(conn, org_id, last).await?;
    Ok(last - count as i64 + 1)
}

impl Store {
    /// Inserts records that do not exist yet (a generated or imported data set) in
    /// one transaction. Fails with `Conflict` if any already exists.
    pub async fn insert_new_records(&self, org_id: &str, records: &[NewRecord<'_>]) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        let first = next_versions(&mut tx, org_id, records.len()).await?;
        let rows: Vec<(&NewRecord, i64)> = records.iter().zip(first..).collect();
        write_rows(&mut tx, org_id, &rows, false).await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(())
    }
}
