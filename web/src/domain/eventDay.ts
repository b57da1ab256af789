/**
 * The day of a scheduled visit (§3 schedule event), as every screen that groups visits by day
 * reads it: a date or a wall-clock date-time is the day as written, an instant is read in the
 * device's zone.
 */
import dayjs from "dayjs";

const CIVIL = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+)?$/;

/** The event's day as YYYY-MM-DD, or undefined when its date does not read as one. */
export function eventDay(date: unknown): string | undefined {
  if (typeof date !== "string") return undefined;
  const civil = CIVIL.exec(date.trim());
  if (civil) return civil[1];
  const instant = dayjs(date);
  return instant.isValid() ? instant.format("YYYY-MM-DD") : undefined;
}
