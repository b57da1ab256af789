//! Analytics events (migration 0009, docs/analytics.md): kept once per device-made id, counted
//! per category, pruned 13 months after they arrived (retention.rs).

use sqlx::Row;

use crate::{Result, Store, now_millis};

/// One event as the device reported it, already checked by the caller.
pub struct AnalyticsEvent<'a> {
    pub id: &'a str,
    pub category: &'a str,
    pub action: &'a str,
    /// ms since the Unix epoch.
    pub occurred_at: i64,
}

impl Store {
    /// Keeps `events` of the user, once per id within the organisation (a resent batch adds
    /// nothing); answers how many were new. A date after their arrival is taken as the arrival.
    pub async fn add_analytics_events(&self, org_id: &str, user_id: &str, events: &[AnalyticsEvent<'_>]) -> Result<u64> {
        let received_at = now_millis();
        let mut tx = self.pool.begin().await?;
        let mut added = 0;
        for event in events {
            added += sqlx::query(
                "INSERT INTO analytics_events (org_id, id, user_id, category, action, occurred_at, received_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (org_id, id) DO NOTHING",
            )
            .bind(org_id)
            .bind(event.id)
            .bind(user_id)
            .bind(event.category)
            .bind(event.action)
            .bind(event.occurred_at.min(received_at))
            .bind(received_at)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        tx.commit().await?;
        Ok(added)
    }

    /// How many of the organisation's events each category holds, those that happened at or
    /// after `since` (ms) when given; categories without events are absent.
    pub async fn analytics_counts(&self, org_id: &str, since: Option<i64>) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT category, COUNT(*) FROM analytics_events WHERE org_id = $1 AND occurred_at >= $2
             GROUP BY category ORDER BY category",
        )
        .bind(org_id)
        .bind(since.unwrap_or(i64::MIN))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
    }
}
