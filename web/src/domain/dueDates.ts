// The dates an item's due state is told with (§9 Due logic): when its next service is due or
// how many days it is overdue, on the site's calendar. Cheap enough for every row of a long
// list: the site's zone is read once, then a date is arithmetic on the engine's own clock.

import type { DueResult } from "./due";
import { Clock, daysFromCivil } from "./due/clock";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A site's calendar at one instant: today there, and the day of any date. */
export class SiteCalendar {
  /** Days since 1970-01-01 of today at the site. */
  readonly today: number;
  /** Days since 1970-01-01 of the last day of this month at the site. */
  readonly monthEnd: number;
  private readonly year: number;

  private constructor(
    private readonly clock: Clock,
    now: number,
  ) {
    const c = clock.civil(now);
    this.today = daysFromCivil(c.year, c.month, c.day);
    this.monthEnd = (c.month === 12 ? daysFromCivil(c.year + 1, 1, 1) : daysFromCivil(c.year, c.month + 1, 1)) - 1;
    this.year = c.year;
  }

  /** Undefined for a zone the platform does not know (the due engine reports it). */
  static of(timeZone: string | null | undefined, now: number): SiteCalendar | undefined {
    const clock = timeZone ? Clock.of(timeZone) : undefined;
    return clock && new SiteCalendar(clock, now);
  }

  /** The day at the site of an ISO date, as days since 1970-01-01. */
  dayOf(iso: string): number | undefined {
    const t = this.clock.parse(iso);
    if (t === undefined) return undefined;
    const c = this.clock.civil(t);
    return daysFromCivil(c.year, c.month, c.day);
  }

  /** 'Nov 10', or 'Nov 10 2027' outside the current year. */
  shortDay(iso: string): string {
    const t = this.clock.parse(iso);
    if (t === undefined) return iso;
    const c = this.clock.civil(t);
    return c.year === this.year ? `${MONTHS[c.month - 1]} ${c.day}` : `${MONTHS[c.month - 1]} ${c.day} ${c.year}`;
  }
}

export interface NextDue {
  /** The earliest next date of the item's services (ISO, the site's offset); null when none has one. */
  nextDate: string | null;
  /**
   * Days the most overdue service is late: a due service whose next date is before today at the
   * site (the reports' 'Overdue'); 0 when none is.
   */
  overdueDays: number;
}

/** When the item is next due, or how late it is. */
export function nextDueOf(result: DueResult, calendar: SiteCalendar): NextDue {
  let nextDate: string | null = null;
  let earliest = Number.POSITIVE_INFINITY;
  let overdueDays = 0;
  for (const service of result.services) {
    if (service.nextDate === null) continue;
    const t = Date.parse(service.nextDate);
    if (t < earliest) [earliest, nextDate] = [t, service.nextDate];
    if (!service.due) continue;
    const day = calendar.dayOf(service.nextDate);
    if (day !== undefined && day < calendar.today) overdueDays = Math.max(overdueDays, calendar.today - day);
  }
  return { nextDate, overdueDays };
}
