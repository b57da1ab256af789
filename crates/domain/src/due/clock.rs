//! Instants and calendar arithmetic in a site's time zone.
//!
//! Instants are whole milliseconds since the Unix epoch (the precision of a JavaScript `Date`,
//! so the TypeScript twin computes the same numbers). Calendar steps (days, weeks, months,
//! years) move the wall-clock date and keep the wall-clock time; a wall-clock time that does
//! not exist or exists twice on the new date is resolved the "compatible" way: a time in a
//! spring-forward gap moves forward by the gap, a time in a fall-back fold takes the earlier
//! instant. Minutes and hours are exact durations. The time zone data is the database bundled
//! into the binary, never the machine's.

use std::sync::{Arc, OnceLock};

use jiff::Timestamp;
use jiff::civil::{Date, DateTime, Time};
use jiff::tz::{TimeZone, TimeZoneDatabase};

/// Milliseconds since 1970-01-01T00:00:00Z.
pub type Millis = i64;

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 86_400_000;
/// 0001-01-01 and 9999-12-31 as days since 1970-01-01: the dates an instant may fall on.
const FIRST_DAY: i64 = -719_162;
const LAST_DAY: i64 = 2_932_896;

/// A calendar step or an exact duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Minutes(i64),
    Hours(i64),
    Days(i64),
    Months(i64),
}

/// Years whose offsets a clock keeps once read; dates outside ask the zone each time.
const FIRST_KEPT_YEAR: i64 = 1900;
const KEPT_YEARS: usize = 300;
/// 1900-01-01T00:00:00Z.
const KEPT_FROM_MS: Millis = -2_208_988_800_000;
const MEAN_YEAR_MS: Millis = 31_556_952_000;

/// The time zone of one site, with the offsets of the years it has been asked about. Clones
/// share what was read; a clone costs one count on this clock's own allocation (not the time
/// zone's, which every thread's clocks of the zone share, so threads do not contend on it).
#[derive(Debug, Clone)]
pub struct Clock(Arc<Zone>);

#[derive(Debug)]
struct Zone {
    tz: TimeZone,
    years: Box<[OnceLock<YearOffsets>]>,
}

/// One UTC year of a zone: the instants its offset changes and the offsets from then on.
#[derive(Debug, Clone)]
struct YearOffsets {
    end: Millis,
    starts: Vec<Millis>,
    offsets: Vec<i64>,
}

impl YearOffsets {
    fn at(&self, t: Millis) -> i64 {
        let index = self.starts.iter().rposition(|start| t >= *start).unwrap_or(0);
        self.offsets[index]
    }
}

impl Clock {
    /// The zone named `name` (an IANA name such as `America/Toronto`), if known.
    pub fn new(name: &str) -> Option<Clock> {
        // Offsets and abbreviations are not zone names (the TypeScript side refuses them too).
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let tz = TimeZoneDatabase::bundled().get(name).ok()?;
        Some(Clock(Arc::new(Zone { tz, years: (0..KEPT_YEARS).map(|_| OnceLock::new()).collect() })))
    }

    pub fn time_zone(&self) -> &TimeZone {
        &self.0.tz
    }

    fn timestamp(t: Millis) -> Option<Timestamp> {
        Timestamp::from_millisecond(t).ok()
    }

    /// The UTC offset in seconds at `t`.
    pub fn offset_seconds(&self, t: Millis) -> i64 {
        // A first guess at the year by its mean length, corrected by the kept year's bounds.
        let guess = FIRST_KEPT_YEAR + (t - KEPT_FROM_MS).div_euclid(MEAN_YEAR_MS);
        for year in [guess, guess - 1, guess + 1] {
            let Some(slot) = usize::try_from(year - FIRST_KEPT_YEAR).ok().and_then(|index| self.0.years.get(index)) else {
                break;
            };
            let offsets = slot.get_or_init(|| self.year_offsets(year));
            if offsets.starts.first().is_some_and(|start| t >= *start) && t < offsets.end {
                return offsets.at(t);
            }
        }
        Clock::timestamp(t).map_or(0, |ts| i64::from(self.0.tz.to_offset(ts).seconds()))
    }

    /// Reads a year's transitions once; evaluations ask for the same few years many times.
    fn year_offsets(&self, year: i64) -> YearOffsets {
        let start = epoch_days(year, 1, 1) * DAY_MS;
        let end = epoch_days(year + 1, 1, 1) * DAY_MS;
        let Some(first) = Clock::timestamp(start) else {
            return YearOffsets { end, starts: Vec::new(), offsets: Vec::new() };
        };
        let mut offsets = YearOffsets { end, starts: vec![start], offsets: vec![i64::from(self.0.tz.to_offset(first).seconds())] };
        for transition in self.0.tz.following(first) {
            let at = transition.timestamp().as_millisecond();
            if at >= end {
                break;
            }
            offsets.starts.push(at);
            offsets.offsets.push(i64::from(transition.offset().seconds()));
        }
        offsets
    }

