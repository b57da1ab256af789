//! The sync feed read: changes after a cursor, as rows or as the lists a device keeps, and the
//! organisation's latest version.

use fieldtag_domain::sync_kind::SyncKind;
use serde_json::Value;
use sqlx::Row;
use sqlx::any::{Any, AnyArguments};
use sqlx::query::Query;

use std::collections::BTreeMap;

use crate::{Engine, Result, Store};

/// A change on the feed: the record's JSON text as stored, and its version.
#[derive(Debug, Clone, PartialEq)]
pub struct RawChange {
    pub kind: String,
    pub id: String,
    /// The site a location-scoped record belongs to (its `locationId`).
    pub location_id: Option<String>,
    pub version: i64,
    pub data: String,
}

/// The records of one list a device keeps (one kind's, and one site's for a kind kept per
/// site), as the JSON text a lists answer sends (on SQLite made by the database, one row per
/// list rather than one per record).
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeList {
    pub kind: String,
    /// The site, for a kind kept per site; empty for the others.
    pub site: String,
    /// The records' ids as JSON strings, comma-separated, oldest first.
    pub ids: String,
    /// The records as stored, each with `"version": N` as its first field, comma-separated, oldest first.
    pub records: String,
    pub count: i64,
}

/// Which page of the feed to read: at most `limit` changes after `cursor` of the given kinds;
/// with `received_since` (Unix ms) only those the server received at or after it.
#[derive(Debug, Clone, Copy)]
pub struct FeedPage<'a> {
    pub org_id: &'a str,
    pub cursor: i64,
    pub kinds: &'a [&'a str],
    pub received_since: Option<i64>,
    pub limit: i64,
}

/// Binds each of `kinds`, in order, to the query's next parameters (its `kind IN (…)`).
fn bind_kinds<'q>(mut query: Query<'q, Any, AnyArguments<'q>>, kinds: &[&'q str]) -> Query<'q, Any, AnyArguments<'q>> {
    for kind in kinds {
        query = query.bind(*kind);
    }
    query
}

/// A page of the feed as lists: [`Store::change_lists_after`].
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeLists {
    /// In kind and site order.
    pub lists: Vec<ChangeList>,
    /// The newest version on the page; None for an empty page.
    pub last_version: Option<i64>,
    /// Changes after the page remain.
    pub has_more: bool,
    /// The page's records of the kinds asked for whole, one by one, read with the lists.
    pub rows: Vec<RawChange>,
}

/// A change from a row of `kind, version, data, id, location_id`.
fn raw_change(row: &sqlx::any::AnyRow) -> Result<RawChange> {
    Ok(RawChange {
        kind: row.try_get(0)?,
        version: row.try_get(1)?,
        data: row.try_get(2)?,
        id: row.try_get(3)?,
        location_id: row.try_get(4)?,
    })
}

/// Changes in version order as lists, in kind and site order.
fn lists_of(changes: &[RawChange]) -> Vec<ChangeList> {
    let mut lists: BTreeMap<(&str, &str), ChangeList> = BTreeMap::new();
    for change in changes {
        let scoped = SyncKind::parse(&change.kind).is_some_and(SyncKind::location_scoped);
        let site = if scoped { change.location_id.as_deref().unwrap_or("") } else { "" };
        let list = lists.entry((&change.kind, site)).or_insert_with(|| ChangeList {
            kind: change.kind.clone(),
            site: site.to_string(),
            ids: String::new(),
            records: String::new(),
            count: 0,
        });
        list.push(&change.id, &change.data, change.version);
    }
    lists.into_values().collect()
}

impl ChangeList {
    /// Appends a record: its id, and its stored text with its version.
    pub fn push(&mut self, id: &str, data: &str, version: i64) {
        if self.count > 0 {
            self.ids.push(',');
            self.records.push(',');
        }
        self.ids.push_str(&Value::String(id.to_string()).to_string());
        push_with_version(&mut self.records, data, version);
        self.count += 1;
    }

    /// Empties the list, to be filled again.
    pub fn clear(&mut self) {
        self.ids.clear();
        self.records.clear();
        self.count = 0;
    }
}

/// Appends a stored record's JSON object with `"version": N` as its first field.
pub fn push_with_version(out: &mut String, data: &str, version: i64) {
    let fields = data.trim().strip_prefix('{').unwrap_or("}");
    out.push_str(&format!("{{\"version\":{version}"));
    if !fields.trim_start().starts_with('}') {
        out.push(',');
    }
    out.push_str(fields);
}

impl Store {
    /// The page's changes, oldest first. The records come as the JSON text they are stored as,
    /// ready to send.
    pub async fn changes_after(&self, page: &FeedPage<'_>) -> Result<Vec<RawChange>> {
        if page.kinds.is_empty() {
            return Ok(Vec::new());
        }
        let kind_params: Vec<String> = (0..page.kinds.len()).map(|i| format!("${}", i + 5)).collect();
        let sql = format!(
            "SELECT kind, version, data, id, location_id FROM records
             WHERE org_id = $1 AND version > $2 AND received_at >= $3 AND kind IN ({})
             ORDER BY version LIMIT $4",
            kind_params.join(", ")
        );
        let query = sqlx::query(&sql).bind(page.org_id).bind(page.cursor).bind(page.received_since.unwrap_or(i64::MIN)).bind(page.limit);
        bind_kinds(query, page.kinds).fetch_all(&self.pool).await?.iter().map(raw_change).collect()
    }

