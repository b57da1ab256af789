/**
 * The synced records the equipment screens read (spec §3), and how one piece of equipment is
 * put together from them for the due engine (§9). Lists are grouped by equipment once, so a
 * site with thousands of items is evaluated in one pass.
 */
import type { ContactDetails } from "./contactDetails";
import type { DueInput, DueResult, LocationOverride as DueOverride, ServiceMonth as DueServiceMonth } from "./due";
import { evaluate } from "./due";
import type { HistoryRecord } from "./history";
import type { SyncRecord } from "./syncRecord";

export interface Site extends SyncRecord, ContactDetails {
  name: string;
  status?: string;
  timeZone?: string;
  typeId?: string | null;
  customerId?: string | null;
  popupNote?: string | null;
  note?: string | null;
  customerNumber?: string | number | null;
  zone?: number | null;
  fieldData?: Record<string, string> | null;
}

/** A customer (§3), reached as a site is. */
export interface Customer extends SyncRecord, ContactDetails {
  name: string;
  accountNumber?: string | number | null;
}

export interface Equipment extends SyncRecord {
  /** Shown as Location (§3). */
  name: string;
  locationId: string;
  floorId?: string | null;
  floorPlanLocation?: string | null;
  modelId?: string | null;
  barcode?: string | null;
  serialNumber?: string | null;
  manufactureDate?: string | null;
  note?: string | null;
  fieldData?: Record<string, string> | null;
  serviceMonth?: string | null;
}

export interface Model extends SyncRecord {
  name: string;
  equipmentTypeId?: string | null;
  fieldData?: Record<string, string> | null;
  sku?: string | null;
}

export interface EquipmentType extends SyncRecord {
  name: string;
  serviceMonthCategoryId?: string | null;
}

export interface Condition {
  id: string;
  type: "time" | "metered" | string;
  timeFrequency?: number | null;
  timeFrequencyType?: number | null;
  meteredFieldId?: string | null;
  meteredMethod?: string | null;
  meteredAmount?: number | string | null;
  deleted?: boolean;
  serviceTypeId?: string | null;
  orgId?: string | null;
}

/** A checklist question's choice (§3 Question option), kept inside its question. */
export interface QuestionOption {
  id: string;
  description?: string | null;
  /** Text of the deficiency a choice opens; `true` (older data) opens one named after the question and choice. */
  deficiencyToAdd?: string | boolean | null;
  questionId?: string | null;
  orgId?: string | null;
  deleted?: boolean | null;
}

/** A checklist question of a service type (§3 Question). */
export interface Question extends SyncRecord {
  question: string;
  serviceTypeId?: string | null;
  allowComments?: boolean | null;
  /** The id of the equipment field the answer is written into. */
  fieldToSet?: string | null;
  options?: QuestionOption[] | null;
}

export interface ServiceType extends SyncRecord {
  name: string;
  equipmentTypeId?: string | null;
  frequencyType?: number | null;
  frequency?: number | null;
  unscheduled?: boolean | null;
  inspection?: boolean | null;
  updateOnScan?: boolean | null;
  dueWhen?: "all" | "any" | string | null;
  conditions?: Condition[] | null;
  sku?: string | null;
}

export interface PerformedService extends SyncRecord {
  /** `{equipmentId}-{serviceTypeId}` (§3). */
  id: string;
  lastDate?: string | null;
  overidedNextDate?: string | null;
  affectedBy?: string[] | string | null;
  equipmentId: string;
  serviceTypeId: string;
  locationId: string;
  equipmentFieldData?: Record<string, string> | null;
}

export interface Deficiency extends SyncRecord {
  description: string;
  dateOpened: string;
  dateClosed?: string | null;
  equipmentId: string;
  serviceTypeId?: string | null;
  locationId: string;
  happenedAtLocationId?: string | null;
  /** Photos of what was found: `photos/{32 hex}.jpg`, at most 10. */
  photos?: string[];
}

/**
 * A technician's signed day at a site (kind `visits`): what was done and found there, closed by
 * the customer's signature. The app makes one per site, day and technician; signing again that
 * day rewrites it under the same id.
 */
export interface Visit extends SyncRecord {
  locationId: string;
  /** The site's local day, `YYYY-MM-DD`. */
  date: string;
  /** The technician's user id. */
  userId: string;
  /** The visit's history records (at most 1,000). */
  historyIds: string[];
  /** The deficiencies found on the visit (at most 1,000). */
  deficiencyIds: string[];
  /** The customer's printed name. */
  signerName: string;
  /** The signature's image: `signatures/{32 hex}.png`. */
  signature: string;
  /** When the customer signed: ISO 8601 with an offset. */
  signedAt: string;
}

export type LocationOverride = SyncRecord & DueOverride & { id: string };
export type ServiceMonth = SyncRecord & DueServiceMonth & { id: string };

