/**
 * The catalogue records as these screens write them (§3), with the field names the due engine
 * (domain/due) and the server's record check (crates/domain/src/records) read, and the §5
 * rules each form checks before it lets the user save.
 */
import type { StringKey } from "../../lib/strings";
import type { Condition, ServiceType } from "../../domain/records";

/** Frequency types (§4), minute 2 to year 7; a new service type is monthly. */
export const FREQUENCY_TYPES = [2, 3, 4, 5, 6, 7] as const;
export const DEFAULT_FREQUENCY_TYPE = 6;
export const frequencyName = (code: number): StringKey => `frequency${code}` as StringKey;

/** Metered methods (§9), as the engine and the server spell them. */
export const METHODS = ["equalTo", "lessThan", "greaterThan", "notEqualTo", "every"] as const;
export const methodName = (method: string): StringKey => `method${method.charAt(0).toUpperCase()}${method.slice(1)}` as StringKey;

/** Advanced actions (§9): none, avoid the same date 2, keep X time away 3. */
export const AVOID_SAME_DATE = 2;
export const KEEP_AWAY = 3;

/** A condition as the service type form edits it: time or metered (§3). */
export type ConditionRecord = Condition & { type: "time" | "metered" };

export interface ServiceTypeRecord extends ServiceType {
  conditions?: ConditionRecord[] | null;
  disabledSiteTypes?: Record<string, boolean> | null;
  advancedServiceToChangeTypeId?: string | null;
  advancedAction?: number | null;
  advancedAmount?: number | null;
  hasFrequencyOverride?: boolean | null;
}

/** A whole number of at least 1, as frequencies and the advanced amount must be. */
export const isCount = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value) && value >= 1;

export const liveConditions = (conditions: readonly ConditionRecord[]) => conditions.filter((c) => c.deleted !== true);

export const hasTimeCondition = (conditions: readonly ConditionRecord[]) => liveConditions(conditions).some((c) => c.type === "time");

export interface ServiceTypeDraft {
  name: string;
  dueWhen: string;
  frequencyType: string;
  frequency: number | undefined;
  unscheduled: boolean;
  inspection: boolean;
  updateOnScan: boolean;
  sku: string;
  disabledSiteTypes: Record<string, boolean>;
  advancedAction: string;
  advancedServiceToChangeTypeId: string;
  advancedAmount: number | undefined;
  conditions: ConditionRecord[];
}

export function serviceTypeDraftOf(service: ServiceTypeRecord | undefined): ServiceTypeDraft {
  return {
    name: service?.name ?? "",
    dueWhen: service?.dueWhen ?? "",
    frequencyType: String(service?.frequencyType ?? DEFAULT_FREQUENCY_TYPE),
    frequency: service?.frequency ?? undefined,
    unscheduled: service?.unscheduled === true,
    inspection: service?.inspection === true,
    updateOnScan: service?.updateOnScan === true,
    sku: service?.sku ?? "",
    disabledSiteTypes: Object.fromEntries(Object.entries(service?.disabledSiteTypes ?? {}).filter(([, off]) => off === true)),
    advancedAction: String(service?.advancedAction ?? 0),
    advancedServiceToChangeTypeId: service?.advancedServiceToChangeTypeId ?? "",
    advancedAmount: service?.advancedAmount ?? undefined,
    conditions: service?.conditions ?? [],
  };
}

/** Whether the service type's own frequency is needed: scheduled and without conditions, the engine dates it by it. */
export const needsFrequency = (draft: ServiceTypeDraft) => !draft.unscheduled && liveConditions(draft.conditions).length === 0;