    /// The page's changes, and whether more remain (told by reading one more).
    pub async fn change_page(&self, page: &FeedPage<'_>) -> Result<(Vec<RawChange>, bool)> {
        let mut changes = self.changes_after(&FeedPage { limit: page.limit + 1, ..*page }).await?;
        let has_more = changes.len() as i64 > page.limit;
        changes.truncate(page.limit as usize);
        Ok((changes, has_more))
    }

    /// The page [`Store::change_page`] answers, as lists. Each stored record goes out as stored
    /// (the compact JSON this server wrote) with `"version": N` spliced in first, as the object
    /// answer sends it. The page's records of the kinds in `rows_of` come one by one too, from
    /// the same reading (a caller that shows them otherwise remakes their lists).
    pub async fn change_lists_after(&self, page: &FeedPage<'_>, rows_of: &[&str]) -> Result<ChangeLists> {
        let FeedPage { org_id, cursor, kinds, received_since, limit } = *page;
        if kinds.is_empty() {
            return Ok(ChangeLists { lists: Vec::new(), last_version: None, has_more: false, rows: Vec::new() });
        }
        if self.engine() == Engine::Postgres {
            // Its rows come in one stream, and its own joining (a sort per list, a copy per
            // `||`) is slower than the lists made here.
            let (changes, has_more) = self.change_page(page).await?;
            let rows = changes.iter().filter(|change| rows_of.contains(&change.kind.as_str())).cloned().collect();
            return Ok(ChangeLists {
                last_version: changes.last().map(|change| change.version),
                lists: lists_of(&changes),
                has_more,
                rows,
            });
        }
        // SQLite makes each list's text, one row per list: a row per record would cross from its
        // thread to the server's one at a time, a wake-up each.
        let scoped: Vec<&str> = kinds.iter().copied().filter(|kind| SyncKind::parse(kind).is_some_and(SyncKind::location_scoped)).collect();
        let params = |from: usize, count: usize| (from..from + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
        let in_kinds = params(5, kinds.len());
        // Not `IN ()`: no kind kept per site among those asked for.
        let scoped_test =
            if scoped.is_empty() { "0 = 1".to_string() } else { format!("kind IN ({})", params(5 + kinds.len(), scoped.len())) };
        // The stored text is compact (`{}` for no fields): its second character tells an empty
        // object, and trimming its brace (a copy) is cheaper than a substring (a walk, character
        // by character). The same splice as `push_with_version`.
        let sql = format!(
            "WITH page AS (
                 SELECT kind, version, data, id, location_id FROM records
                 WHERE org_id = $1 AND version > $2 AND received_at >= $3 AND kind IN ({in_kinds})
                 ORDER BY version LIMIT $4)
             SELECT kind, CASE WHEN {scoped_test} THEN COALESCE(location_id, '') ELSE '' END AS site,
                 COUNT(*), MAX(version),
                 group_concat(json_quote(id), ',' ORDER BY version),
                 group_concat('{{\"version\":' || version || CASE WHEN substr(data, 2, 1) = '}}' THEN '' ELSE ',' END || ltrim(data, '{{'), ',' ORDER BY version)
             FROM page GROUP BY 1, 2"
        );
        let since = received_since.unwrap_or(i64::MIN);
        let query = bind_kinds(bind_kinds(sqlx::query(&sql).bind(org_id).bind(cursor).bind(since).bind(limit), kinds), &scoped);
        // One reading: what follows the page, and its rows, are those of the lists' moment.
        let mut tx = self.pool.begin().await?;
        let mut lists = Vec::new();
        let (mut count, mut last_version) = (0, None::<i64>);
        for row in query.fetch_all(&mut *tx).await? {
            let list = ChangeList {
                kind: row.try_get(0)?,
                site: row.try_get(1)?,
                count: row.try_get(2)?,
                ids: row.try_get(4)?,
                records: row.try_get(5)?,
            };
            let last: i64 = row.try_get(3)?;
            count += list.count;
            last_version = Some(last_version.map_or(last, |seen| seen.max(last)));
            lists.push(list);
        }
        // Byte order, as the Rust lists are.
        lists.sort_by(|a, b| (a.kind.as_bytes(), a.site.as_bytes()).cmp(&(b.kind.as_bytes(), b.site.as_bytes())));
        let has_more = match last_version {
            Some(last) if count >= limit => {
                let sql = format!(
                    "SELECT 1 FROM records WHERE org_id = $1 AND version > $2 AND received_at >= $3 AND kind IN ({}) LIMIT 1",
                    params(4, kinds.len())
                );
                bind_kinds(sqlx::query(&sql).bind(org_id).bind(last).bind(since), kinds).fetch_optional(&mut *tx).await?.is_some()
            }
            _ => false,
        };
        let mut rows = Vec::new();
        if let Some(last) = last_version
            && !rows_of.is_empty()
        {
            let sql = format!(
                "SELECT kind, version, data, id, location_id FROM records
                 WHERE org_id = $1 AND version > $2 AND version <= $3 AND received_at >= $4 AND kind IN ({})
                 ORDER BY version",
                params(5, rows_of.len())
            );
            let query = bind_kinds(sqlx::query(&sql).bind(org_id).bind(cursor).bind(last).bind(since), rows_of);
            rows = query.fetch_all(&mut *tx).await?.iter().map(raw_change).collect::<Result<_>>()?;
        }
        tx.commit().await?;
        Ok(ChangeLists { lists, last_version, has_more, rows })
    }

    /// The organisation's latest version: where a client that has everything stands.
    pub async fn current_version(&self, org_id: &str) -> Result<i64> {
        let row = sqlx::query("SELECT version FROM organizations WHERE id = $1").bind(org_id).fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }
}
