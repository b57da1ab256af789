/**
 * Why a service is due or not, in one line (§9 Due logic), from what the due engine worked out:
 * "Monthly Inspection: last done October 10 2026, due November 10 2026". The line names what
 * the date counts from (the last time it was done, the manufacture date, or a date set by hand),
 * the next date and what moved it, and, for a due service, since when it is due or how late it is.
 * Dates are in the site's time zone.
 */
import { t } from "../../../lib/strings";
import { formatDate } from "../../../domain/dates";
import { Clock } from "../../../domain/due/clock";
import { frequencyType, periodStart } from "../../../domain/due/frequency";
import type { SiteCalendar } from "../../../domain/dueDates";
import type { Equipment } from "../../../domain/records";
import { type ServiceRow, frequencyCode } from "./serviceRows";

/** '1 day', '3 days'. */
export function daysText(count: number): string {
  return count === 1 ? t("dueDay") : t("dueDays", { count });
}

/** When a due service became due: the start of its next date's period (the engine's time rule). */
function dueFrom(row: ServiceRow, nextDate: string, timeZone: string): string | undefined {
  const code = frequencyType(frequencyCode(row.serviceType));
  const clock = Clock.of(timeZone);
  if (typeof code === "string" || !clock) return undefined;
  return new Date(periodStart(code, clock, Date.parse(nextDate))).toISOString();
}

export function serviceWhy(row: ServiceRow, equipment: Equipment, timeZone: string, calendar: SiteCalendar | undefined): string {
  const date = (iso: string) => formatDate(iso, timeZone, row.granularity);
  const last = row.performed?.lastDate;
  const reasons = [
    last
      ? t("serviceWhyLastDone", { date: date(last) })
      : equipment.manufactureDate
        ? t("serviceWhyMade", { date: formatDate(equipment.manufactureDate, timeZone, "day") })
        : t("serviceWhyNeverDone"),
  ];
  if (row.unscheduled) {
    reasons.unshift(t("serviceWhyUnscheduled"));
  } else if (row.nextDate === null) {
    reasons.push(t("serviceWhyMeter"));
  } else {
    const next = row.nextDate;
    const day = calendar?.dayOf(next);
    const overdue = row.due && calendar !== undefined && day !== undefined && day < calendar.today ? calendar.today - day : 0;
    const from = row.due && !overdue ? dueFrom(row, next, timeZone) : undefined;
    if (row.affectedBy.includes("Service Override")) reasons.push(t("serviceWhySetTo", { date: date(next) }));
    else if (from !== undefined && date(from) !== date(next)) reasons.push(t("serviceWhyDueFrom", { date: date(next), from: date(from) }));
    else reasons.push(t("serviceWhyDue", { date: date(next) }));
    const moved = row.affectedBy.filter((marker) => marker !== "Service Override");
    if (moved.length > 0) reasons.push(t("serviceWhyMoved", { markers: moved.join(", ") }));
    if (overdue > 0) reasons.push(t("serviceWhyOverdue", { days: daysText(overdue) }));
  }
  return t("serviceWhy", { service: row.serviceType.name, reasons: reasons.join(", ") });
}
