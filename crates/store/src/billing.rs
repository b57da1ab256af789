//! Subscriptions at the card payment provider and the webhook events that change them.
//! Each event is taken once (by its id) and applied in one transaction with the
//! organisation record it changes; what the event means is decided by the caller.

use fieldtag_domain::sync_kind::SyncKind;
use serde_json::Value;
use sqlx::Row;

use crate::records::{NewRecord, get_record, put_record};
use crate::{Result, Store, StoreError, now_millis};

/// What the store knows of an organisation's subscription.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Subscription {
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub status: Option<String>,
    /// The provider's creation time (Unix seconds) of the newest event applied.
    pub event_created: i64,
}

/// A webhook event as far as the store needs it.
#[derive(Debug, Clone)]
pub struct WebhookEvent<'a> {
    pub id: &'a str,
    pub event_type: &'a str,
    pub created: i64,
    pub org_id: &'a str,
}

/// What became of a webhook event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventOutcome {
    /// Applied: the subscription and the organisation changed.
    Applied,
    /// Taken, but it changed nothing (older than what was applied, or about another subscription).
    Ignored,
    /// This event id was taken before.
    Duplicate,
}

/// The change an event makes, decided from the current subscription and organisation.
pub struct EventChange {
    pub subscription: Subscription,
    pub organization: Value,
}

impl Store {
    /// The organisation's subscription, if it ever had one.
    pub async fn subscription(&self, org_id: &str) -> Result<Option<Subscription>> {
        let row = sqlx::query("SELECT customer_id, subscription_id, status, event_created FROM subscriptions WHERE org_id = $1")
            .bind(org_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| subscription_of(&row)).transpose()
    }

    /// The organisation whose provider customer this is.
    pub async fn organization_of_customer(&self, customer_id: &str) -> Result<Option<String>> {
        let row =
            sqlx::query("SELECT org_id FROM subscriptions WHERE customer_id = $1").bind(customer_id).fetch_optional(&self.pool).await?;
        Ok(row.map(|row| row.try_get("org_id")).transpose()?)
    }

    /// Remembers the provider customer made for an organisation before its first checkout.
    pub async fn set_customer(&self, org_id: &str, customer_id: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO subscriptions (org_id, customer_id, event_created, updated_at) VALUES ($1, $2, 0, $3)
             ON CONFLICT (org_id) DO UPDATE SET customer_id = excluded.customer_id, updated_at = excluded.updated_at",
        )
        .bind(org_id)
        .bind(customer_id)
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Changes the organisation record under the organisation's lock, when `change` returns
    /// a new record; answers the record as it stands afterwards.
    pub async fn update_organization(&self, org_id: &str, change: impl FnOnce(&Value) -> Option<Value>) -> Result<Option<Value>> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(org_id).execute(&mut *tx).await?;
        let Some(current) = get_record(&mut tx, org_id, SyncKind::Organization.key(), org_id).await? else {
            return Ok(None);
        };
        let Some(updated) = change(&current.data) else {
            return Ok(Some(current.data));
        };
        let last_updated = updated["lastUpdated"].as_str().unwrap_or_default();
        let record =
            NewRecord { kind: SyncKind::Organization.key(), id: org_id, location_id: None, last_updated, deleted: false, data: &updated };
        put_record(&mut tx, org_id, &record).await?;
        tx.commit().await?;
        self.versions_committed(org_id);
        Ok(Some(updated))
    }

    /// Takes a webhook event once: records its id, and when `decide` returns a change,
    /// writes the subscription and the organisation record, all in one transaction.
    pub async fn apply_webhook_event(
        &self,
        event: &WebhookEvent<'_>,
        decide: impl FnOnce(Option<&Subscription>, &Value) -> Option<EventChange>,
    ) -> Result<EventOutcome> {
        let mut tx = self.pool.begin().await?;
        // Serialises events of one organisation (a row lock on PostgreSQL, the write lock on SQLite).
        sqlx::query("UPDATE organizations SET version = version WHERE id = $1").bind(event.org_id).execute(&mut *tx).await?;
        let taken = sqlx::query("INSERT INTO webhook_events (id, event_type, org_id, created, received_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(event.id)
            .bind(event.event_type)
            .bind(event.org_id)
            .bind(event.created)
            .bind(now_millis())
            .execute(&mut *tx)
            .await;
        match taken.map_err(StoreError::from) {
            Err(StoreError::Conflict) => return Ok(EventOutcome::Duplicate),
            other => other?,
        };
        let current = sqlx::query("SELECT customer_id, subscription_id, status, event_created FROM subscriptions WHERE org_id = $1")
            .bind(event.org_id)
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| subscription_of(&row))
            .transpose()?;
        let organization =
            get_record(&mut tx, event.org_id, SyncKind::Organization.key(), event.org_id).await?.ok_or(StoreError::NotFound)?;
        let Some(change) = decide(current.as_ref(), &organization.data) else {
            tx.commit().await?;
            return Ok(EventOutcome::Ignored);
        };
        let subscription = &change.subscription;
        sqlx::query(
            "INSERT INTO subscriptions (org_id, customer_id, subscription_id, status, event_created, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (org_id) DO UPDATE SET customer_id = excluded.customer_id, subscription_id = excluded.subscription_id,
                 status = excluded.status, event_created = excluded.event_created, updated_at = excluded.updated_at",
        )
        .bind(event.org_id)
        .bind(subscription.customer_id.as_deref())
        .bind(subscription.subscription_id.as_deref())
        .bind(subscription.status.as_deref())
        .bind(subscription.event_created)
        .bind(now_millis())
        .execute(&mut *tx)
        .await?;
        if change.organization != organization.data {
            let last_updated = change.organization["lastUpdated"].as_str().unwrap_or_default();
            let record = NewRecord {
                kind: SyncKind::Organization.key(),
                id: event.org_id,
                location_id: None,
                last_updated,
                deleted: false,
                data: &change.organization,
            };
            put_record(&mut tx, event.org_id, &record).await?;
        }
        tx.commit().await?;
        self.versions_committed(event.org_id);
        Ok(EventOutcome::Applied)
    }
}

fn subscription_of(row: &sqlx::any::AnyRow) -> Result<Subscription> {
    Ok(Subscription {
        customer_id: row.try_get("customer_id")?,
        subscription_id: row.try_get("subscription_id")?,
        status: row.try_get("status")?,
        event_created: row.try_get("event_created")?,
    })
}
