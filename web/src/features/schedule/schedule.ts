/**
 * The schedule's rules (§2 Schedule, §3 Scheduled event, §5, §9): which days it shows, the work
 * day that shapes a day, a new event's defaults and what an event needs before it is saved.
 *
 * An event's date is the civil day as written (YYYY-MM-DD) and its times are wall-clock times
 * (HH:mm), which is how the sites list's Today and This Month tabs read them
 * (features/sites/scheduledSites.ts: a date without an offset is the day as written).
 */
import dayjs from "dayjs";
import type { SyncRecord } from "../../domain/syncRecord";
import type { StringKey } from "../../lib/strings";
import { byNameThenId, compareNames } from "../../domain/names";

export interface ScheduledEvent extends SyncRecord {
  date: string;
  locationId: string;
  userId: string;
  startTime: string;
  endTime: string;
}

/** The fields the event dialog edits. */
export interface EventDraft {
  date: string;
  userId: string;
  startTime: string;
  endTime: string;
}

export const DAY_FORMAT = "YYYY-MM-DD";
/** §9: new scheduled events run 09:00 to 17:00. */
export const NEW_EVENT_START = "09:00";
export const NEW_EVENT_END = "17:00";
/** §9: the work day falls back to starting at 06:00. */
export const WORK_DAY_START_FALLBACK = "06:00";
/** Choice (§9 is silent on the end): a twelve-hour day from the fallback start. */
export const WORK_DAY_END_FALLBACK = "18:00";

/** The days the schedule shows (§2): from the start of the current month to the end of the month six months ahead. */
export function scheduleRange(now: Date): { first: string; last: string } {
  const today = dayjs(now);
  return { first: today.startOf("month").format(DAY_FORMAT), last: today.add(6, "month").endOf("month").format(DAY_FORMAT) };
}

export function inRange(day: string, range: { first: string; last: string }): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs(day).isValid() && day >= range.first && day <= range.last;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export function isTime(value: unknown): value is string {
  return typeof value === "string" && TIME.test(value);
}

/** Minutes since midnight of an HH:mm time. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The organisation's work day (§9), each end falling back on its own when unset or unreadable. */
export function workDay(org: Record<string, unknown> | null | undefined): { start: string; end: string } {
  const start = isTime(org?.workDayStartTime) ? org.workDayStartTime.slice(0, 5) : WORK_DAY_START_FALLBACK;
  const end = isTime(org?.workDayEndTime) ? org.workDayEndTime.slice(0, 5) : WORK_DAY_END_FALLBACK;
  return minutesOf(end) > minutesOf(start) ? { start, end } : { start: WORK_DAY_START_FALLBACK, end: WORK_DAY_END_FALLBACK };
}

/**
 * The hours the day view shows: the work day's, widened to hold every event of the day, so an
 * early start or a late visit is never hidden.
 */
export function dayHours(work: { start: string; end: string }, events: readonly Pick<ScheduledEvent, "startTime" | "endTime">[]): number[] {
  let first = Math.floor(minutesOf(work.start) / 60);
  let last = Math.ceil(minutesOf(work.end) / 60) - 1;
  for (const event of events) {
    if (isTime(event.startTime)) first = Math.min(first, Math.floor(minutesOf(event.startTime) / 60));
    if (isTime(event.endTime)) last = Math.max(last, Math.ceil(minutesOf(event.endTime) / 60) - 1);
    if (isTime(event.startTime)) last = Math.max(last, Math.floor(minutesOf(event.startTime) / 60));
  }
  const hours: number[] = [];
  for (let hour = first; hour <= last; hour += 1) hours.push(hour);
  return hours;
}

/** The users a new event can go to, in the order the schedule lists them: by name. */
export function usersByName<T extends { id: string; name?: unknown }>(users: readonly T[]): T[] {
  return [...users].sort(byNameThenId);
}

/** A new event at `locationId` on `day` (§9): 09:00 to 17:00, for the first user. */
export function newEvent(id: string, locationId: string, day: string, firstUserId: string): EventDraft & { id: string; locationId: string } {
  return { id, locationId, date: day, userId: firstUserId, startTime: NEW_EVENT_START, endTime: NEW_EVENT_END };
}

export type EventField = keyof EventDraft;