    /// The wall-clock date and time at `t`.
    pub fn civil(&self, t: Millis) -> DateTime {
        let local = t + self.offset_seconds(t) * 1000;
        let (year, month, day) = civil_from_days(local.div_euclid(DAY_MS));
        let ms = local.rem_euclid(DAY_MS);
        DateTime::new(
            year as i16,
            month as i8,
            day as i8,
            (ms / HOUR_MS) as i8,
            (ms / MINUTE_MS % 60) as i8,
            (ms / 1000 % 60) as i8,
            (ms % 1000 * 1_000_000) as i32,
        )
        .unwrap_or(DateTime::MAX)
    }

    /// The instant of a wall-clock date and time; `None` outside years 1 to 9999. A time in a
    /// gap takes the offset before the gap (so it moves forward by the gap); a time that
    /// exists twice takes the earlier instant.
    pub fn resolve(&self, dt: DateTime) -> Option<Millis> {
        if dt.year() < 1 {
            return None;
        }
        let days = epoch_days(dt.year().into(), dt.month().into(), dt.day().into());
        let ms = i64::from(dt.hour()) * HOUR_MS
            + i64::from(dt.minute()) * MINUTE_MS
            + i64::from(dt.second()) * 1000
            + i64::from(dt.subsec_nanosecond() / 1_000_000);
        self.resolve_local(days * DAY_MS + ms)
    }

    /// The wall-clock day of `t` (days since 1970-01-01) and the milliseconds since its
    /// midnight: the calendar steps below work on these plain numbers, which is much cheaper
    /// than building jiff dates on every step of every evaluation.
    pub(crate) fn local_day(&self, t: Millis) -> (i64, i64) {
        let local = t + self.offset_seconds(t) * 1000;
        (local.div_euclid(DAY_MS), local.rem_euclid(DAY_MS))
    }

    /// The instant `ms` after the midnight of wall-clock day `days`, resolved as
    /// [`Clock::resolve`] does; `None` when the day lies outside years 1 to 9999.
    pub(crate) fn at_local(&self, days: i64, ms: i64) -> Option<Millis> {
        if !(FIRST_DAY..=LAST_DAY).contains(&days) {
            return None;
        }
        self.resolve_local(days * DAY_MS + ms)
    }

    /// The first instant of the wall-clock day that holds `t`.
    pub(crate) fn day_start(&self, t: Millis) -> Option<Millis> {
        self.at_local(self.local_day(t).0, 0)
    }

    /// The instant of the wall-clock time `local` (as milliseconds since 1970-01-01 on the
    /// wall clock), for a date in years 1 to 9999.
    fn resolve_local(&self, local: Millis) -> Option<Millis> {
        let before = self.offset_seconds(local - DAY_MS) * 1000;
        let after = self.offset_seconds(local + DAY_MS) * 1000;
        if before == after {
            return in_range(self, local - before);
        }
        let (early, late) = (local - before, local - after);
        let early_fits = self.offset_seconds(early) * 1000 == before;
        let late_fits = self.offset_seconds(late) * 1000 == after;
        let t = match (early_fits, late_fits) {
            (true, true) => early.min(late),
            (false, true) => late,
            _ => early,
        };
        in_range(self, t)
    }

    /// The first instant of `date`.
    pub fn start_of_day(&self, date: Date) -> Option<Millis> {
        self.resolve(date.to_datetime(Time::midnight()))
    }

    /// `t` moved by `step` (negative counts move back); `None` outside years 1 to 9999.
    pub fn add(&self, t: Millis, step: Step) -> Option<Millis> {
        let moved = match step {
            Step::Minutes(n) => t.checked_add(n.checked_mul(MINUTE_MS)?)?,
            Step::Hours(n) => t.checked_add(n.checked_mul(HOUR_MS)?)?,
            Step::Days(n) => {
                Clock::timestamp(t)?;
                let (days, ms) = self.local_day(t);
                return self.at_local(days.checked_add(n)?, ms);
            }
            Step::Months(n) => {
                Clock::timestamp(t)?;
                let (days, ms) = self.local_day(t);
                let (year, month, day) = civil_from_days(days);
                let total = (year * 12 + month - 1).checked_add(n)?;
                let (year, month) = (total.div_euclid(12), total.rem_euclid(12) + 1);
                if !(1..=9999).contains(&year) {
                    return None;
                }
                // The day of month is kept where it exists and clamped to the month's end.
                return self.at_local(epoch_days(year, month, day.min(days_in_month(year, month))), ms);
            }
        };
        in_range(self, moved)
    }