/** The §5 errors of a service type draft, by field; empty when it can be saved. */
export function serviceTypeErrors(draft: ServiceTypeDraft): Partial<Record<"name" | "dueWhen" | "frequency" | "advancedServiceToChangeTypeId" | "advancedAmount", StringKey>> {
  const errors: ReturnType<typeof serviceTypeErrors> = {};
  if (draft.name.trim() === "") errors.name = "required";
  if (draft.dueWhen !== "all" && draft.dueWhen !== "any") errors.dueWhen = "required";
  if (draft.frequency !== undefined && !isCount(draft.frequency)) errors.frequency = "recordWholeNumber";
  else if (draft.frequency === undefined && needsFrequency(draft)) errors.frequency = "required";
  const action = Number(draft.advancedAction);
  if (action >= AVOID_SAME_DATE && draft.advancedServiceToChangeTypeId === "") errors.advancedServiceToChangeTypeId = "required";
  if (action === KEEP_AWAY) {
    if (draft.advancedAmount === undefined) errors.advancedAmount = "required";
    else if (!isCount(draft.advancedAmount)) errors.advancedAmount = "recordWholeNumber";
  } else if (draft.advancedAmount !== undefined && !isCount(draft.advancedAmount)) errors.advancedAmount = "recordWholeNumber";
  return errors;
}

const textOrNull = (text: string) => (text.trim() === "" ? null : text.trim());

export function serviceTypeRecordOf(
  draft: ServiceTypeDraft,
  base: Partial<ServiceTypeRecord> & { id: string; orgId: string; equipmentTypeId: string },
  billing: boolean,
): Partial<ServiceTypeRecord> & { id: string; name: string } {
  const action = Number(draft.advancedAction);
  return {
    ...base,
    name: draft.name.trim(),
    dueWhen: draft.dueWhen,
    frequencyType: Number(draft.frequencyType),
    frequency: draft.frequency ?? null,
    unscheduled: draft.unscheduled,
    inspection: draft.inspection,
    updateOnScan: draft.updateOnScan,
    // Without the billing feature the SKU is not shown, so the stored one stays as it was.
    sku: billing ? textOrNull(draft.sku) : (base.sku ?? null),
    disabledSiteTypes: draft.disabledSiteTypes,
    advancedAction: action,
    advancedServiceToChangeTypeId: action >= AVOID_SAME_DATE ? draft.advancedServiceToChangeTypeId : null,
    advancedAmount: action === KEEP_AWAY ? (draft.advancedAmount ?? null) : null,
    conditions: draft.conditions.map((c) => ({ ...c, serviceTypeId: base.id, orgId: base.orgId })),
  };
}

export interface ConditionDraft {
  type: string;
  timeFrequencyType: string;
  timeFrequency: number | undefined;
  meteredFieldId: string;
  meteredMethod: string;
  meteredAmount: number | undefined;
}

export const emptyCondition = (timeAllowed: boolean): ConditionDraft => ({
  type: timeAllowed ? "time" : "metered",
  timeFrequencyType: String(DEFAULT_FREQUENCY_TYPE),
  timeFrequency: undefined,
  meteredFieldId: "",
  meteredMethod: "",
  meteredAmount: undefined,
});

/** §5 Condition: a time condition needs its frequency type and frequency; a metered one its field, method and amount. */
export function conditionErrors(draft: ConditionDraft, fieldCount: number): Partial<Record<keyof ConditionDraft, StringKey>> {
  const errors: ReturnType<typeof conditionErrors> = {};
  if (draft.type === "time") {
    if (draft.timeFrequencyType === "") errors.timeFrequencyType = "required";
    if (draft.timeFrequency === undefined) errors.timeFrequency = "required";
    else if (!isCount(draft.timeFrequency)) errors.timeFrequency = "recordWholeNumber";
  } else {
    if (fieldCount === 0) errors.meteredFieldId = "catalogueNoCustomEquipmentFields";
    else if (draft.meteredFieldId === "") errors.meteredFieldId = "required";
    if (draft.meteredMethod === "") errors.meteredMethod = "required";
    if (draft.meteredAmount === undefined) errors.meteredAmount = "required";
  }
  return errors;
}

export function conditionOf(draft: ConditionDraft, id: string): ConditionRecord {
  return draft.type === "time"
    ? { id, type: "time", timeFrequencyType: Number(draft.timeFrequencyType), timeFrequency: draft.timeFrequency ?? null }
    : { id, type: "metered", meteredFieldId: draft.meteredFieldId, meteredMethod: draft.meteredMethod, meteredAmount: draft.meteredAmount ?? null };
}
