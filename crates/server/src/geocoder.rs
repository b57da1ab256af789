//! Site addresses to points, asked of a provider speaking Nominatim's search protocol
//! (`FIELDTAG_GEOCODER_URL`) on the browser's behalf, so the app depends on this server only.
//! Nominatim's usage policy is kept: a User-Agent that names the application and where it
//! runs, at most one request a second from this server (all its instances: the pace is kept in
//! the database), and every answer cached (docs/maps.md).

use std::time::Duration;

use anyhow::Context;
use fieldtag_store::{CachedPlace, Store, now_millis};
use serde::Deserialize;
use tokio::sync::Mutex;
use tokio::time::Instant;

/// The provider's policy: no more than one request a second.
const MIN_GAP: Duration = Duration::from_secs(1);
/// How long a lookup waits for its turn before the answer is "busy, try later": a crowd of
/// lookups waits in line no longer than this.
const MAX_WAIT: Duration = Duration::from_secs(10);
const PROVIDER_TIMEOUT: Duration = Duration::from_secs(10);
/// Longer addresses are refused before anything is asked.
pub const MAX_QUERY_CHARS: usize = 300;

/// Why no answer came.
#[derive(Debug, thiserror::Error)]
pub enum GeocodeError {
    #[error("too many lookups are waiting for the geocoder")]
    Busy,
    #[error(transparent)]
    Provider(anyhow::Error),
    #[error(transparent)]
    Store(#[from] fieldtag_store::StoreError),
}

pub struct Geocoder {
    search_url: String,
    http: reqwest::Client,
    /// This instance's lookups wait here in turn, one asking the provider at a time.
    line: Mutex<()>,
}

/// One place of Nominatim's `jsonv2` answer: coordinates as text.
#[derive(Deserialize)]
struct Place {
    lat: String,
    lon: String,
}

/// The address as cached: trimmed, inner spaces collapsed, lower case.
pub fn normalise(query: &str) -> String {
    query.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

impl Geocoder {
    /// A geocoder asking `search_url` (e.g. `https://nominatim.openstreetmap.org/search`),
    /// introducing itself as this server at `public_url`.
    pub fn new(search_url: &str, public_url: &str) -> anyhow::Result<Geocoder> {
        let parsed = reqwest::Url::parse(search_url).with_context(|| format!("FIELDTAG_GEOCODER_URL is not a URL: {search_url}"))?;
        anyhow::ensure!(matches!(parsed.scheme(), "http" | "https"), "FIELDTAG_GEOCODER_URL must be an http or https URL: {search_url}");
        let user_agent = format!("Fieldtag/{} (+{public_url})", env!("CARGO_PKG_VERSION"));
        let http = reqwest::Client::builder().user_agent(user_agent).timeout(PROVIDER_TIMEOUT).build()?;
        Ok(Geocoder { search_url: search_url.to_string(), http, line: Mutex::new(()) })
    }

    /// The point of `query`, or `None` when the provider knows no such place: from the cache,
    /// or asked of the provider in turn and then cached.
    pub async fn locate(&self, store: &Store, query: &str) -> Result<CachedPlace, GeocodeError> {
        let key = normalise(query);
        if let Some(place) = store.cached_geocode(&key).await? {
            return Ok(place);
        }
        let _turn = tokio::time::timeout(MAX_WAIT, self.line.lock()).await.map_err(|_| GeocodeError::Busy)?;
        // Someone ahead in line may have asked for the same address.
        if let Some(place) = store.cached_geocode(&key).await? {
            return Ok(place);
        }
        self.wait_for_turn(store).await?;
        let asked = self.ask(query.trim()).await;
        // The next request leaves a gap after this one ended, whatever the network's delays.
        store.hold_geocoder_turns_until(now_millis() + MIN_GAP.as_millis() as i64).await?;
        let place = asked.map_err(GeocodeError::Provider)?;
        store.cache_geocode(&key, place).await?;
        Ok(place)
    }

    /// Waits for this server's next turn to ask, shared through the database with every other
    /// instance; gives up after `MAX_WAIT`.
    async fn wait_for_turn(&self, store: &Store) -> Result<(), GeocodeError> {
        let gap = MIN_GAP.as_millis() as i64;
        let give_up = Instant::now() + MAX_WAIT;
        loop {
            let now = now_millis();
            let Some(next_at) = store.take_geocoder_turn(now, gap).await? else { return Ok(()) };
            // A turn further off than one gap means another instance's clock runs ahead: wait one gap.
            let wait = Duration::from_millis((next_at - now).clamp(1, gap) as u64);
            if Instant::now() + wait > give_up {
                return Err(GeocodeError::Busy);
            }
            tokio::time::sleep(wait).await;
        }
    }

    async fn ask(&self, query: &str) -> anyhow::Result<CachedPlace> {
        let response = self
            .http
            .get(&self.search_url)
            .query(&[("format", "jsonv2"), ("limit", "1"), ("q", query)])
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .context("cannot reach the geocoder")?;
        let status = response.status();
        anyhow::ensure!(status.is_success(), "the geocoder answered HTTP {status}");
        let places: Vec<Place> = response.json().await.context("the geocoder's answer is not Nominatim's JSON")?;
        let Some(place) = places.first() else { return Ok(None) };
        let lat: f64 = place.lat.parse().context("the geocoder's latitude is not a number")?;
        let lon: f64 = place.lon.parse().context("the geocoder's longitude is not a number")?;
        anyhow::ensure!((-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon), "the geocoder's point is off the globe");
        Ok(Some((lat, lon)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_differing_in_case_and_spaces_are_one() {
        assert_eq!(normalise("  5 Maple Ave,\tOTTAWA  "), "5 maple ave, ottawa");
    }
}
