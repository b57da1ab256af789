//! The upload rules: last-writer-wins on `lastUpdated`, tombstones that stay, and versions
//! handed out in commit order per organisation. The feed they write is read in `feed`.

use fieldtag_domain::billing::{self, BillableEvent};
use fieldtag_domain::lww;
use fieldtag_domain::records::CheckedRecord;
use fieldtag_domain::sync_kind::SyncKind;
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::identities::claim_user;
use crate::records::{NewRecord, StoredRecord, binds_by_position, get_record, next_versions, stored_record, write_rows};
use crate::transfers::add_billing_event;
use crate::{Engine, Result, Store};

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
    pub kind: SyncKind,
    pub id: String,
    pub location_id: Option<String>,
    pub last_updated: String,
    pub deleted: bool,
    pub data: Value,
}

impl IncomingRecord {
    /// A record of `kind` that passed the domain's check (`records::check_record`).
    pub fn new(kind: SyncKind, checked: CheckedRecord) -> IncomingRecord {
        IncomingRecord {
            kind,
            id: checked.id,
            location_id: checked.location_id,
            last_updated: checked.last_updated,
            deleted: checked.deleted,
            data: checked.data,
        }
    }
}

/// Checks the store must make inside the upload transaction, which the server
/// decides from the record's kind.
pub trait UploadRules: Sync {
    /// The site a record names must be one of the organisation's (None: not location-scoped).
    fn required_location<'a>(&self, record: &'a IncomingRecord) -> Option<&'a str>;
    /// For user records: the login name to keep in step with the record, None once the user
    /// is deleted (the email is freed). Not a user record: None.
    fn login_email_key(&self, record: &IncomingRecord) -> Option<Option<String>>;
    /// Whether the uploader may write this record over the stored copy (None: a new record).
    fn may_write(&self, _record: &IncomingRecord, _stored: Option<&StoredRecord>) -> std::result::Result<(), String> {
        Ok(())
    }
    /// For a new record that bills for moving equipment: the event, and the id of the
    /// equipment whose model's SKU it is counted under.
    fn billable_move(&self, _record: &IncomingRecord) -> Option<(BillableEvent, String)> {
        None
    }
}

/// Last-writer-wins between the stored copy and an uploaded one (domain `lww::decide`).
fn incoming_wins(stored: &StoredRecord, incoming: &IncomingRecord) -> Option<bool> {
    let stored = lww::Copy { last_updated: &stored.last_updated, deleted: stored.deleted, data: &stored.data };
    let incoming = lww::Copy { last_updated: &incoming.last_updated, deleted: incoming.deleted, data: &incoming.data };
    match lww::decide(stored, incoming) {
        lww::Decision::Incoming => Some(true),
        lww::Decision::Stored => Some(false),
        lww::Decision::Same => None,
    }
}

impl Store {
    /// Applies a batch of uploads in one transaction and says what became of each, once that
    /// transaction is committed (durable). The batch is read in a few queries, decided in order
    /// in memory (so a record sent twice in one batch is decided against its first copy), and
    /// written with one block of versions. Batches that wait while another commit is on the disk
    /// share the next commit, each inside its own savepoint (`group_commit`).
    pub async fn apply_sync_batch(
        &self,
        org_id: &str,
        records: Vec<IncomingRecord>,
        rules: Arc<dyn UploadRules + Send>,
    ) -> Result<Vec<SyncOutcome>> {
        let lane = match self.engine() {
            // One writer connection: one lane for every organisation.
            Engine::Sqlite => String::new(),
            Engine::Postgres => org_id.to_string(),
        };
        // Committed: tell live sync (docs/sync.md "Live sync").
        self.upload_lanes.apply(&self.writer, lane, org_id, records, rules).await.inspect(|_| self.versions_committed(org_id))
    }
}

