//! The one way a time is written: UTC, exactly three fraction digits, `Z`
//! (`2026-11-22T10:00:00.000Z`), as JavaScript's `toISOString` writes it. Stamps in this form
//! order the same as text and as instants, which last-writer-wins relies on.

use jiff::Timestamp;

/// `t` in the one form, truncated to the millisecond.
pub fn format_stamp(t: Timestamp) -> String {
    t.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stamp_has_three_fraction_digits_and_z() {
        let at = |text: &str| format_stamp(text.parse().unwrap());
        assert_eq!(at("2026-11-22T10:00:45Z"), "2026-11-22T10:00:45.000Z");
        assert_eq!(at("2026-11-22T10:00:45.12Z"), "2026-11-22T10:00:45.120Z");
        assert_eq!(at("2026-11-22T10:00:45.1239Z"), "2026-11-22T10:00:45.123Z");
        assert_eq!(at("2026-11-22T05:00:45.5-05:00"), "2026-11-22T10:00:45.500Z");
        // Text order is time order.
        assert!(at("2026-11-22T10:00:45.12Z") < at("2026-11-22T10:00:45.121Z"));
        assert!(at("2026-11-22T10:00:45Z") < at("2026-11-22T10:00:45.5Z"));
    }
}