export interface NamedField extends SyncRecord {
  name: string;
  equipmentTypeId?: string | null;
  includeInReports?: boolean | null;
}

/** The organisation-wide records: what a piece of equipment is (model, type, services). */
export interface Catalogue {
  models: ReadonlyMap<string, Model>;
  equipmentTypes: ReadonlyMap<string, EquipmentType>;
  /** Service types by equipment type id. */
  serviceTypesByType: ReadonlyMap<string, ServiceType[]>;
  modelFields: readonly NamedField[];
  equipmentFields: readonly NamedField[];
}

export function catalogueOf(
  models: readonly Model[],
  equipmentTypes: readonly EquipmentType[],
  serviceTypes: readonly ServiceType[],
  modelFields: readonly NamedField[] = [],
  equipmentFields: readonly NamedField[] = [],
): Catalogue {
  return {
    models: byId(models),
    equipmentTypes: byId(equipmentTypes),
    serviceTypesByType: groupBy(serviceTypes, (s) => s.equipmentTypeId ?? ""),
    modelFields,
    equipmentFields,
  };
}

/** One site's location-scoped records, grouped by equipment where they belong to one. */
export interface SiteRecords {
  site: Site;
  equipment: readonly Equipment[];
  performedServices: ReadonlyMap<string, PerformedService[]>;
  history: ReadonlyMap<string, HistoryRecord[]>;
  deficiencies: ReadonlyMap<string, Deficiency[]>;
  locationOverrides: readonly LocationOverride[];
  serviceMonths: readonly ServiceMonth[];
}

export function siteRecordsOf(
  site: Site,
  lists: {
    equipment: readonly Equipment[];
    performedServices: readonly PerformedService[];
    history: readonly HistoryRecord[];
    deficiencies: readonly Deficiency[];
    locationOverrides: readonly LocationOverride[];
    serviceMonths: readonly ServiceMonth[];
  },
): SiteRecords {
  return {
    site,
    equipment: lists.equipment,
    performedServices: groupBy(lists.performedServices, (p) => p.equipmentId),
    history: groupBy(lists.history, (h) => h.equipmentId),
    deficiencies: groupBy(lists.deficiencies, (d) => d.equipmentId),
    locationOverrides: lists.locationOverrides,
    serviceMonths: lists.serviceMonths,
  };
}

/** A piece of equipment with what it is and what has been done to it (§3 "Enriched with"). */
export interface EquipmentView {
  equipment: Equipment;
  model: Model | undefined;
  equipmentType: EquipmentType | undefined;
  serviceTypes: ServiceType[];
  performedServices: PerformedService[];
  history: HistoryRecord[];
  deficiencies: Deficiency[];
}

export function viewOf(equipment: Equipment, site: SiteRecords, catalogue: Catalogue): EquipmentView {
  const model = equipment.modelId ? catalogue.models.get(equipment.modelId) : undefined;
  const equipmentType = model?.equipmentTypeId ? catalogue.equipmentTypes.get(model.equipmentTypeId) : undefined;
  return {
    equipment,
    model,
    equipmentType,
    serviceTypes: equipmentType ? (catalogue.serviceTypesByType.get(equipmentType.id) ?? []) : [],
    performedServices: site.performedServices.get(equipment.id) ?? [],
    history: site.history.get(equipment.id) ?? [],
    deficiencies: site.deficiencies.get(equipment.id) ?? [],
  };
}

export function dueInputOf(view: EquipmentView, site: SiteRecords): DueInput {
  return {
    site: site.site,
    equipment: view.equipment,
    equipmentType: view.equipmentType,
    serviceTypes: view.serviceTypes as DueInput["serviceTypes"],
    performedServices: view.performedServices,
    locationOverrides: site.locationOverrides as LocationOverride[],
    serviceMonths: site.serviceMonths as ServiceMonth[],
    deficiencies: view.deficiencies,
    history: view.history,
  };
}

/**
 * The due state of one item, or the error that stopped it (a site without a time zone, a
 * service type with an unknown frequency type: §5 Date calculation). A broken item must not
 * take the whole list down, so the error is kept beside the item.
 */
export type DueState = { ok: true; result: DueResult } | { ok: false; error: string };

export function dueStateOf(view: EquipmentView, site: SiteRecords, now: Date | number): DueState {
  try {
    return { ok: true, result: evaluate(dueInputOf(view, site), now) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function byId<T extends { id: string }>(records: readonly T[]): Map<string, T> {
  return new Map(records.map((r) => [r.id, r]));
}

export function groupBy<T>(records: readonly T[], key: (record: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const record of records) {
    const k = key(record);
    const group = groups.get(k);
    if (group) group.push(record);
    else groups.set(k, [record]);
  }
  return groups;
}
