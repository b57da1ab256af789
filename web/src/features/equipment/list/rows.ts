/**
 * The equipment list's data (§2 Equipment list), worked out once per change of the records so
 * that a site with thousands of items stays quick: each row's searched text is lower-cased
 * up front, due states are evaluated once (and again as time passes), and a keystroke in the
 * search box is a plain filter over strings.
 */
import { t } from "../../../lib/strings";
import { FALLBACK_TIME_ZONE } from "../../../domain/dates";
import { dueLists } from "../../../domain/due";
import { type SiteCalendar, nextDueOf } from "../../../domain/dueDates";
import {
  type Catalogue,
  type DueState,
  type Equipment,
  type EquipmentType,
  type EquipmentView,
  type Model,
  type SiteRecords,
  dueStateOf,
  viewOf,
} from "../../../domain/records";
import { WHITESPACE_RUN } from "../../../domain/text";
import { daysText } from "../services/serviceWhy";
import { byName } from "../../../domain/names";

export interface EquipmentRow {
  equipment: Equipment;
  model: Model | undefined;
  equipmentType: EquipmentType | undefined;
  /**
   * The §2 searched fields, lower-cased and joined by new lines: a query word never holds a
   * line break (the query is split on white space), so a word cannot match across two fields.
   */
  text: string;
}

