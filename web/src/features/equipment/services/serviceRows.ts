/**
 * What the services panel shows for each service type of an item (§9 Due logic): its next
 * date and what moved it, whether it is due, and at which granularity its dates read.
 */
import type { Granularity } from "../../../domain/dates";
import type { AffectedBy } from "../../../domain/due";
import { type PerformedService, type ServiceType, dueStateOf } from "../../../domain/records";
import { questionsOf } from "./questions";
import type { EquipmentRecords } from "./useEquipmentRecords";

export interface ServiceRow {
  serviceType: ServiceType;
  performed: PerformedService | undefined;
  unscheduled: boolean;
  /** The engine's next date (ISO with the site's offset), none for unscheduled and metered-only services. */
  nextDate: string | null;
  affectedBy: AffectedBy[];
  due: boolean;
  /** How precisely this service's dates are shown. */
  granularity: Granularity;
  /** Performed through the checklist. */
  hasQuestions: boolean;
}

export interface ServiceRows {
  rows: ServiceRow[];
  /** Why the due engine could not evaluate the item (§5 Date calculation); rows then carry no dates. */
  error?: string;
}

const PRECISION: Granularity[] = ["year", "month", "day", "hour", "minute"];
const UNIT_GRANULARITY: Record<number, Granularity> = { 2: "minute", 3: "hour", 4: "day", 5: "day", 6: "month", 7: "year" };

function isGranularity(value: unknown): value is Granularity {
  return typeof value === "string" && (PRECISION as string[]).includes(value);
}

/** The code of the service's time frequency unit (§4): its time condition's, or its own when it has no conditions. */
export function frequencyCode(serviceType: ServiceType): number | undefined {
  const live = (serviceType.conditions ?? []).filter((c) => c.deleted !== true);
  const code = live.length === 0 ? (serviceType.frequencyType ?? 6) : live.find((c) => c.type === "time")?.timeFrequencyType;
  return code ?? undefined;
}

function frequencyUnit(serviceType: ServiceType): Granularity | undefined {
  const code = frequencyCode(serviceType);
  return code === undefined ? undefined : UNIT_GRANULARITY[code];
}

/**
 * A date reads at its frequency's unit (a monthly service's next date is a month), but never
 * coarser than the organisation's lastDateMinimumGranularity; without that setting, to the minute.
 */
export function displayGranularity(serviceType: ServiceType, minimum: unknown): Granularity {
  const floor = isGranularity(minimum) ? minimum : "minute";
  const unit = frequencyUnit(serviceType) ?? "minute";
  return PRECISION[Math.max(PRECISION.indexOf(floor), PRECISION.indexOf(unit))] ?? "minute";
}

export function serviceRowsOf(records: EquipmentRecords, now: Date | number): ServiceRows {
  const { view, site, questions, organization } = records;
  const state = dueStateOf(view, site, now);
  const performedById = new Map(view.performedServices.map((p) => [p.serviceTypeId, p]));
  const row = (serviceType: ServiceType): ServiceRow => ({
    serviceType,
    performed: performedById.get(serviceType.id),
    unscheduled: serviceType.unscheduled === true,
    nextDate: null,
    affectedBy: [],
    due: false,
    granularity: displayGranularity(serviceType, organization?.lastDateMinimumGranularity),
    hasQuestions: questionsOf(questions, serviceType.id).length > 0,
  });
  if (!state.ok) return { rows: view.serviceTypes.map(row), error: state.error };
  // The engine leaves out services disabled at this site (overrides, site types).
  const byId = new Map(view.serviceTypes.map((s) => [s.id, s]));
  const rows = state.result.services.flatMap((service) => {
    const serviceType = byId.get(service.serviceTypeId);
    return serviceType ? [{ ...row(serviceType), nextDate: service.nextDate, affectedBy: service.affectedBy, due: service.due }] : [];
  });
  return { rows };
}
