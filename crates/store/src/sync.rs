//! The sync feed and the upload rules: last-writer-wins on `lastUpdated`,
//! tombstones that stay, and versions handed out in commit order per organisation.

use serde_json::Value;
use sqlx::{AnyConnection, Row};

use crate::records::{NewRecord, StoredRecord, get_record, put_record, stored_record};
use crate::{Result, Store};

/// What became of one uploaded record.
#[derive(Debug, Clone, PartialEq)]
pub enum SyncOutcome {
    /// Stored (or already stored, for a re-sent record) under this version.
    Accepted { version: i64 },
    /// The server holds a newer copy, or a tombstone: here it is.
    Stale { server: StoredRecord },
    /// Refused, with the reason; nothing was stored.
    Rejected { reason: String },
}

/// A record to apply, already checked against its kind.
#[derive(Debug, Clone)]
pub struct IncomingRecord {
    pub kind: String,
    pub id: String,
    pub location_id: Option<String>,
    pub last_updated: String,
    pub deleted: bool,
    pub data: Value,
}

/// Checks the store must make inside the upload transaction, which the server
/// decides from the record's kind.
pub trait UploadRules: Sync {
    /// The site a record names must be one of the organisation's (None: not location-scoped).
    fn required_location<'a>(&self, record: &'a IncomingRecord) -> Option<&'a str>;
    /// For user records: the login name to keep in step with the record.
    fn login_email_key(&self, record: &IncomingRecord) -> Option<String>;
}

/// Decides between a stored record and an incoming one. Later `lastUpdated`
/// wins; a tombstone is final; equal stamps fall to the larger record text, so
/// every server and client reaches the same answer.
fn incoming_wins(stored: &StoredRecord, incoming: &IncomingRecord) -> Option<bool> {
    if stored.deleted && !incoming.deleted {
        return Some(false);
    }
    match incoming.last_updated.cmp(&stored.last_updated) {
        std::cmp::Ordering::Greater => Some(true),
        std::cmp::Ordering::Less => Some(false),
        std::cmp::Ordering::Equal => {
            let (ours, theirs) = (incoming.data.to_string(), stored.data.to_string());
            if ours == theirs && incoming.deleted == stored.deleted {
                None
            } else {
                Some((incoming.deleted, ours) > (stored.deleted, theirs))
            }
        }
    }
}

impl Store {
    /// Applies a batch of uploads in one transaction and says what became of each.
    pub async fn apply_sync_batch(&self, org_id: &str, records: &[IncomingRecord], rules: &dyn UploadRules) -> Result<Vec<SyncOutcome>> {
        let mut tx = self.pool.begin().await?;
        // Take the organisation's write lock first: on SQLite this avoids a
        // read-to-write upgrade failing under load; on PostgreSQL it serialises
        // one organisation's uploads, so decisions see every earlier commit.
        sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(org_id).execute(&mut *tx).await?;
        let mut outcomes = Vec::with_capacity(records.len());
        for record in records {
            outcomes.push(apply_one(&mut tx, org_id, record, rules).await?);
        }
        tx.commit().await?;
        Ok(outcomes)
    }

    /// Changes after `cursor`, oldest first, at most `limit`, of the given kinds;
    /// with `received_since` (Unix ms) only those the server received at or after it.
    pub async fn changes_after(
        &self,
        org_id: &str,
        cursor: i64,
        kinds: &[&str],
        received_since: Option<i64>,
        limit: i64,
    ) -> Result<Vec<StoredRecord>> {
        if kinds.is_empty() {
            return Ok(Vec::new());
        }
        let kind_params: Vec<String> = (0..kinds.len()).map(|i| format!("${}", i + 5)).collect();
        let sql = format!(
            "SELECT kind, id, location_id, last_updated, deleted, version, data FROM records
             WHERE org_id = $1 AND version > $2 AND received_at >= $3 AND kind IN ({})
             ORDER BY version LIMIT $4",
            kind_params.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(org_id).bind(cursor).bind(received_since.unwrap_or(i64::MIN)).bind(limit);
        for kind in kinds {
            query = query.bind(*kind);
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(stored_record).collect()
    }

    /// The organisation's latest version: where a client that has everything stands.
    pub async fn current_version(&self, org_id: &str) -> Result<i64> {
        let row = sqlx::query("SELECT version FROM organizations WHERE id = $1").bind(org_id).fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }
}

async fn apply_one(conn: &mut AnyConnection, org_id: &str, record: &IncomingRecord, rules: &dyn UploadRules) -> Result<SyncOutcome> {
    if let Some(location_id) = rules.required_location(record) {
        let site = get_record(conn, org_id, "locations", location_id).await?;
        if site.is_none() {
            return Ok(SyncOutcome::Rejected { reason: format!("locationId: no site {location_id} in your organization") });
        }
    }
    let stored = get_record(conn, org_id, &record.kind, &record.id).await?;
    if let Some(stored) = stored {
        match incoming_wins(&stored, record) {
            None => return Ok(SyncOutcome::Accepted { version: stored.version }),
            Some(false) => return Ok(SyncOutcome::Stale { server: stored }),
            Some(true) => {}
        }
    }
    if let Some(email_key) = rules.login_email_key(record) {
        let taken = sqlx::query("SELECT user_id FROM credentials WHERE email_key = $1 AND user_id <> $2")
            .bind(&email_key)
            .bind(&record.id)
            .fetch_optional(&mut *conn)
            .await?;
        if taken.is_some() {
            return Ok(SyncOutcome::Rejected { reason: "email: another account already uses this email".into() });
        }
        sqlx::query(
            "INSERT INTO credentials (user_id, org_id, email_key) VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET email_key = excluded.email_key",
        )
        .bind(&record.id)
        .bind(org_id)
        .bind(&email_key)
        .execute(&mut *conn)
        .await?;
    }
    let new = NewRecord {
        kind: &record.kind,
        id: &record.id,
        location_id: record.location_id.as_deref(),
        last_updated: &record.last_updated,
        deleted: record.deleted,
        data: &record.data,
    };
    let version = put_record(conn, org_id, &new).await?;
    Ok(SyncOutcome::Accepted { version })
}
