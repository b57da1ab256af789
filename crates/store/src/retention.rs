//! Retention: what the maintenance task deletes, so no table that grows with traffic grows
//! for ever. Records, imports, transfers and billing events are the organisation's data and
//! are kept; what is pruned here is bookkeeping that has done its work, and demo organisations
//! (demo_organizations.rs), which are nobody's data, after a day.

use crate::{Result, Store};

const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;
/// Rate-limit attempts: longer than the longest window (an hour, for resets).
pub const LIMIT_ATTEMPTS_KEPT_MILLIS: i64 = DAY_MILLIS;
/// Ended sessions: longer than any access token they issued can live (a day at most).
pub const ENDED_SESSIONS_KEPT_MILLIS: i64 = DAY_MILLIS;
/// Spent invite and reset tokens.
pub const SPENT_TOKENS_KEPT_MILLIS: i64 = DAY_MILLIS;
/// Client error logs and mail sent (or kept for lack of SMTP).
pub const LOGS_AND_MAIL_KEPT_MILLIS: i64 = 30 * DAY_MILLIS;
/// Geocoder answers: a month, so a place the provider has moved or learnt comes right.
pub const GEOCODE_ANSWERS_KEPT_MILLIS: i64 = 30 * DAY_MILLIS;
/// Analytics events (docs/analytics.md): 13 months, so a year can be set beside the last.
pub const ANALYTICS_EVENTS_KEPT_MILLIS: i64 = 396 * DAY_MILLIS;
/// Payment provider events: long after the provider stops retrying one (three days).
pub const WEBHOOK_EVENTS_KEPT_MILLIS: i64 = 90 * DAY_MILLIS;

impl Store {
    /// Deletes what has expired as of `now` (ms); answers how many rows went.
    pub async fn prune_expired(&self, now: i64) -> Result<u64> {
        let statements: [(&str, i64); 10] = [
            ("DELETE FROM token_blacklist WHERE expires_at < $1", now),
            ("DELETE FROM user_tokens WHERE expires_at < $1", now),
            ("DELETE FROM user_tokens WHERE used_at < $1", now - SPENT_TOKENS_KEPT_MILLIS),
            ("DELETE FROM refresh_tokens WHERE expires_at < $1", now),
            (
                "DELETE FROM refresh_tokens WHERE family_id IN (SELECT id FROM token_families WHERE revoked_at < $1)",
                now - ENDED_SESSIONS_KEPT_MILLIS,
            ),
            (
                "DELETE FROM token_families WHERE revoked_at < $1
                 OR (created_at < $1 AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE refresh_tokens.family_id = token_families.id))",
                now - ENDED_SESSIONS_KEPT_MILLIS,
            ),
            ("DELETE FROM rate_limit_hits WHERE at < $1", now - LIMIT_ATTEMPTS_KEPT_MILLIS),
            ("DELETE FROM rate_limit_keys WHERE touched_at < $1", now - LIMIT_ATTEMPTS_KEPT_MILLIS),
            ("DELETE FROM client_logs WHERE created_at < $1", now - LOGS_AND_MAIL_KEPT_MILLIS),
            ("DELETE FROM outbox WHERE created_at < $1", now - LOGS_AND_MAIL_KEPT_MILLIS),
        ];
        let mut pruned = 0;
        for (sql, before) in statements {
            pruned += sqlx::query(sql).bind(before).execute(&self.pool).await?.rows_affected();
        }
        pruned += sqlx::query("DELETE FROM geocode_cache WHERE created_at < $1")
            .bind(now - GEOCODE_ANSWERS_KEPT_MILLIS)
            .execute(&self.pool)
            .await?
            .rows_affected();
        pruned += sqlx::query("DELETE FROM analytics_events WHERE received_at < $1")
            .bind(now - ANALYTICS_EVENTS_KEPT_MILLIS)
            .execute(&self.pool)
            .await?
            .rows_affected();
        pruned += sqlx::query("DELETE FROM webhook_events WHERE received_at < $1")
            .bind(now - WEBHOOK_EVENTS_KEPT_MILLIS)
            .execute(&self.pool)
            .await?
            .rows_affected();
        pruned += self.delete_demo_organizations(now - crate::DEMO_ORGANIZATIONS_KEPT_MILLIS).await?;
        Ok(pruned)
    }
}
