/**
 * A visit: what one technician did at one site on one day (the site's own day), tied together
 * with the customer's signature. The visit screen lists that technician's history records at
 * the site that day and the deficiencies they opened; saving writes the signature to the
 * device's waiting images and one `visits` record. One visit per site, day and technician: a
 * second signature that day keeps the first one's id, so it replaces it (last writer wins).
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { FALLBACK_TIME_ZONE } from "../../domain/dates";
import { type HistoryRecord, HistoryType } from "../../domain/history";
import { newId } from "../../domain/ids";
import type { Deficiency, Visit } from "../../domain/records";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The site's day (YYYY-MM-DD) of an instant. */
export function siteDay(iso: string | Date, timeZone: string | null | undefined): string {
  return dayjs(iso)
    .tz(timeZone || FALLBACK_TIME_ZONE)
    .format("YYYY-MM-DD");
}

/** A day written as YYYY-MM-DD that is a real date. */
export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format("YYYY-MM-DD") === value;
}

export interface VisitWork {
  /** The technician's history records at the site that day, oldest first. */
  history: HistoryRecord[];
  /** The deficiencies the technician opened there that day, oldest first. */
  deficiencies: Deficiency[];
}

/**
 * What `userId` did at `locationId` on `date`: history records that happened at the site (a
 * record of an item since moved away still counts where it happened) and the deficiencies
 * their 'deficiency opened' records point at.
 */
export function visitWork(
  site: { id: string; timeZone?: string | null },
  date: string,
  userId: string,
  history: readonly HistoryRecord[],
  deficiencies: readonly Deficiency[],
): VisitWork {
  const mine = history
    .filter((h) => !h.deleted && h.userId === userId && (h.happenedAtLocationId || h.locationId) === site.id && siteDay(h.date, site.timeZone) === date)
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const opened = new Set(mine.filter((h) => h.type === HistoryType.deficiencyOpened && h.relevantId).map((h) => h.relevantId));
  return {
    history: mine,
    deficiencies: deficiencies.filter((d) => !d.deleted && opened.has(d.id)).sort((a, b) => Date.parse(a.dateOpened) - Date.parse(b.dateOpened)),
  };
}

/** The technician's saved visit of that site and day, if any. */
export function visitOf(visits: readonly Visit[], locationId: string, date: string, userId: string): Visit | undefined {
  return visits.find((v) => !v.deleted && v.locationId === locationId && v.date === date && v.userId === userId);
}

export interface VisitInput {
  orgId: string;
  userId: string;
  locationId: string;
  date: string;
  work: VisitWork;
  signerName: string;
  /** The signature's file name (`signatures/….png`). */
  signature: string;
  /** The visit saved before for this site, day and technician: its id is kept. */
  saved?: Visit;
  now?: Date;
}

/** A visit as the screen hands it to the store, which stamps lastUpdated. */
export type VisitRecord = Partial<Visit> &
  Pick<Visit, "id" | "locationId" | "date" | "userId" | "historyIds" | "deficiencyIds" | "signerName" | "signature" | "signedAt">;

/** The `visits` record a signature saves. */
export function visitRecord(input: VisitInput): VisitRecord {
  return {
    ...input.saved,
    id: input.saved?.id ?? newId(),
    orgId: input.orgId,
    locationId: input.locationId,
    date: input.date,
    userId: input.userId,
    historyIds: input.work.history.map((h) => h.id),
    deficiencyIds: input.work.deficiencies.map((d) => d.id),
    signerName: input.signerName.trim(),
    signature: input.signature,
    signedAt: (input.now ?? new Date()).toISOString(),
  };
}
