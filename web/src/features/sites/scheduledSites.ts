/**
 * The Today and This Month tabs of the sites list (§2): the sites the signed-in user is
 * scheduled at today, or this month, by the schedule's events, in the device's time zone.
 */
import dayjs from "dayjs";
import { eventDay } from "../../domain/eventDay";

export interface ScheduledEvent {
  id: string;
  date: string;
  locationId: string;
  userId: string;
  startTime?: string;
  endTime?: string;
}

export type Period = "day" | "month";

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
