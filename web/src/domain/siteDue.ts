/**
 * Every item of an organisation's sites through the due engine, from the synced records: the one
 * pass the dashboard's counts and the schedule's due sites both make, so they read the same
 * records the same way. And when an item's work comes due by a given day.
 */
import { type DueResult, dueLists } from "./due";
import { daysFromCivil } from "./due/clock";
import type { HistoryRecord } from "./history";
import { SiteCalendar } from "./dueDates";
import {
  type Catalogue,
  type Deficiency,
  type Equipment,
  type LocationOverride,
  type PerformedService,
  type ServiceMonth,
  type Site,
  dueStateOf,
  groupBy,
  siteRecordsOf,
  viewOf,
} from "./records";
import type { SyncRecord } from "./syncRecord";

/** Every site's records of the kinds the due engine reads. */
export interface DueRecords {
  sites: readonly Site[];
  equipment: readonly Equipment[];
  performedServices: readonly PerformedService[];
  history: readonly HistoryRecord[];
  deficiencies: readonly Deficiency[];
  locationOverrides: readonly LocationOverride[];
  serviceMonths: readonly ServiceMonth[];
}

export interface SiteDue {
  site: Site;
  /** The site's calendar at `now`; undefined for a site without a (known) time zone. */
  calendar: SiteCalendar | undefined;
  /** Each item's result; undefined for one the engine could not evaluate (§5). */
  items: { item: Equipment; result: DueResult | undefined }[];
}

/** Each site of organisation `orgId` with its items evaluated at `now`; other organisations' records are left out. */
export function sitesDue(records: DueRecords, catalogue: Catalogue, orgId: string, now: number): SiteDue[] {
  const own = <T extends SyncRecord>(list: readonly T[]) => list.filter((r) => r.orgId === orgId);
  const bySite = <T extends SyncRecord>(list: readonly T[]) => groupBy(own(list), (r) => r.locationId ?? "");
  const equipment = bySite(records.equipment);
  const performedServices = bySite(records.performedServices);
  const history = bySite(records.history as readonly (HistoryRecord & SyncRecord)[]);
  const deficiencies = bySite(records.deficiencies);
  const locationOverrides = bySite(records.locationOverrides);
  const serviceMonths = bySite(records.serviceMonths);
  return own(records.sites).map((site) => {
    const items = equipment.get(site.id) ?? [];
    const calendar = SiteCalendar.of(site.timeZone, now);
    const siteRecords = siteRecordsOf(site, {
      equipment: items,
      performedServices: performedServices.get(site.id) ?? [],
      history: history.get(site.id) ?? [],
      deficiencies: deficiencies.get(site.id) ?? [],
      locationOverrides: locationOverrides.get(site.id) ?? [],
      serviceMonths: serviceMonths.get(site.id) ?? [],
    });
    return {
      site,
      calendar,
      items: items.map((item) => {
        const state = dueStateOf(viewOf(item, siteRecords, catalogue), siteRecords, now);
        return { item, result: state.ok && calendar ? state.result : undefined };
      }),
    };
  });
}

/** Days since 1970-01-01 of a YYYY-MM-DD day, as SiteCalendar counts them. */
export function dayNumber(day: string): number {
  return daysFromCivil(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)));
}

/**
 * The item has work to do by `lastDay` (YYYY-MM-DD at the site): a scheduled service's next date
 * falls on or before it (overdue work included), or — when `lastDay` is today or later — it is on
 * a due list now (an open deficiency, §9). Not while a could-not-service event keeps it off the
 * lists (§4).
 */
export function dueBy(result: DueResult, calendar: SiteCalendar, now: number, lastDay: string): boolean {
  const lists = dueLists(result, now);
  if (lists.couldNotService) return false;
  const last = dayNumber(lastDay);
  if ((lists.inspection || lists.service) && last >= calendar.today) return true;
  return result.services.some((s) => {
    if (s.unscheduled || s.nextDate === null) return false;
    const day = calendar.dayOf(s.nextDate);
    return day !== undefined && day <= last;
  });
}
