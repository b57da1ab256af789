//! `GET /api/organizations/{orgId}/export`: the whole organisation as one JSON document,
//! streamed page by page (organization.rs); `GET /api/organizations/{orgId}/export/billing`:
//! billing counts per SKU for a period (billing.rs). Both are reads, so an inactive
//! organisation may still export (billing/guard.rs). docs/export.md.

pub mod billing;
pub mod organization;

use jiff::civil::Date;
use jiff::tz::TimeZone;

/// Records read and written per chunk of the export, and per page of the billing count.
pub const EXPORT_PAGE: i64 = 1_000;

/// Today in UTC, the export's file names' date.
fn today() -> Date {
    jiff::Timestamp::now().to_zoned(TimeZone::UTC).date()
}
