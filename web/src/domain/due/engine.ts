// One evaluation, in three passes: each service's own date; advanced actions against the
// other services' first-pass dates; then what is due. The twin of
// crates/domain/src/due/engine.rs.

import { Clock, type Millis } from "./clock";
import { DueError } from "./error";
import { describe, periodStart, unitName, valueText, wholeCount } from "./frequency";
import {
  type DueInput,
  HISTORY_COULD_NOT_SERVICE,
  type LocationOverride,
  MONTH_FIELDS,
  type PerformedService,
  type ServiceType,
  present,
  sameOwner,
} from "./input";
import { type Rules, type TimeRule, holds, lastReading, own, rulesOf } from "./rules";
import { after, intoServiceMonth, monthsApply, yieldToOther } from "./schedule";

export type AffectedBy = "Location Override" | "Service Override" | "Service Months" | "Another Service";
const MARKER_ORDER: AffectedBy[] = ["Location Override", "Service Override", "Service Months", "Another Service"];

export interface ServiceDue {
  serviceTypeId: string;
  nextDate: string | null;
  affectedBy: AffectedBy[];
  due: boolean;
  /** Typed only, as in Rust; not in the JSON output. */
  inspection: boolean;
  unscheduled: boolean;
  explain?: string[];
}

export interface DueResult {
  services: ServiceDue[];
  inspectionDue: boolean;
  serviceDue: boolean;
  /** An open deficiency puts the item on both lists (typed only, as in Rust; not in the JSON output). */
  openDeficiency: boolean;
  hiddenUntil: string | null;
}

interface Planned {
  id: string;
  service: ServiceType;
  rules: Rules | undefined;
  time: TimeRule | undefined;
  performed: PerformedService | undefined;
  next: Millis | undefined;
  /** The date before any advanced action, which other services' actions compare against. */
  firstPass: Millis | undefined;
  affected: AffectedBy[];
  overridden: boolean;
  steps: string[] | undefined;
}

interface Context {
  input: DueInput;
  clock: Clock;
  now: Millis;
  today: Millis;
  manufactured: Millis | undefined;
  equipmentId: string | null | undefined;
  siteId: string | null | undefined;
  serviceMonths: boolean[] | undefined;
  explain: boolean;
}

/** Reads a date; `field` names it in the error, and is written out only then. */
function parseDate(clock: Clock, text: string, field: () => string): Millis {
  const t = clock.parse(text);
  if (t === undefined) throw new DueError(field(), `"${text}" is not an ISO 8601 date`);
  return t;
}

export function run(input: DueInput, now: Millis, explain: boolean): DueResult {
  const site = input.site;
  if (site == null) throw new DueError("site", "site is required");
  const zone = present(site.timeZone);
  if (zone === undefined) throw new DueError("site.timeZone", "timeZone is required");
  const clock = Clock.of(zone);
  if (!clock) throw new DueError("site.timeZone", `unknown time zone: ${zone}`);
  const equipment = input.equipment;
  if (equipment == null) throw new DueError("equipment", "equipment is required");
  const made = present(equipment.manufactureDate);
  const manufactured = made === undefined ? undefined : parseDate(clock, made, () => "equipment.manufactureDate");
  const today = clock.dayStart(now);
  const equipmentType = input.equipmentType;
  const category =
    (typeof equipment.serviceMonth === "string" && equipment.serviceMonth !== "" ? equipment.serviceMonth : undefined) ??
    equipmentType?.serviceMonthCategoryId ??
    undefined;
  const record =
    category === undefined
      ? undefined
      : (input.serviceMonths ?? []).find(
          (m) => m.deleted !== true && m.serviceMonthCategoryId === category && sameOwner(m.locationId, site.id),
        );
  const ctx: Context = {
    input,
    clock,
    now,
    today,
    manufactured,
    equipmentId: equipment.id,
    siteId: site.id,
    serviceMonths: record && MONTH_FIELDS.map((m) => record[m] === true),
    explain,
  };

  const typeId = equipmentType?.id;
  const planned: Planned[] = [];
  (input.serviceTypes ?? []).forEach((service, index) => {
    if (service.deleted === true || !sameOwner(service.equipmentTypeId, typeId)) return;
    const id = service.id;
    if (typeof id !== "string" || id === "") throw new DueError(`serviceTypes[${index}].id`, "id is required");
    const typeOfSite = site.typeId;
    const disabledHere = typeOfSite != null && own(service.disabledSiteTypes, typeOfSite) === true;
    const overrides = input.locationOverrides ?? [];
    const overrideIndex = overrides.findIndex(
      (o) => o.deleted !== true && o.serviceTypeId === id && sameOwner(o.locationId, ctx.siteId),
    );
    const override = overrideIndex < 0 ? undefined : { index: overrideIndex, record: overrides[overrideIndex] as LocationOverride };
    if (disabledHere || override?.record.disabledForLocation === true) return;
    planned.push(plan(ctx, service, index, id, override));
  });

  for (const p of planned) advance(ctx, p, planned);
  return finish(ctx, planned, equipment.fieldData);
}

