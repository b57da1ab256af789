//! Rate limits (logins, password resets, client logs), kept in the database so every server
//! instance counts the same attempts. An attempt is taken before the work it limits is done,
//! while holding its key's row, so parallel requests are counted one after another: however
//! many arrive at once, at most the maximum get through.

use sqlx::Row;

use crate::{Result, Store, new_id, now_millis};

/// At most `max` attempts under `key` since `since_millis` (a sliding window).
#[derive(Debug, Clone, Copy)]
pub struct Limit<'a> {
    pub key: &'a str,
    pub max: i64,
    pub since_millis: i64,
}

impl Store {
    /// Takes one attempt under every limit, or none at all when any of them is used up. Answers
    /// the ids of the attempts taken (to give back with [`Store::give_back_attempts`]), or None.
    pub async fn take_attempt(&self, limits: &[Limit<'_>]) -> Result<Option<Vec<String>>> {
        let mut ordered = limits.to_vec();
        // One order for every caller, so two requests never wait for each other's keys.
        ordered.sort_by_key(|limit| limit.key);
        let now = now_millis();
        let mut tx = self.pool.begin().await?;
        for limit in &ordered {
            // The write comes first: it holds the key (a row lock on PostgreSQL, the write lock
            // on SQLite) until the commit, so the count below cannot change under us.
            sqlx::query(
                "INSERT INTO rate_limit_keys (limit_key, touched_at) VALUES ($1, $2)
                 ON CONFLICT (limit_key) DO UPDATE SET touched_at = excluded.touched_at",
            )
            .bind(limit.key)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        for limit in &ordered {
            let row = sqlx::query("SELECT COUNT(*) FROM rate_limit_hits WHERE limit_key = $1 AND at >= $2")
                .bind(limit.key)
                .bind(limit.since_millis)
                .fetch_one(&mut *tx)
                .await?;
            if row.try_get::<i64, _>(0)? >= limit.max {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        let mut taken = Vec::with_capacity(ordered.len());
        for limit in &ordered {
            let id = new_id();
            sqlx::query("INSERT INTO rate_limit_hits (id, limit_key, at) VALUES ($1, $2, $3)")
                .bind(&id)
                .bind(limit.key)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            taken.push(id);
        }
        tx.commit().await?;
        Ok(Some(taken))
    }

    /// Gives back attempts that turned out not to count (a login with the right password).
    pub async fn give_back_attempts(&self, ids: &[String]) -> Result<()> {
        for id in ids {
            sqlx::query("DELETE FROM rate_limit_hits WHERE id = $1").bind(id).execute(&self.pool).await?;
        }
        Ok(())
    }

    /// Forgets every attempt under `key` (a successful login clears its email's count).
    pub async fn clear_attempts(&self, key: &str) -> Result<()> {
        sqlx::query("DELETE FROM rate_limit_hits WHERE limit_key = $1").bind(key).execute(&self.pool).await?;
        Ok(())
    }
}