/**
 * What is wrong with each field (§5: date, start time and end time are required; the user
 * too). A date outside the schedule's `range` could not be seen again, and an end before the
 * start is no visit.
 */
export function eventErrors(draft: EventDraft, range: { first: string; last: string }): Partial<Record<EventField, StringKey>> {
  const errors: Partial<Record<EventField, StringKey>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || !dayjs(draft.date).isValid()) errors.date = "required";
  else if (!inRange(draft.date, range)) errors.date = "scheduleOutsideRange";
  if (!draft.userId) errors.userId = "required";
  if (!isTime(draft.startTime)) errors.startTime = "required";
  if (!isTime(draft.endTime)) errors.endTime = "required";
  else if (isTime(draft.startTime) && minutesOf(draft.endTime) <= minutesOf(draft.startTime)) errors.endTime = "scheduleEndAfterStart";
  return errors;
}

// As the sites list reads an event's day (features/sites/scheduledSites.ts, which this feature
// may not import): a date or a wall-clock date-time is the day as written, an instant is read
// in the device's zone.
const CIVIL = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+)?$/;

/** The event's day as YYYY-MM-DD, or undefined when its date does not read as one. */
export function dayOf(date: unknown): string | undefined {
  if (typeof date !== "string") return undefined;
  const civil = CIVIL.exec(date.trim());
  if (civil) return civil[1];
  const instant = dayjs(date);
  return instant.isValid() ? instant.format(DAY_FORMAT) : undefined;
}

/** The day's events, by start time then site name. */
export function eventsOn<T extends ScheduledEvent>(events: readonly T[], day: string, siteName: (id: string) => string): T[] {
  return events
    .filter((event) => dayOf(event.date) === day)
    .sort((a, b) => (a.startTime ?? "").localeCompare(b.startTime ?? "") || compareNames(siteName(a.locationId), siteName(b.locationId)));
}

/** How many events each day holds, for the calendar's marks. */
export function eventCounts(events: readonly ScheduledEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    const day = dayOf(event.date);
    if (day) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

/** The weeks of `month` (YYYY-MM) as rows of seven days, Sunday first; days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = dayjs(`${month}-01`);
  const cells: (string | null)[] = Array.from({ length: first.day() }, () => null);
  for (let d = 0; d < first.daysInMonth(); d += 1) cells.push(first.add(d, "day").format(DAY_FORMAT));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The schedule's views (§2's day calendar, and a week). */
export type ScheduleView = "day" | "week";

export function isScheduleView(value: string | null): value is ScheduleView {
  return value === "day" || value === "week";
}

/** The days a view shows around `day`: the day alone, or its week from Sunday (as the month calendar's rows). */
export function periodOf(view: ScheduleView, day: string): { first: string; last: string; days: string[] } {
  const start = view === "week" ? dayjs(day).startOf("week") : dayjs(day);
  const days = Array.from({ length: view === "week" ? 7 : 1 }, (_, i) => start.add(i, "day").format(DAY_FORMAT));
  return { first: days[0] ?? day, last: days[days.length - 1] ?? day, days };
}

/** Each of `days` with its events, by start time then site name; events on other days are left out. */
export function eventsByDay<T extends ScheduledEvent>(events: readonly T[], days: readonly string[], siteName: (id: string) => string): Map<string, T[]> {
  const grouped = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const event of events) {
    const day = dayOf(event.date);
    if (day) grouped.get(day)?.push(event);
  }
  for (const [day, list] of grouped) grouped.set(day, eventsOn(list, day, siteName));
  return grouped;
}

/**
 * One row per technician (every user of the organisation, in `users`' order) with their events,
 * and the events of no known user — none set, or one no longer on the device — as unassigned.
 */
export function byTechnician<T extends ScheduledEvent, U extends { id: string }>(events: readonly T[], users: readonly U[]): { technicians: { user: U; events: T[] }[]; unassigned: T[] } {
  const technicians = users.map((user) => ({ user, events: [] as T[] }));
  const rows = new Map(technicians.map((row) => [row.user.id, row.events]));
  const unassigned: T[] = [];
  for (const event of events) (rows.get(event.userId) ?? unassigned).push(event);
  return { technicians, unassigned };
}