/// [`Store::apply_sync_batch`] inside the caller's transaction (an import writes its records
/// and the job's completion together).
pub(crate) async fn apply_batch(
    tx: &mut AnyConnection,
    org_id: &str,
    records: &[IncomingRecord],
    rules: &dyn UploadRules,
) -> Result<Vec<SyncOutcome>> {
    // Take the organisation's write lock first: on SQLite this avoids a
    // read-to-write upgrade failing under load; on PostgreSQL it serialises
    // one organisation's uploads, so decisions see every earlier commit.
    sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(org_id).execute(&mut *tx).await?;
    let mut current = existing_records(&mut *tx, org_id, records).await?;
    let wanted_sites: Vec<&str> = records.iter().filter_map(|r| rules.required_location(r)).collect();
    let mut sites = existing_ids(&mut *tx, org_id, SyncKind::Locations.key(), &wanted_sites).await?;

    let mut decided: Vec<Decision> = Vec::with_capacity(records.len());
    let mut writes: Vec<usize> = Vec::new();
    let mut billable: Vec<(BillableEvent, String, String)> = Vec::new();
    for record in records {
        if let Some(site) = rules.required_location(record).filter(|site| !sites.contains(*site)) {
            decided.push(Decision::Done(SyncOutcome::Rejected { reason: format!("locationId: no site {site} in your organization") }));
            continue;
        }
        let key = (record.kind.key().to_string(), record.id.clone());
        if let Err(reason) = rules.may_write(record, current.get(&key)) {
            decided.push(Decision::Done(SyncOutcome::Rejected { reason }));
            continue;
        }
        if let Some(stored) = current.get(&key) {
            match incoming_wins(stored, record) {
                None => {
                    decided.push(Decision::SameAs(stored.version));
                    continue;
                }
                Some(false) => {
                    decided.push(Decision::Stale(stored.clone()));
                    continue;
                }
                Some(true) => {}
            }
        }
        if let Some(email_key) = rules.login_email_key(record)
            && let Err(refusal) = claim_user(&mut *tx, org_id, &record.id, email_key.as_deref()).await?
        {
            decided.push(Decision::Done(SyncOutcome::Rejected { reason: refusal.reason().into() }));
            continue;
        }
        if record.kind == SyncKind::Locations {
            sites.insert(record.id.clone());
        }
        // Billed once: when the server first stores the record that tells of the move.
        if !current.contains_key(&key)
            && let Some((event, equipment_id)) = rules.billable_move(record)
        {
            billable.push((event, equipment_id, record.id.clone()));
        }
        // Until versions are handed out, a pending write is known by -(its position + 1).
        let pending = -(writes.len() as i64) - 1;
        current.insert(key, stored_from(record, pending));
        decided.push(Decision::SameAs(pending));
        writes.push(decided.len() - 1);
    }

    let first = if writes.is_empty() { 0 } else { next_versions(&mut *tx, org_id, writes.len()).await? };
    let version_of = |version: i64| if version < 0 { first + (-version - 1) } else { version };
    let mut last_write: HashMap<(&str, &str), (usize, i64)> = HashMap::new();
    for (n, index) in writes.iter().enumerate() {
        let record = &records[*index];
        last_write.insert((record.kind.key(), record.id.as_str()), (*index, first + n as i64));
    }
    let mut rows: Vec<(NewRecord, i64)> = last_write.into_values().map(|(index, version)| (new_record(&records[index]), version)).collect();
    rows.sort_by_key(|(_, version)| *version);
    let rows: Vec<(&NewRecord, i64)> = rows.iter().map(|(record, version)| (record, *version)).collect();
    write_rows(&mut *tx, org_id, &rows, true).await?;
    for (event, equipment_id, source_id) in billable {
        let sku = sku_of(&mut *tx, org_id, &current, &equipment_id).await?;
        add_billing_event(&mut *tx, org_id, &source_id, event, sku.as_deref(), &equipment_id).await?;
    }

    Ok(decided
        .into_iter()
        .map(|decision| match decision {
            Decision::Done(outcome) => outcome,
            Decision::SameAs(version) => SyncOutcome::Accepted { version: version_of(version) },
            Decision::Stale(mut server) => {
                server.version = version_of(server.version);
                SyncOutcome::Stale { server }
            }
        })
        .collect())
}

/// A decision made before versions are handed out.
enum Decision {
    Done(SyncOutcome),
    /// Accepted, stored under this version (negative: a write of this batch).
    SameAs(i64),
    Stale(StoredRecord),
}

