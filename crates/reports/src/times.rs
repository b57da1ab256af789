//! Dates in a site's time zone, through the due engine's clock so a report reads every
//! stored date exactly as the engine does.

use fieldtag_domain::due::Clock;
use jiff::ToSpan;
use jiff::civil::Date;

/// Where sites without a usable time zone, and company-wide defaults, count their days (spec §9).
pub const FALLBACK_TIME_ZONE: &str = "America/Toronto";

const DAY_MS: i64 = 86_400_000;

/// A site's time zone.
#[derive(Debug, Clone)]
pub struct Zone {
    clock: Clock,
    pub name: String,
}

impl Zone {
    /// The zone named, or the fallback when the name is missing or unknown.
    pub fn new(name: Option<&str>) -> Zone {
        name.and_then(|name| Clock::new(name).map(|clock| Zone { clock, name: name.to_string() })).unwrap_or_else(Zone::fallback)
    }

    pub fn fallback() -> Zone {
        Zone { clock: Clock::new(FALLBACK_TIME_ZONE).expect("the bundled database has the fallback zone"), name: FALLBACK_TIME_ZONE.into() }
    }

    /// A stored date or date and time as an instant (a bare date is the start of that day here).
    pub fn parse(&self, text: &str) -> Option<i64> {
        if text.is_empty() { None } else { self.clock.parse(text) }
    }

    pub fn date_of(&self, t: i64) -> Date {
        self.clock.civil(t).date()
    }

    pub fn start_of_day(&self, date: Date) -> i64 {
        self.clock.start_of_day(date).unwrap_or(i64::MIN)
    }

    /// The last millisecond of `date`.
    pub fn end_of_day(&self, date: Date) -> i64 {
        date.tomorrow().ok().and_then(|next| self.clock.start_of_day(next)).map_or(i64::MAX, |t| t - 1)
    }

    /// `YYYY-MM-DD` of an instant here.
    pub fn format_date(&self, t: i64) -> String {
        self.date_of(t).to_string()
    }

    /// `YYYY-MM-DD HH:MM` of an instant here.
    pub fn format_date_time(&self, t: i64) -> String {
        self.clock.civil(t).strftime("%Y-%m-%d %H:%M").to_string()
    }

    /// `HH:MM` of an instant here.
    pub fn format_time(&self, t: i64) -> String {
        self.clock.civil(t).strftime("%H:%M").to_string()
    }

    /// A stored date as `YYYY-MM-DD` here; empty when there is none or it cannot be read.
    pub fn format_stored(&self, text: &str) -> String {
        self.parse(text).map(|t| self.format_date(t)).unwrap_or_default()
    }
}

/// Whole days from `a` to `b` (negative when `b` is earlier).
pub fn days_between(a: i64, b: i64) -> i64 {
    (b - a).div_euclid(DAY_MS)
}

pub fn start_of_month(date: Date) -> Date {
    date.first_of_month()
}

pub fn end_of_month(date: Date) -> Date {
    date.last_of_month()
}

pub fn end_of_year(date: Date) -> Date {
    Date::new(date.year(), 12, 31).unwrap_or(date)
}

/// `date` moved back `months` months (the day clamped to the month's end).
pub fn months_before(date: Date, months: i64) -> Date {
    date.checked_sub(months.months()).unwrap_or(Date::MIN)
}
