//! When a stream tells of a new version. Notices that come close together are told once, with
//! the newest version: a stream waits at least [`MIN_GAP`] after its last event. And each stream
//! waits its own random delay of up to [`MAX_JITTER`], so the devices of one organisation do not
//! all download at the same instant after one write.

use std::time::Duration;

use tokio::time::Instant;

/// At most one event per stream in this time.
pub const MIN_GAP: Duration = Duration::from_millis(100);

/// The largest per-stream delay.
pub const MAX_JITTER: Duration = Duration::from_millis(250);

/// A stream's own delay, drawn once when it opens.
pub fn draw_jitter() -> Duration {
    Duration::from_millis(rand::random_range(0..=MAX_JITTER.as_millis() as u64))
}

/// When a stream that learns of a change at `now` tells of it: after its own delay, and not
/// before `MIN_GAP` has passed since its last event.
pub fn send_at(now: Instant, last_sent: Option<Instant>, jitter: Duration) -> Instant {
    let after_jitter = now + jitter;
    match last_sent {
        Some(last) => after_jitter.max(last + MIN_GAP),
        None => after_jitter,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_change_waits_only_the_streams_own_delay() {
        let now = Instant::now();
        assert_eq!(send_at(now, None, Duration::ZERO), now);
        assert_eq!(send_at(now, None, Duration::from_millis(40)), now + Duration::from_millis(40));
    }

    #[test]
    fn changes_soon_after_an_event_wait_for_the_gap() {
        let now = Instant::now();
        let last = now - Duration::from_millis(30);
        assert_eq!(send_at(now, Some(last), Duration::ZERO), last + MIN_GAP);
        assert_eq!(send_at(now, Some(last), Duration::from_millis(200)), now + Duration::from_millis(200));
        let long_ago = now - Duration::from_secs(5);
        assert_eq!(send_at(now, Some(long_ago), Duration::from_millis(10)), now + Duration::from_millis(10));
    }

    #[test]
    fn delays_stay_within_the_bound() {
        for _ in 0..1000 {
            assert!(draw_jitter() <= MAX_JITTER);
        }
    }
}
