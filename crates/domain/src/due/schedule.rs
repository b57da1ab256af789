//! When a service is next due (spec §9 "Due logic"): the base date plus the frequency,
//! moved by service months and by another service, unless an overriding next date wins.

use super::clock::{Clock, Millis, civil_from_days, days_in_month, epoch_days};
use super::frequency::{Frequency, FrequencyType};
use super::rules::{Advanced, TimeRule};
use super::{AffectedBy, DueError};

/// Writes the steps of `--explain` when asked, and nothing otherwise.
pub struct Steps {
    pub lines: Option<Vec<String>>,
}

impl Steps {
    pub fn new(explain: bool) -> Steps {
        Steps { lines: explain.then(Vec::new) }
    }

    pub fn add(&mut self, line: impl FnOnce() -> String) {
        if let Some(lines) = &mut self.lines {
            lines.push(line());
        }
    }
}

/// `base` plus `frequency`, or the error naming the frequency field.
pub fn after(clock: &Clock, base: Millis, frequency: Frequency, time: &TimeRule) -> Result<Millis, DueError> {
    clock.add(base, frequency.kind.step(frequency.count)).ok_or_else(|| time.at.error(time.name, "the next date is past the year 9999"))
}

/// Whether service months may move a date of this frequency: not minute, hour or day
/// frequencies, and not a monthly frequency of 1.
pub fn months_apply(frequency: Frequency) -> bool {
    match frequency.kind {
        FrequencyType::Minute | FrequencyType::Hour | FrequencyType::Day => false,
        FrequencyType::Month => frequency.count != 1,
        FrequencyType::Week | FrequencyType::Year => true,
    }
}

const MONTH_NAMES: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/// `t` moved into an enabled month: the closest enabled month before it in the same year,
/// else the closest after it in the same year. Day of month and time are kept (the day is
/// clamped to the month's end). `None` when `t`'s month is enabled or no month is.
pub fn into_service_month(clock: &Clock, t: Millis, enabled: [bool; 12], steps: &mut Steps) -> Option<Millis> {
    let (days, ms) = clock.local_day(t);
    let (year, month, day) = civil_from_days(days);
    let month = month as usize;
    if enabled[month - 1] || !enabled.contains(&true) {
        return None;
    }
    let target = (1..month).rev().find(|m| enabled[m - 1]).or_else(|| (month + 1..=12).find(|m| enabled[m - 1]))?;
    let target_month = target as i64;
    let day = day.min(days_in_month(year, target_month));
    let moved = clock.at_local(epoch_days(year, target_month, day), ms)?;
    steps.add(|| {
        format!(
            "service months: {} is not a service month; moved to {}: {}",
            MONTH_NAMES[month - 1],
            MONTH_NAMES[target - 1],
            clock.format(moved)
        )
    });
    Some(moved)
}

/// The date of a service with `advanced`, given the other service's date (before any
/// advanced action). `None` when the action leaves the date alone.
pub fn yield_to_other(
    clock: &Clock,
    own: Millis,
    time: &TimeRule,
    advanced: &Advanced,
    other: Millis,
    steps: &mut Steps,
) -> Result<Option<Millis>, DueError> {
    let frequency = time.frequency;
    match advanced {
        Advanced::None => Ok(None),
        Advanced::AvoidSameDate { other: other_id } => {
            let unit = frequency.kind;
            if unit.period_start(clock, own) != unit.period_start(clock, other) {
                return Ok(None);
            }
            let moved = after(clock, own, frequency, time)?;
            steps.add(|| {
                format!(
                    "another service: {} falls in the same {} as {other_id}; skipped one frequency to {}",
                    clock.format(own),
                    unit.name(),
                    clock.format(moved)
                )
            });
            Ok(Some(moved))
        }
        Advanced::KeepAway { other: other_id, amount } => {
            let distance = Frequency { kind: frequency.kind, count: *amount };
            let too_close_after = clock.add(other, frequency.kind.step(-amount)).is_none_or(|lo| own > lo);
            let hi = after(clock, other, distance, time)?;
            if !(too_close_after && own < hi) {
                return Ok(None);
            }
            steps.add(|| {
                format!(
                    "another service: {} is within {} of {other_id} on {}; moved to {}",
                    clock.format(own),
                    distance.describe(),
                    clock.format(other),
                    clock.format(hi)
                )
            });
            Ok(Some(hi))
        }
    }
}

/// The canonical order of markers on a next date.
pub fn sorted(mut markers: Vec<AffectedBy>) -> Vec<AffectedBy> {
    markers.sort();
    markers.dedup();
    markers
}