/** Calendar dates in one time zone, as the search box may be typed: 'May 1 2020' and '2020-05-01'. */
export function dateTexts(timeZone: string | null | undefined): (iso: string | null | undefined) => string[] {
  let long: Intl.DateTimeFormat;
  let numeric: Intl.DateTimeFormat;
  try {
    long = new Intl.DateTimeFormat("en-US", { timeZone: timeZone || FALLBACK_TIME_ZONE, year: "numeric", month: "long", day: "numeric" });
    numeric = new Intl.DateTimeFormat("en-CA", { timeZone: timeZone || FALLBACK_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch {
    // An unknown zone: the due engine reports it on each row; the search still works.
    long = new Intl.DateTimeFormat("en-US", { timeZone: FALLBACK_TIME_ZONE, year: "numeric", month: "long", day: "numeric" });
    numeric = new Intl.DateTimeFormat("en-CA", { timeZone: FALLBACK_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  }
  // Many items share a manufacture date; formatting is the costly part of building rows.
  const known = new Map<string, string[]>();
  return (iso) => {
    if (!iso) return [];
    let texts = known.get(iso);
    if (!texts) known.set(iso, (texts = format(iso)));
    return texts;
  };

  function format(iso: string): string[] {
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
    if (Number.isNaN(date.getTime())) return [iso];
    const parts = long.formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    return [`${part("month")} ${part("day")} ${part("year")}`, numeric.format(date)];
  }
}

/**
 * Every item with what it is, sorted by name ascending (§2), and its searched text: name,
 * note, manufacture date, barcode, serial number, model name, model field values and
 * equipment type name. Needs only the items, the catalogue and the site's zone, so a
 * performed service or a history record does not rebuild the rows.
 */
export function rowsOf(equipment: readonly Equipment[], catalogue: Catalogue, timeZone: string | null | undefined): EquipmentRow[] {
  const dates = dateTexts(timeZone);
  const rows = equipment.map((item): EquipmentRow => {
    const model = item.modelId ? catalogue.models.get(item.modelId) : undefined;
    const equipmentType = model?.equipmentTypeId ? catalogue.equipmentTypes.get(model.equipmentTypeId) : undefined;
    const fields = [
      item.name,
      item.note,
      ...dates(item.manufactureDate),
      item.barcode,
      item.serialNumber,
      model?.name,
      ...Object.values(model?.fieldData ?? {}),
      equipmentType?.name,
    ];
    const text = fields
      .filter((f): f is string => typeof f === "string" && f !== "")
      .join("\n")
      .toLowerCase();
    return { equipment: item, model, equipmentType, text };
  });
  return rows.sort((a, b) => byName(a.equipment, b.equipment));
}

/** What an item's due state is worked out from, besides the site-wide records: its own records' versions. */
function inputKey(view: EquipmentView): string {
  let key = view.equipment.lastUpdated;
  for (const list of [view.performedServices, view.history, view.deficiencies]) {
    key += "|";
    for (const record of list) key += `${record.id}@${record.lastUpdated};`;
  }
  return key;
}

/**
 * Due states kept between evaluations: when a service is performed on one item, only that item
 * is evaluated again. Everything is evaluated again when `now`, the site, its overrides or
 * service months, or the catalogue change.
 */
export class DueCache {
  private context: readonly unknown[] = [];
  private states = new Map<string, { key: string; state: DueState }>();

  /** Whether {@link statesOf} would evaluate only the items whose own records changed. */
  keeps(site: SiteRecords, catalogue: Catalogue, now: number): boolean {
    return this.states.size > 0 && contextOf(site, catalogue, now).every((part, n) => part === this.context[n]);
  }

  /** The due state of each row's item at `now`, by equipment id. */
  statesOf(rows: readonly EquipmentRow[], site: SiteRecords, catalogue: Catalogue, now: number): Map<string, DueState> {
    const context = contextOf(site, catalogue, now);
    if (context.some((part, n) => part !== this.context[n])) this.states = new Map();
    this.context = context;
    const kept = new Map<string, { key: string; state: DueState }>();
    const answer = new Map<string, DueState>();
    for (const row of rows) {
      const view = viewOf(row.equipment, site, catalogue);
      const key = inputKey(view);
      const known = this.states.get(row.equipment.id);
      const state = known?.key === key ? known.state : dueStateOf(view, site, now);
      kept.set(row.equipment.id, { key, state });
      answer.set(row.equipment.id, state);
    }
    this.states = kept;
    return answer;
  }
}

/** What every item's due state depends on. */
function contextOf(site: SiteRecords, catalogue: Catalogue, now: number): readonly unknown[] {
  return [now, site.site, site.locationOverrides, site.serviceMonths, catalogue];
}

export interface DueLists {
  inspection: EquipmentRow[];
  service: EquipmentRow[];
  /** Due items that a Could Not Service event keeps off each list today (§4): said on the tab, shown under All. */
  leftOff: { inspection: number; service: number };
}

/**
 * The Inspection Due and Service Due lists, as the due engine's `dueLists` places each item:
 * due (an open deficiency makes it due, §9), and not hidden by a Could Not Service event (§4).
 */
export function dueListsOf(rows: readonly EquipmentRow[], states: ReadonlyMap<string, DueState>, now: number): DueLists {
  const inspection: EquipmentRow[] = [];
  const service: EquipmentRow[] = [];
  const leftOff = { inspection: 0, service: 0 };
  for (const row of rows) {
    const state = states.get(row.equipment.id);
    if (!state?.ok) continue;
    const lists = dueLists(state.result, now);
    if (lists.inspection) inspection.push(row);
    if (lists.service) service.push(row);
    if (lists.couldNotService) {
      leftOff.inspection += Number(state.result.inspectionDue);
      leftOff.service += Number(state.result.serviceDue);
    }
  }
  return { inspection, service, leftOff };
}

/** What a row says of when the item is due: 'Overdue 3 days', 'Due Nov 10', or nothing without a date. */
export function whenOf(state: DueState | undefined, calendar: SiteCalendar | undefined): { text: string; overdue: boolean } | undefined {
  if (!state?.ok || !calendar) return undefined;
  const { nextDate, overdueDays } = nextDueOf(state.result, calendar);
  if (overdueDays > 0) return { text: t("equipmentRowOverdue", { days: daysText(overdueDays) }), overdue: true };
  return nextDate === null ? undefined : { text: t("equipmentRowDue", { date: calendar.shortDay(nextDate) }), overdue: false };
}

/** The rows matching `query` (§5: every word is in some searched field, ignoring case). */
export function searchRows(rows: readonly EquipmentRow[], query: string): readonly EquipmentRow[] {
  const words = query
    .toLowerCase()
    .split(WHITESPACE_RUN)
    .filter((word) => word !== "");
  if (words.length === 0) return rows;
  return rows.filter((row) => words.every((word) => row.text.includes(word)));
}
