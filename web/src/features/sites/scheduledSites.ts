/**
 * The Today and This Month tabs of the sites list (§2): the sites the signed-in user is
 * scheduled at today, or this month, by the schedule's events, in the device's time zone.
 */
import dayjs from "dayjs";

export interface ScheduledEvent {
  id: string;
  date: string;
  locationId: string;
  userId: string;
  startTime?: string;
  endTime?: string;
}

export type Period = "day" | "month";

// A date or a wall-clock date-time without an offset is the day as written; an instant is
// read in the device's zone.
const CIVIL = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+)?$/;

/** The event's day as YYYY-MM-DD, or undefined when its date does not read as one. */
export function eventDay(date: string): string | undefined {
  const civil = CIVIL.exec(date.trim());
  if (civil) return civil[1];
  const instant = dayjs(date);
  return instant.isValid() ? instant.format("YYYY-MM-DD") : undefined;
}

/** Ids of the sites `userId` has events at in the `period` (day or month) holding `now`. */
export function scheduledSiteIds(events: readonly ScheduledEvent[], userId: string | undefined, now: Date, period: Period): Set<string> {
  const today = dayjs(now).format("YYYY-MM-DD");
  const wanted = period === "day" ? today : today.slice(0, 7);
  const ids = new Set<string>();
  for (const event of events) {
    if (event.userId !== userId || !event.date) continue;
    const day = eventDay(event.date);
    if (day && day.slice(0, wanted.length) === wanted) ids.add(event.locationId);
  }
  return ids;
}
