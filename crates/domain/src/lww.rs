//! Last-writer-wins (spec §4), the server's side: which of two copies of a record is kept,
//! and the stamp a write is kept under. The client's side is `serverCopyWins` in
//! web/src/offline/records.ts; both run the vectors of testdata/lww/.

use jiff::Timestamp;
use serde_json::Value;

use crate::time::format_stamp;

/// How far ahead of the server's clock a stamp may be and still be kept as sent. A device whose
/// clock runs further ahead would otherwise stamp writes that outrank every later real edit.
pub const MAX_AHEAD_MILLIS: i64 = 5 * 60 * 1000;

/// One copy of a record, as far as last-writer-wins looks at it.
#[derive(Debug, Clone, Copy)]
pub struct Copy<'a> {
    pub last_updated: &'a str,
    pub deleted: bool,
    pub data: &'a Value,
}

/// What becomes of an uploaded copy against the stored one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The upload is the later write: it replaces the stored copy.
    Incoming,
    /// The stored copy is the later write (or a tombstone): the upload is stale.
    Stored,
    /// The same write sent again: nothing to do.
    Same,
}

/// Decides between a stored copy and an uploaded one. A tombstone is final; otherwise the
/// later `lastUpdated` wins, compared as instants; equal stamps fall to the larger record text
/// (tombstone first), so every server reaches the same answer whatever the order of arrival.
pub fn decide(stored: Copy, incoming: Copy) -> Decision {
    if stored.deleted && !incoming.deleted {
        return Decision::Stored;
    }
    match instant(incoming.last_updated).cmp(&instant(stored.last_updated)) {
        std::cmp::Ordering::Greater => Decision::Incoming,
        std::cmp::Ordering::Less => Decision::Stored,
        std::cmp::Ordering::Equal => {
            let (ours, theirs) = (incoming.data.to_string(), stored.data.to_string());
            if ours == theirs && incoming.deleted == stored.deleted {
                Decision::Same
            } else if (incoming.deleted, ours) > (stored.deleted, theirs) {
                Decision::Incoming
            } else {
                Decision::Stored
            }
        }
    }
}

/// A stamp as an instant; one that does not parse sorts before every real one.
fn instant(stamp: &str) -> Option<Timestamp> {
    stamp.trim().parse().ok()
}

/// The stamp a write is kept under when it reaches the server at `received`: as sent, unless it
/// is more than [`MAX_AHEAD_MILLIS`] ahead of the server's clock; then the time of receipt, and
/// the answer tells the device (Some).
pub fn stamp_on_receipt(sent: &str, received: Timestamp) -> Option<String> {
    let sent = instant(sent)?;
    (sent.as_millisecond() - received.as_millisecond() > MAX_AHEAD_MILLIS).then(|| format_stamp(received))
}