    /// `t` rounded down to the start of its minute or hour, keeping its UTC offset.
    pub fn floor(&self, t: Millis, unit_ms: i64) -> Millis {
        let local = t + self.offset_seconds(t) * 1000;
        t - local.rem_euclid(unit_ms)
    }

    pub fn floor_minute(&self, t: Millis) -> Millis {
        self.floor(t, MINUTE_MS)
    }

    pub fn floor_hour(&self, t: Millis) -> Millis {
        self.floor(t, HOUR_MS)
    }

    /// ISO 8601 with the site's offset: `2024-03-10T09:30:00-04:00`, milliseconds only when
    /// not zero, offset seconds only when not zero.
    pub fn format(&self, t: Millis) -> String {
        let offset = self.offset_seconds(t);
        let local = t + offset * 1000;
        let (year, month, day) = civil_from_days(local.div_euclid(DAY_MS));
        let ms = local.rem_euclid(DAY_MS);
        let mut text = String::with_capacity(32);
        push_digits(&mut text, year, 4);
        for (separator, value) in [('-', month), ('-', day), ('T', ms / HOUR_MS), (':', ms / MINUTE_MS % 60), (':', ms / 1000 % 60)] {
            text.push(separator);
            push_digits(&mut text, value, 2);
        }
        if ms % 1000 != 0 {
            text.push('.');
            push_digits(&mut text, ms % 1000, 3);
        }
        let abs = offset.abs();
        text.push(if offset < 0 { '-' } else { '+' });
        push_digits(&mut text, abs / 3600, 2);
        text.push(':');
        push_digits(&mut text, abs / 60 % 60, 2);
        if abs % 60 != 0 {
            text.push(':');
            push_digits(&mut text, abs % 60, 2);
        }
        text
    }

    /// Reads an ISO 8601 date (`2024-03-10`, the start of that day here), a date and time
    /// with an offset (`2024-03-10T14:00:00.000Z`, `...-04:00`), or a date and time without
    /// one (a wall-clock time here). Fractions finer than a millisecond are dropped.
    pub fn parse(&self, text: &str) -> Option<Millis> {
        let parts = IsoParts::read(text)?;
        let (year, month, day) = (i64::from(parts.year), i64::from(parts.month), i64::from(parts.day));
        if year < 1 || !(1..=12).contains(&month) || !(1..=days_in_month(year, month)).contains(&day) {
            return None;
        }
        let days = epoch_days(year, month, day);
        let Some((hour, minute, second, ms)) = parts.time else {
            return self.at_local(days, 0);
        };
        let ms = i64::from(hour) * HOUR_MS + i64::from(minute) * MINUTE_MS + i64::from(second) * 1000 + i64::from(ms);
        match parts.offset_seconds {
            None => self.at_local(days, ms),
            Some(offset) => in_range(self, days * DAY_MS + ms - i64::from(offset) * 1000),
        }
    }
}

/// `n` with `width` digits, zero-padded (`n` is never negative or wider here).
fn push_digits(text: &mut String, n: i64, width: u32) {
    for place in (0..width).rev() {
        let digit = (n / 10_i64.pow(place)).rem_euclid(10) as u8;
        text.push(char::from(b'0' + digit));
    }
}