function plan(
  ctx: Context,
  service: ServiceType,
  index: number,
  id: string,
  override: { index: number; record: LocationOverride } | undefined,
): Planned {
  const steps: string[] | undefined = ctx.explain ? [] : undefined;
  const performedList = ctx.input.performedServices ?? [];
  const performedIndex = performedList.findIndex(
    (p) => p.deleted !== true && p.serviceTypeId === id && sameOwner(p.equipmentId, ctx.equipmentId),
  );
  const performed = performedIndex < 0 ? undefined : performedList[performedIndex];
  const planned: Planned = {
    id,
    service,
    rules: undefined,
    time: undefined,
    performed,
    next: undefined,
    firstPass: undefined,
    affected: [],
    overridden: false,
    steps,
  };
  if (service.unscheduled === true) {
    steps?.push("unscheduled: no next date and never due");
    return planned;
  }
  const rules = rulesOf(service, index);
  planned.rules = rules;
  if (!rules.time) {
    steps?.push("no time condition: no next date");
    return planned;
  }
  const clock = ctx.clock;
  // The service type's own rule, shared by every item, unless a location override changes it.
  let time: TimeRule = rules.time;
  if (override && override.record.overrideFrequency != null) {
    const count = wholeCount(override.record.overrideFrequency);
    if (count === undefined) {
      throw new DueError(`locationOverrides[${override.index}].overrideFrequency`, "overrideFrequency must be a whole number of at least 1");
    }
    time = { frequency: { kind: time.frequency.kind, count }, field: time.field };
    planned.affected.push("Location Override");
    steps?.push(`location override: frequency is ${describe(time.frequency)}`);
  }
  const overrideText = present(performed?.overidedNextDate);
  if (overrideText !== undefined) {
    const next = parseDate(clock, overrideText, () => `performedServices[${performedIndex}].overidedNextDate`);
    steps?.push(`service override: the next date is set to ${clock.format(next)}`);
    planned.next = next;
    planned.affected = ["Service Override"];
    planned.overridden = true;
  } else {
    const lastText = present(performed?.lastDate);
    const last = lastText === undefined ? undefined : parseDate(clock, lastText, () => `performedServices[${performedIndex}].lastDate`);
    const [base, from] =
      last !== undefined
        ? [last, "last performed"]
        : ctx.manufactured !== undefined
          ? [ctx.manufactured, "manufactured"]
          : [ctx.today, "never performed, from the start of today"];
    let next = after(clock, base, time.frequency, time.field);
    steps?.push(`${from} ${clock.format(base)} + ${describe(time.frequency)} = ${clock.format(next)}`);
    if (ctx.serviceMonths && monthsApply(time.frequency)) {
      const moved = intoServiceMonth(clock, next, ctx.serviceMonths, steps);
      if (moved !== undefined) {
        next = moved;
        planned.affected.push("Service Months");
      }
    }
    planned.next = next;
  }
  planned.firstPass = planned.next;
  planned.time = time;
  return planned;
}

