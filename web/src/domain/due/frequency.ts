// Frequencies (spec §4 "Frequency types") and the granularity at which a date is compared;
// the twin of crates/domain/src/due/frequency.rs.

import { type Clock, HOUR_MS, MINUTE_MS, type Millis, type Step, civilOfDays, daysFromCivil } from "./clock";

export type FrequencyType = 2 | 3 | 4 | 5 | 6 | 7;

export const MINUTE = 2;
export const HOUR = 3;
export const DAY = 4;
export const WEEK = 5;
export const MONTH = 6;
export const YEAR = 7;

const NAMES: Record<FrequencyType, string> = { 2: "minute", 3: "hour", 4: "day", 5: "week", 6: "month", 7: "year" };

export interface Frequency {
  kind: FrequencyType;
  count: number;
}

/** A JSON value as a message shows it: text bare, numbers as JavaScript prints them. */
export function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value ?? null);
}

/** Reads a synced code, or answers the spec's message. */
export function frequencyType(code: unknown): FrequencyType | string {
  if (typeof code === "number" && Number.isInteger(code) && code >= 2 && code <= 7) return code as FrequencyType;
  return `Frequency Type not found: ${valueText(code)}`;
}

export function unitName(kind: FrequencyType): string {
  return NAMES[kind];
}

export function describe(frequency: Frequency): string {
  return `${frequency.count} ${NAMES[frequency.kind]}${frequency.count === 1 ? "" : "s"}`;
}

export function step(kind: FrequencyType, count: number): Step {
  switch (kind) {
    case MINUTE:
      return { unit: "minutes", count };
    case HOUR:
      return { unit: "hours", count };
    case DAY:
      return { unit: "days", count };
    case WEEK:
      return { unit: "days", count: count * 7 };
    case MONTH:
      return { unit: "months", count };
    case YEAR:
      return { unit: "months", count: count * 12 };
  }
}

/** The first instant of the minute, hour, day, week (from Sunday), month or year holding `t`. */
export function periodStart(kind: FrequencyType, clock: Clock, t: Millis): Millis {
  if (kind === MINUTE) return clock.floor(t, MINUTE_MS);
  if (kind === HOUR) return clock.floor(t, HOUR_MS);
  const c = clock.civil(t);
  if (kind === WEEK) {
    const days = daysFromCivil(c.year, c.month, c.day);
    const sinceSunday = (((days + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
    return clock.resolve(civilOfDays(days - sinceSunday, 0)) ?? t;
  }
  return clock.startOfDay(c.year, kind === YEAR ? 1 : c.month, kind === DAY ? c.day : 1) ?? t;
}

/** A whole number of at least 1, as the frequency fields need. */
export function wholeCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 1e15 ? value : undefined;
}

