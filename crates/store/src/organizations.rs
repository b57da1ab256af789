//! Organisations: created at sign-up together with their first user.

use fieldtag_domain::sync_kind::SyncKind;
use serde_json::Value;

use crate::records::{NewRecord, put_record};
use crate::{Result, Store, now_millis};

impl Store {
    /// Creates an organisation, its first user and that user's identity in one
    /// transaction. Fails with `Conflict` when the email is taken.
    pub async fn create_organization_with_owner(
        &self,
        organization: &Value,
        owner: &Value,
        email_key: &str,
        password_hash: &str,
    ) -> Result<()> {
        let org_id = organization["id"].as_str().unwrap_or_default();
        let user_id = owner["id"].as_str().unwrap_or_default();
        let last_updated = organization["lastUpdated"].as_str().unwrap_or_default();
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO organizations (id, version, created_at) VALUES ($1, 0, $2)")
            .bind(org_id)
            .bind(now_millis())
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO user_identities (user_id, org_id, email_key, password_hash) VALUES ($1, $2, $3, $4)")
            .bind(user_id)
            .bind(org_id)
            .bind(email_key)
            .bind(password_hash)
            .execute(&mut *tx)
            .await?;
        for (kind, id, data) in [(SyncKind::Organization.key(), org_id, organization), (SyncKind::Users.key(), user_id, owner)] {
            let record = NewRecord { kind, id, location_id: None, last_updated, deleted: false, data };
            put_record(&mut tx, org_id, &record).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The organisation's record.
    pub async fn organization(&self, org_id: &str) -> Result<Option<Value>> {
        Ok(self.record(org_id, SyncKind::Organization.key(), org_id).await?.map(|r| r.data))
    }

    /// A user's record (never holds a password).
    pub async fn user(&self, org_id: &str, user_id: &str) -> Result<Option<Value>> {
        Ok(self.record(org_id, SyncKind::Users.key(), user_id).await?.filter(|r| !r.deleted).map(|r| r.data))
    }

    /// Replaces a user's or organisation's record data.
    pub async fn put_entity(&self, org_id: &str, kind: &str, id: &str, data: &Value) -> Result<i64> {
        let last_updated = data["lastUpdated"].as_str().unwrap_or_default();
        let record = NewRecord { kind, id, location_id: None, last_updated, deleted: false, data };
        self.put_record(org_id, &record).await
    }
}