/// The proleptic Gregorian date `days` after 1970-01-01.
pub(crate) fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub(crate) fn epoch_days(year: i64, month: i64, day: i64) -> i64 {
    let year = year - i64::from(month <= 2);
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

pub(crate) fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `t` if its wall-clock year here lies in 1..=9999.
fn in_range(clock: &Clock, t: Millis) -> Option<Millis> {
    // Between 0002-01-01 and 9998-12-31 UTC no offset can leave the range.
    if (-62_104_060_800_000..253_370_678_400_000).contains(&t) {
        return Some(t);
    }
    Clock::timestamp(t)?;
    let year = clock.civil(t).year();
    (1..=9999).contains(&year).then_some(t)
}

/// The pieces of `YYYY-MM-DD[(T| )HH:MM[:SS[.fff]][Z|±HH[[:]MM]]]`.
struct IsoParts {
    year: i16,
    month: i8,
    day: i8,
    time: Option<(i8, i8, i8, i32)>,
    offset_seconds: Option<i32>,
}

impl IsoParts {
    fn read(text: &str) -> Option<IsoParts> {
        let mut cursor = Cursor { bytes: text.as_bytes(), at: 0 };
        let year = cursor.digits(4)? as i16;
        cursor.expect(b'-')?;
        let month = cursor.digits(2)? as i8;
        cursor.expect(b'-')?;
        let day = cursor.digits(2)? as i8;
        if cursor.done() {
            return Some(IsoParts { year, month, day, time: None, offset_seconds: None });
        }
        if !(cursor.eat(b'T') || cursor.eat(b' ')) {
            return None;
        }
        let hour = cursor.digits(2)?;
        cursor.expect(b':')?;
        let minute = cursor.digits(2)?;
        let (mut second, mut ms) = (0, 0);
        if cursor.eat(b':') {
            second = cursor.digits(2)?;
            if cursor.eat(b'.') {
                let start = cursor.at;
                while cursor.peek().is_some_and(|b| b.is_ascii_digit()) {
                    cursor.at += 1;
                }
                let fraction = &cursor.bytes[start..cursor.at];
                if fraction.is_empty() {
                    return None;
                }
                // Milliseconds: the first three digits, padded with zeros; finer ones dropped.
                ms = (0..3).fold(0, |n, i| n * 10 + fraction.get(i).map_or(0, |b| i32::from(b - b'0')));
            }
        }
        if hour > 23 || minute > 59 || second > 59 {
            return None;
        }
        let offset_seconds = if cursor.eat(b'Z') {
            Some(0)
        } else if let Some(sign @ (b'+' | b'-')) = cursor.peek() {
            cursor.at += 1;
            let hours = cursor.digits(2)?;
            let minutes = if cursor.done() {
                0
            } else {
                cursor.eat(b':');
                cursor.digits(2)?
            };
            if hours > 23 || minutes > 59 {
                return None;
            }
            let seconds = (hours * 3600 + minutes * 60) as i32;
            Some(if sign == b'-' { -seconds } else { seconds })
        } else {
            None
        };
        cursor.done().then_some(IsoParts { year, month, day, time: Some((hour as i8, minute as i8, second as i8, ms)), offset_seconds })
    }
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn done(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.eat(byte).then_some(())
    }

    fn digits(&mut self, count: usize) -> Option<u32> {
        let slice = self.bytes.get(self.at..self.at + count)?;
        if !slice.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.at += count;
        Some(slice.iter().fold(0, |n, b| n * 10 + u32::from(b - b'0')))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toronto() -> Clock {
        Clock::new("America/Toronto").unwrap()
    }

    #[test]
    fn reads_and_writes_iso_dates() {
        let clock = toronto();
        let t = clock.parse("2024-03-10T14:00:00.123456Z").unwrap();
        assert_eq!(clock.format(t), "2024-03-10T10:00:00.123-04:00");
        assert_eq!(clock.format(clock.parse("2024-01-05").unwrap()), "2024-01-05T00:00:00-05:00");
        assert_eq!(clock.format(clock.parse("2024-03-10T02:30").unwrap()), "2024-03-10T03:30:00-04:00");
        assert_eq!(clock.format(clock.parse("2024-11-03T01:30:00").unwrap()), "2024-11-03T01:30:00-04:00");
        assert_eq!(clock.format(clock.parse("2024-06-01T12:00:00+0530").unwrap()), "2024-06-01T02:30:00-04:00");
        // Local mean time: an offset with seconds.
        assert_eq!(clock.format(clock.parse("1850-06-01T12:00:00Z").unwrap()), "1850-06-01T06:42:28-05:17:32");
        for bad in ["", "2024-02-30", "2024-1-05", "2024-01-05T25:00", "2024-01-05T10:00:00.", "2024-01-05T10:00+5", "x"] {
            assert_eq!(clock.parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn months_clamp_and_days_keep_the_wall_clock() {
        let clock = toronto();
        let jan31 = clock.parse("2024-01-31T09:00:00").unwrap();
        assert_eq!(clock.format(clock.add(jan31, Step::Months(1)).unwrap()), "2024-02-29T09:00:00-05:00");
        let before_dst = clock.parse("2024-03-09T09:00:00").unwrap();
        assert_eq!(clock.format(clock.add(before_dst, Step::Days(1)).unwrap()), "2024-03-10T09:00:00-04:00");
        assert_eq!(clock.format(clock.add(before_dst, Step::Hours(24)).unwrap()), "2024-03-10T10:00:00-04:00");
        assert_eq!(clock.add(before_dst, Step::Months(100_000)), None);
    }
}
