/**
 * The dashboard's numbers, worked out on the device from the synced records by the due engine,
 * so they show offline: per site, the items overdue, due this month, with an open deficiency
 * and kept off the lists by a could-not-service event (the marks of domain/dueMarks, which the
 * equipment list filters by), and today's scheduled visits. One pass over every item.
 */
import dayjs from "dayjs";
import { type DueMark, dueMarksOf } from "../../domain/dueMarks";
import { eventDay } from "../../domain/eventDay";
import type { Catalogue, Site } from "../../domain/records";
import { type DueRecords, sitesDue } from "../../domain/siteDue";
import type { SyncRecord } from "../../domain/syncRecord";
import { byName } from "../../domain/names";

export interface Visit extends SyncRecord {
  date: string;
  locationId: string;
  userId: string;
  startTime?: string;
  endTime?: string;
}

/** Every site's records of the kinds the due engine reads, and the schedule. */
export interface DashboardRecords extends DueRecords {
  schedule: readonly Visit[];
}

export type SiteCounts = { site: Site } & Record<DueMark, number>;

export interface Dashboard {
  /** Sites with something counted, the most overdue first, then by name. */
  sites: SiteCounts[];
  /** Sites of the organisation with nothing counted. */
  quietSites: number;
  /** Items the due engine could not evaluate (a site without a time zone, §5), left out of the counts. */
  unevaluated: number;
  /** Today in the device's zone, as the schedule's days are (YYYY-MM-DD). */
  today: string;
  /** Today's visits at the organisation's sites, by start time. */
  visits: Visit[];
}

/** The dashboard of organisation `orgId` at `now`; records of another organisation are not counted. */
export function dashboardOf(records: DashboardRecords, catalogue: Catalogue, orgId: string, now: number): Dashboard {
  const own = <T extends SyncRecord>(list: readonly T[]) => list.filter((r) => r.orgId === orgId);
  const evaluated = sitesDue(records, catalogue, orgId, now);
  const known = new Set(evaluated.map(({ site }) => site.id));

  const counted: SiteCounts[] = [];
  let unevaluated = 0;
  for (const { site, calendar, items } of evaluated) {
    const counts: SiteCounts = { site, overdue: 0, dueThisMonth: 0, openDeficiency: 0, couldNotService: 0 };
    for (const { result } of items) {
      if (!result || !calendar) {
        unevaluated += 1;
        continue;
      }
      const marks = dueMarksOf(result, calendar, now);
      for (const mark of ["overdue", "dueThisMonth", "openDeficiency", "couldNotService"] as const) counts[mark] += Number(marks[mark]);
    }
    if (counts.overdue + counts.dueThisMonth + counts.openDeficiency + counts.couldNotService > 0) counted.push(counts);
  }
  counted.sort((a, b) => b.overdue - a.overdue || byName(a.site, b.site));

  const today = dayjs(now).format("YYYY-MM-DD");
  const visits = own(records.schedule)
    .filter((visit) => known.has(visit.locationId) && eventDay(visit.date) === today)
    .sort((a, b) => (a.startTime ?? "").localeCompare(b.startTime ?? ""));
  return { sites: counted, quietSites: evaluated.length - counted.length, unevaluated, today, visits };
}
