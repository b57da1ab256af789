//! Answers of the geocoder, kept so an address is asked of the provider once (migration 0010;
//! pruned in retention.rs), and the pace of requests to it, shared by every instance.

use sqlx::Row;

use crate::{Result, Store, now_millis};

/// A cached answer: the point found, or `None` when the provider knows no such place.
pub type CachedPlace = Option<(f64, f64)>;

impl Store {
    /// The kept answer for `query` (already normalised by the caller), if any.
    pub async fn cached_geocode(&self, query: &str) -> Result<Option<CachedPlace>> {
        let row = sqlx::query("SELECT lat, lon FROM geocode_cache WHERE query = $1").bind(query).fetch_optional(&self.pool).await?;
        let Some(row) = row else { return Ok(None) };
        let lat: Option<f64> = row.try_get(0)?;
        let lon: Option<f64> = row.try_get(1)?;
        Ok(Some(lat.zip(lon)))
    }

    /// Keeps the provider's answer for `query`, replacing an older one.
    pub async fn cache_geocode(&self, query: &str, place: CachedPlace) -> Result<()> {
        sqlx::query(
            "INSERT INTO geocode_cache (query, lat, lon, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (query) DO UPDATE SET lat = excluded.lat, lon = excluded.lon, created_at = excluded.created_at",
        )
        .bind(query)
        .bind(place.map(|(lat, _)| lat))
        .bind(place.map(|(_, lon)| lon))
        .bind(now_millis())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes the next turn to ask the geocoder if it has come by `now` (ms), setting the one
    /// after it `gap` later: `Ok(None)`. Otherwise answers when the next turn comes, to wait for.
    /// One conditional update, so of instances asking at once only one gets the turn.
    pub async fn take_geocoder_turn(&self, now: i64, gap: i64) -> Result<Option<i64>> {
        let taken = sqlx::query("UPDATE geocode_pace SET next_at = $1 WHERE id = 1 AND next_at <= $2")
            .bind(now + gap)
            .bind(now)
            .execute(&self.pool)
            .await?
            .rows_affected();
        if taken == 1 {
            return Ok(None);
        }
        let next_at: i64 = sqlx::query_scalar("SELECT next_at FROM geocode_pace WHERE id = 1").fetch_one(&self.pool).await?;
        Ok(Some(next_at))
    }

    /// Puts the next turn off until `at` (ms) if it would come sooner: the gap is kept from the
    /// provider's answer, not only from the request's leaving.
    pub async fn hold_geocoder_turns_until(&self, at: i64) -> Result<()> {
        sqlx::query("UPDATE geocode_pace SET next_at = $1 WHERE id = 1 AND next_at < $1").bind(at).execute(&self.pool).await?;
        Ok(())
    }
}