/** Applies a service's advanced action against the other service's first-pass date. */
function advance(ctx: Context, planned: Planned, all: readonly Planned[]): void {
  const { rules, time, next } = planned;
  if (!rules || !time || next === undefined || rules.advanced.kind === "none") return;
  const otherId = rules.advanced.other;
  if (planned.overridden || otherId === planned.id) return;
  const other = all.find((p) => p.id === otherId)?.firstPass;
  if (other === undefined) return;
  const moved = yieldToOther(ctx.clock, next, time, rules.advanced, other, planned.steps);
  if (moved !== undefined) {
    planned.next = moved;
    planned.affected.push("Another Service");
  }
}

const yesNo = (value: boolean): string => (value ? "yes" : "no");

function finish(ctx: Context, planned: Planned[], readings: Record<string, unknown> | null | undefined): DueResult {
  const clock = ctx.clock;
  const services = planned.map((p): ServiceDue => {
    let due = false;
    const rules = p.rules;
    if (rules) {
      // Every condition is checked (and explained), then combined by dueWhen.
      let checked = 0;
      let all = true;
      let any = false;
      const record = (holds: boolean) => {
        checked++;
        all &&= holds;
        any ||= holds;
      };
      if (p.time && p.next !== undefined) {
        const unit = p.time.frequency.kind;
        const from = periodStart(unit, clock, p.next);
        const timeDue = ctx.now >= from;
        p.steps?.push(`time: due from ${clock.format(from)} (same ${unitName(unit)} as the next date or later): ${yesNo(timeDue)}`);
        record(timeDue);
      }
      const lastReadings = p.performed?.equipmentFieldData;
      for (const metered of rules.metered) {
        const ok = holds(metered, readings, lastReadings);
        if (p.steps) {
          const reading = own(readings, metered.fieldId);
          const since = metered.method === "every" ? ` since the last reading ${lastReading(metered, lastReadings)}` : "";
          p.steps.push(
            `metered: reading ${reading === undefined ? "none" : valueText(reading)}, field ${metered.fieldId} ${metered.method} ${metered.amount}${since}: ${yesNo(ok)}`,
          );
        }
        record(ok);
      }
      due = rules.dueWhen === "all" ? checked > 0 && all : any;
      p.steps?.push(`due when ${rules.dueWhen}: ${yesNo(due)}`);
    }
    const service: ServiceDue = {
      serviceTypeId: p.id,
      nextDate: p.next === undefined ? null : clock.format(p.next),
      affectedBy: p.affected.length < 2 ? p.affected : MARKER_ORDER.filter((m) => p.affected.includes(m)),
      due,
      inspection: p.service.inspection === true,
      unscheduled: p.service.unscheduled === true,
    };
    if (p.steps) service.explain = p.steps;
    return service;
  });
  const openDeficiency = (ctx.input.deficiencies ?? []).some(
    (d) => d.deleted !== true && sameOwner(d.equipmentId, ctx.equipmentId) && present(d.dateClosed) === undefined,
  );
  const until = hiddenUntil(ctx);
  return {
    services,
    inspectionDue: openDeficiency || services.some((s) => s.due && s.inspection && !s.unscheduled),
    serviceDue: openDeficiency || services.some((s) => s.due && !s.inspection && !s.unscheduled),
    openDeficiency,
    hiddenUntil: until === undefined ? null : clock.format(until),
  };
}

/** Could Not Service: an event from the start of today through the end of tomorrow hides the item until the end of its day. */
function hiddenUntil(ctx: Context): Millis | undefined {
  if (!ctx.input.history?.length) return undefined;
  const clock = ctx.clock;
  const dayAfterTomorrow = clock.add(ctx.today, { unit: "days", count: 2 }) ?? Number.MAX_SAFE_INTEGER;
  let until: Millis | undefined;
  (ctx.input.history ?? []).forEach((record, index) => {
    if (record.deleted === true || record.type !== HISTORY_COULD_NOT_SERVICE || !sameOwner(record.equipmentId, ctx.equipmentId)) return;
    const text = present(record.date);
    if (text === undefined) return;
    const date = parseDate(clock, text, () => `history[${index}].date`);
    if (date < ctx.today || date >= dayAfterTomorrow) return;
    const c = clock.civil(date);
    const endOfDay = clock.add(clock.startOfDay(c.year, c.month, c.day) ?? date, { unit: "days", count: 1 });
    if (endOfDay !== undefined && (until === undefined || endOfDay > until)) until = endOfDay;
  });
  return until;
}
