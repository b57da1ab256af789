// The records the due engine reads, exactly as synced (spec §3, camelCase field names); the
// twin of crates/domain/src/due/input.rs. Other fields are allowed and ignored; null reads
// like an absent field.

type Maybe<T> = T | null | undefined;

export interface DueInput {
  /** The moment of evaluation; only evaluateJson reads it. */
  now?: Maybe<string>;
  site?: Maybe<Site>;
  equipment?: Maybe<Equipment>;
  equipmentType?: Maybe<EquipmentType>;
  serviceTypes?: Maybe<ServiceType[]>;
  performedServices?: Maybe<PerformedService[]>;
  locationOverrides?: Maybe<LocationOverride[]>;
  serviceMonths?: Maybe<ServiceMonth[]>;
  deficiencies?: Maybe<Deficiency[]>;
  history?: Maybe<HistoryRecord[]>;
}

export interface Site {
  id?: Maybe<string>;
  timeZone?: Maybe<string>;
  typeId?: Maybe<string>;
}

export interface Equipment {
  id?: Maybe<string>;
  manufactureDate?: Maybe<string>;
  fieldData?: Maybe<Record<string, unknown>>;
  /** A service month category chosen for this item, overriding its type's. */
  serviceMonth?: unknown;
  deleted?: Maybe<boolean>;
}

export interface EquipmentType {
  id?: Maybe<string>;
  serviceMonthCategoryId?: Maybe<string>;
}

export interface ServiceType {
  id?: Maybe<string>;
  equipmentTypeId?: Maybe<string>;
  frequencyType?: unknown;
  frequency?: Maybe<number>;
  unscheduled?: Maybe<boolean>;
  inspection?: Maybe<boolean>;
  dueWhen?: Maybe<string>;
  conditions?: Maybe<Condition[]>;
  disabledSiteTypes?: Maybe<Record<string, unknown>>;
  advancedServiceToChangeTypeId?: Maybe<string>;
  advancedAction?: Maybe<number>;
  advancedAmount?: Maybe<number>;
  hasFrequencyOverride?: Maybe<boolean>;
  deleted?: Maybe<boolean>;
}

export interface Condition {
  id?: Maybe<string>;
  type?: Maybe<string>;
  timeFrequency?: Maybe<number>;
  timeFrequencyType?: unknown;
  meteredFieldId?: Maybe<string>;
  meteredMethod?: Maybe<string>;
  meteredAmount?: unknown;
  deleted?: Maybe<boolean>;
}

export interface PerformedService {
  id?: Maybe<string>;
  lastDate?: Maybe<string>;
  /** Spelled as synced. */
  overidedNextDate?: Maybe<string>;
  equipmentId?: Maybe<string>;
  serviceTypeId?: Maybe<string>;
  equipmentFieldData?: Maybe<Record<string, unknown>>;
  deleted?: Maybe<boolean>;
}

export interface LocationOverride {
  id?: Maybe<string>;
  locationId?: Maybe<string>;
  serviceTypeId?: Maybe<string>;
  overrideFrequency?: Maybe<number>;
  disabledForLocation?: Maybe<boolean>;
  deleted?: Maybe<boolean>;
}

export const MONTH_FIELDS = [
  "january", "february", "march", "april", "may", "june",
  "july", "august", "september", "october", "november", "december",
] as const;

export type ServiceMonth = {
  serviceMonthCategoryId?: Maybe<string>;
  locationId?: Maybe<string>;
  deleted?: Maybe<boolean>;
} & { [month in (typeof MONTH_FIELDS)[number]]?: Maybe<boolean> };

export interface Deficiency {
  id?: Maybe<string>;
  equipmentId?: Maybe<string>;
  serviceTypeId?: Maybe<string>;
  dateOpened?: Maybe<string>;
  dateClosed?: Maybe<string>;
  deleted?: Maybe<boolean>;
}

/** History record type of a could-not-service event (spec §4). */
export const HISTORY_COULD_NOT_SERVICE = 4;

export interface HistoryRecord {
  id?: Maybe<string>;
  equipmentId?: Maybe<string>;
  date?: Maybe<string>;
  type?: Maybe<number>;
  deleted?: Maybe<boolean>;
}

/** Whether a record's owner id matches; a record or owner without an id matches. */
export function sameOwner(record: Maybe<string>, owner: Maybe<string>): boolean {
  return record == null || owner == null || record === owner;
}

/** Empty strings stand for "no date" in synced records. */
export function present(text: Maybe<string>): string | undefined {
  return typeof text === "string" && text !== "" ? text : undefined;
}
