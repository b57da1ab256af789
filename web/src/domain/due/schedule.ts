// When a service is next due: the base date plus the frequency, moved by service months and
// by another service; the twin of crates/domain/src/due/schedule.rs.

import type { Clock, Millis } from "./clock";
import { daysInMonth } from "./clock";
import { DueError } from "./error";
import { DAY, type Frequency, HOUR, MINUTE, MONTH, describe, periodStart, step, unitName } from "./frequency";
import type { Advanced, TimeRule } from "./rules";

/** `base` plus `frequency`, or the error naming the frequency field. */
export function after(clock: Clock, base: Millis, frequency: Frequency, field: string): Millis {
  const t = clock.add(base, step(frequency.kind, frequency.count));
  if (t === undefined) throw new DueError(field, "the next date is past the year 9999");
  return t;
}

/** Service months may move dates of week, year and multi-month frequencies only. */
export function monthsApply(frequency: Frequency): boolean {
  if (frequency.kind === MINUTE || frequency.kind === HOUR || frequency.kind === DAY) return false;
  return frequency.kind !== MONTH || frequency.count !== 1;
}

const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/**
 * `t` moved into an enabled month: the closest enabled month before it in the same year,
 * else the closest after it. Day (clamped to the month's end) and time are kept.
 */
export function intoServiceMonth(clock: Clock, t: Millis, enabled: boolean[], steps: string[] | undefined): Millis | undefined {
  const c = clock.civil(t);
  if (enabled[c.month - 1] || !enabled.includes(true)) return undefined;
  let target = 0;
  for (let m = c.month - 1; m >= 1 && target === 0; m--) if (enabled[m - 1]) target = m;
  for (let m = c.month + 1; m <= 12 && target === 0; m++) if (enabled[m - 1]) target = m;
  const moved = clock.at(c.year, target, Math.min(c.day, daysInMonth(c.year, target)), c.time);
  if (moved === undefined) return undefined;
  steps?.push(`service months: ${MONTH_NAMES[c.month - 1]} is not a service month; moved to ${MONTH_NAMES[target - 1]}: ${clock.format(moved)}`);
  return moved;
}

/** The date after an advanced action against the other service's first-pass date, if it moves. */
export function yieldToOther(
  clock: Clock,
  own: Millis,
  time: TimeRule,
  advanced: Advanced,
  other: Millis,
  steps: string[] | undefined,
): Millis | undefined {
  const frequency = time.frequency;
  if (advanced.kind === "none") return undefined;
  if (advanced.kind === "avoidSameDate") {
    if (periodStart(frequency.kind, clock, own) !== periodStart(frequency.kind, clock, other)) return undefined;
    const moved = after(clock, own, frequency, time.field);
    steps?.push(
      `another service: ${clock.format(own)} falls in the same ${unitName(frequency.kind)} as ${advanced.other}; skipped one frequency to ${clock.format(moved)}`,
    );
    return moved;
  }
  const distance: Frequency = { kind: frequency.kind, count: advanced.amount };
  const lo = clock.add(other, step(frequency.kind, -advanced.amount));
  const hi = after(clock, other, distance, time.field);
  if (!((lo === undefined || own > lo) && own < hi)) return undefined;
  steps?.push(
    `another service: ${clock.format(own)} is within ${describe(distance)} of ${advanced.other} on ${clock.format(other)}; moved to ${clock.format(hi)}`,
  );
  return hi;
}

