/**
 * What the office counts of an item: overdue, due this month, an open deficiency, could not
 * be serviced. Read off the due engine's result, so the dashboard's numbers and the equipment
 * list each number opens (`?show=`) always agree.
 */
import { type DueResult, dueLists } from "./due";
import { type SiteCalendar, nextDueOf } from "./dueDates";

export const DUE_MARKS = ["overdue", "dueThisMonth", "openDeficiency", "couldNotService"] as const;
export type DueMark = (typeof DUE_MARKS)[number];

export function isDueMark(value: string | null | undefined): value is DueMark {
  return (DUE_MARKS as readonly (string | null | undefined)[]).includes(value);
}

/**
 * - overdue: on a due list, and a due service's next date is before today at the site (the
 *   row's 'Overdue 3 days', the reports' 'Overdue');
 * - dueThisMonth: not overdue and not kept off by a could-not-service event, and a scheduled
 *   service is due, or its next date falls by the end of this month at the site;
 * - openDeficiency: a deficiency of the item is open;
 * - couldNotService: a could-not-service event keeps it off the due lists for now (§4).
 */
export function dueMarksOf(result: DueResult, calendar: SiteCalendar, now: number): Record<DueMark, boolean> {
  const lists = dueLists(result, now);
  const { nextDate, overdueDays } = nextDueOf(result, calendar);
  const overdue = (lists.inspection || lists.service) && overdueDays > 0;
  const nextDay = nextDate === null ? undefined : calendar.dayOf(nextDate);
  const scheduledDue = result.services.some((s) => s.due && !s.unscheduled);
  const dueThisMonth = !overdue && !lists.couldNotService && (scheduledDue || (nextDay !== undefined && nextDay <= calendar.monthEnd));
  return { overdue, dueThisMonth, openDeficiency: result.openDeficiency, couldNotService: lists.couldNotService };
}
