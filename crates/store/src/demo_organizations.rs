//! Throw-away demo organisations (POST /api/demo) go, with everything they hold, once they are
//! older than a day. The mark is the organisation record's `demo` field, which only the server
//! sets; the rows are found through every table with an `org_id` column, so a table added later
//! is emptied of a demo's rows without this file knowing its name.

use serde_json::Value;
use sqlx::Row;

use crate::{Engine, Result, Store};

/// How long a demo organisation lives.
pub const DEMO_ORGANIZATIONS_KEPT_MILLIS: i64 = 24 * 60 * 60 * 1000;

impl Store {
    /// Deletes the demo organisations created before `before` (ms) and all their rows; answers
    /// how many rows went.
    pub async fn delete_demo_organizations(&self, before: i64) -> Result<u64> {
        // The text test narrows the scan; the parsed record decides (a quote inside any text
        // field is escaped, so no name can spell the mark).
        let candidates = sqlx::query(
            "SELECT organizations.id, records.data FROM organizations
             JOIN records ON records.org_id = organizations.id AND records.kind = 'organization' AND records.id = organizations.id
             WHERE organizations.created_at < $1 AND records.data LIKE '%\"demo\":true%'",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?;
        let mut demos = Vec::new();
        for row in candidates {
            let data: String = row.try_get(1)?;
            let record: Value = serde_json::from_str(&data).unwrap_or(Value::Null);
            if record["demo"] == Value::Bool(true) {
                demos.push(row.try_get::<String, _>(0)?);
            }
        }
        if demos.is_empty() {
            return Ok(0);
        }
        let tables = self.tables_with_org_id().await?;
        let mut deleted = 0;
        for org_id in demos {
            deleted += self.delete_organization_rows(&org_id, &tables).await?;
            tracing::info!(org_id, "demo organisation deleted");
        }
        Ok(deleted)
    }

    /// Every table naming an organisation, but the organisations table itself.
    async fn tables_with_org_id(&self) -> Result<Vec<String>> {
        let sql = match self.engine() {
            Engine::Sqlite => {
                "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
                 WHERE m.type = 'table' AND p.name = 'org_id' ORDER BY m.name"
            }
            Engine::Postgres => {
                "SELECT CAST(table_name AS TEXT) FROM information_schema.columns
                 WHERE column_name = 'org_id' AND table_schema = current_schema() ORDER BY 1"
            }
        };
        let rows = sqlx::query(sql).fetch_all(&self.pool).await?;
        let names: Vec<String> = rows.iter().map(|row| row.try_get::<String, _>(0)).collect::<std::result::Result<_, _>>()?;
        // Names from the catalogue, never from a request: safe to write into the statements.
        Ok(names.into_iter().filter(|name| name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')).collect())
    }

    async fn delete_organization_rows(&self, org_id: &str, tables: &[String]) -> Result<u64> {
        let mut tx = self.pool.begin().await?;
        // Refresh tokens name their session, not the organisation; they go before it.
        let mut deleted = sqlx::query("DELETE FROM refresh_tokens WHERE family_id IN (SELECT id FROM token_families WHERE org_id = $1)")
            .bind(org_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        for table in tables {
            let sql = format!("DELETE FROM {table} WHERE org_id = $1");
            deleted += sqlx::query(&sql).bind(org_id).execute(&mut *tx).await?.rows_affected();
        }
        deleted += sqlx::query("DELETE FROM organizations WHERE id = $1").bind(org_id).execute(&mut *tx).await?.rows_affected();
        tx.commit().await?;
        Ok(deleted)
    }
}