fn new_record(record: &IncomingRecord) -> NewRecord<'_> {
    NewRecord {
        kind: record.kind.key(),
        id: &record.id,
        location_id: record.location_id.as_deref(),
        last_updated: &record.last_updated,
        deleted: record.deleted,
        data: &record.data,
    }
}

fn stored_from(record: &IncomingRecord, version: i64) -> StoredRecord {
    StoredRecord {
        kind: record.kind.key().to_string(),
        id: record.id.clone(),
        location_id: record.location_id.clone(),
        last_updated: record.last_updated.clone(),
        deleted: record.deleted,
        version,
        data: record.data.clone(),
    }
}

/// The SKU the equipment's billable events count under (domain `billing::sku_of`), reading
/// this batch's copies before the stored ones.
async fn sku_of(
    conn: &mut AnyConnection,
    org_id: &str,
    batch: &HashMap<(String, String), StoredRecord>,
    equipment_id: &str,
) -> Result<Option<String>> {
    let equipment = latest(conn, org_id, batch, SyncKind::Equipment, equipment_id).await?;
    let Some(model_id) = equipment.as_ref().and_then(|e| billing::model_of(&e.data)) else {
        return Ok(None);
    };
    let model = latest(conn, org_id, batch, SyncKind::Models, model_id).await?;
    Ok(model.as_ref().and_then(|m| billing::sku_of(&m.data)).map(str::to_string))
}

/// A record as this batch leaves it: its copy in the batch, else the stored one.
async fn latest(
    conn: &mut AnyConnection,
    org_id: &str,
    batch: &HashMap<(String, String), StoredRecord>,
    kind: SyncKind,
    id: &str,
) -> Result<Option<StoredRecord>> {
    match batch.get(&(kind.key().to_string(), id.to_string())) {
        Some(record) => Ok(Some(record.clone())),
        None => get_record(conn, org_id, kind.key(), id).await,
    }
}

/// Rows per `IN (...)` lookup.
const LOOKUP_CHUNK: usize = 500;

/// The stored copies of every record the batch names.
async fn existing_records(
    conn: &mut AnyConnection,
    org_id: &str,
    records: &[IncomingRecord],
) -> Result<HashMap<(String, String), StoredRecord>> {
    let mut by_kind: HashMap<&str, Vec<&str>> = HashMap::new();
    for record in records {
        by_kind.entry(record.kind.key()).or_default().push(record.id.as_str());
    }
    let mut found = HashMap::new();
    for (kind, ids) in by_kind {
        for chunk in ids.chunks(LOOKUP_CHUNK) {
            let sql = format!(
                "SELECT kind, id, location_id, last_updated, deleted, version, data FROM records WHERE {}",
                id_filter(conn, chunk.len())
            );
            let mut query = sqlx::query(&sql).bind(org_id).bind(kind);
            for id in chunk {
                query = query.bind(*id);
            }
            for row in query.fetch_all(&mut *conn).await? {
                let record = stored_record(&row)?;
                found.insert((record.kind.clone(), record.id.clone()), record);
            }
        }
    }
    Ok(found)
}

/// Which of `ids` exist as records of `kind` (deleted or not).
async fn existing_ids(conn: &mut AnyConnection, org_id: &str, kind: &str, ids: &[&str]) -> Result<HashSet<String>> {
    let mut found = HashSet::new();
    let unique: Vec<&str> = ids.iter().copied().collect::<HashSet<_>>().into_iter().collect();
    for chunk in unique.chunks(LOOKUP_CHUNK) {
        let sql = format!("SELECT id FROM records WHERE {}", id_filter(conn, chunk.len()));
        let mut query = sqlx::query(&sql).bind(org_id).bind(kind);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&mut *conn).await? {
            found.insert(row.try_get(0)?);
        }
    }
    Ok(found)
}

/// `org_id = ? AND kind = ? AND id IN (?, …)` with `count` ids, binding org, kind, then the ids.
/// On SQLite the parameters are anonymous (`records::binds_by_position`).
fn id_filter(conn: &AnyConnection, count: usize) -> String {
    if binds_by_position(conn) {
        return format!("org_id = ? AND kind = ? AND id IN ({})", vec!["?"; count].join(", "));
    }
    format!("org_id = $1 AND kind = $2 AND id IN ({})", (3..3 + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", "))
}
