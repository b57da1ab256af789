// A service type's rules, read and checked once: its time frequency, metered conditions,
// dueWhen and advanced action; the twin of crates/domain/src/due/rules.rs.

import { DueError } from "./error";
import { type Frequency, frequencyType, valueText, wholeCount } from "./frequency";
import type { ServiceType } from "./input";

export type DueWhen = "all" | "any";
export type Method = "equalTo" | "lessThan" | "greaterThan" | "notEqualTo" | "every";

export interface Metered {
  fieldId: string;
  method: Method;
  amount: number;
}

export type Advanced =
  | { kind: "none" }
  /** Action 2: never fall in the same period as the other service's date. */
  | { kind: "avoidSameDate"; other: string }
  /** Action 3: stay at least `amount` frequency units away from the other service's date. */
  | { kind: "keepAway"; other: string; amount: number };

export interface TimeRule {
  frequency: Frequency;
  /** Where the frequency came from, for error messages. */
  field: string;
}

export interface Rules {
  time: TimeRule | undefined;
  metered: Metered[];
  dueWhen: DueWhen;
  advanced: Advanced;
}

function count(value: unknown, field: string, name: string): number {
  const n = wholeCount(value);
  if (n === undefined) throw new DueError(field, `${name} must be a whole number of at least 1`);
  return n;
}

function kindOf(code: unknown, field: string) {
  const kind = frequencyType(code);
  if (typeof kind === "string") throw new DueError(field, kind);
  return kind;
}

const METHODS = new Map<string, Method>([
  ["equalto", "equalTo"],
  ["lessthan", "lessThan"],
  ["greaterthan", "greaterThan"],
  ["notequalto", "notEqualTo"],
  ["every", "every"],
]);

/** Reads the rules of a scheduled service type at `path` (e.g. `serviceTypes[0]`). */
export function readRules(service: ServiceType, path: string): Rules {
  let time: TimeRule | undefined;
  const metered: Metered[] = [];
  let live = 0;
  (service.conditions ?? []).forEach((condition, index) => {
    if (condition.deleted === true) return;
    live++;
    const at = `${path}.conditions[${index}]`;
    if (condition.type === "time") {
      if (time) throw new DueError(`${at}.type`, "only one time condition is allowed per service type");
      const kind = kindOf(condition.timeFrequencyType ?? null, `${at}.timeFrequencyType`);
      const field = `${at}.timeFrequency`;
      time = { frequency: { kind, count: count(condition.timeFrequency, field, "timeFrequency") }, field };
    } else if (condition.type === "metered") {
      const fieldId = condition.meteredFieldId;
      if (typeof fieldId !== "string" || fieldId === "") throw new DueError(`${at}.meteredFieldId`, "meteredFieldId is required");
      const name = condition.meteredMethod;
      if (name == null) throw new DueError(`${at}.meteredMethod`, "meteredMethod is required");
      const method = METHODS.get(name.replace(/[^A-Za-z0-9]/g, "").toLowerCase());
      if (!method) throw new DueError(`${at}.meteredMethod`, `Metered method not found: ${name}`);
      if (condition.meteredAmount == null) throw new DueError(`${at}.meteredAmount`, "meteredAmount is required");
      const amount = toNumber(condition.meteredAmount);
      if (amount === undefined) throw new DueError(`${at}.meteredAmount`, "meteredAmount must be a number");
      metered.push({ fieldId, method, amount });
    } else if (condition.type == null) {
      throw new DueError(`${at}.type`, "type is required");
    } else {
      throw new DueError(`${at}.type`, `Condition type not found: ${condition.type}`);
    }
  });
  if (live === 0) {
    // A service type without conditions is due by its own frequency; month is the spec's default type.
    const kind = kindOf(service.frequencyType ?? 6, `${path}.frequencyType`);
    const field = `${path}.frequency`;
    time = { frequency: { kind, count: count(service.frequency, field, "frequency") }, field };
  }
  let dueWhen: DueWhen;
  const given = service.dueWhen;
  const when = given == null || given === "any" ? "any" : given === "all" ? "all" : asciiLower(given);
  if (when === "any" || when === "all") dueWhen = when;
  else throw new DueError(`${path}.dueWhen`, `Due When must be all or any, not ${service.dueWhen}`);
  return { time, metered, dueWhen, advanced: readAdvanced(service, path) };
}

/**
 * The rules of `serviceTypes[index]`, read once per service type record: records are values
 * (a changed record is a new object), and evaluating a site or a report meets the same few
 * service types for every item. A record that fails is read (and throws) again each time.
 */
export function rulesOf(service: ServiceType, index: number): Rules {
  const known = readRulesOnce.get(service);
  if (known?.index === index) return known.rules;
  const rules = readRules(service, `serviceTypes[${index}]`);
  readRulesOnce.set(service, { index, rules });
  return rules;
}

const readRulesOnce = new WeakMap<ServiceType, { index: number; rules: Rules }>();

function readAdvanced(service: ServiceType, path: string): Advanced {
  const code = service.advancedAction;
  if (code == null || code === 0 || code === 1) return { kind: "none" };
  if (code !== 2 && code !== 3) throw new DueError(`${path}.advancedAction`, `Advanced action not found: ${valueText(code)}`);
  const other = service.advancedServiceToChangeTypeId;
  if (typeof other !== "string" || other === "") {
    throw new DueError(`${path}.advancedServiceToChangeTypeId`, "advancedServiceToChangeTypeId is required for an advanced action");
  }
  if (code === 2) return { kind: "avoidSameDate", other };
  const field = `${path}.advancedAmount`;
  if (service.advancedAmount == null) throw new DueError(field, "the advanced amount is required when the action keeps a distance");
  return { kind: "keepAway", other, amount: count(service.advancedAmount, field, "advancedAmount") };
}

const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** The common case (a meter reading such as `1250`), read without trimming. */
const PLAIN_DIGITS = /^\d{1,15}$/;
const ASCII_SPACE = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;

/** A number, or text that is exactly a decimal number (`12`, `-3.5`, `1e3`; spaces around are allowed). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return undefined;
  if (PLAIN_DIGITS.test(value)) return Number(value);
  const text = value.replace(ASCII_SPACE, "");
  return DECIMAL.test(text) ? Number(text) : undefined;
}

/** The reading recorded when the service was last performed; 0 when none was recorded. */
export function lastReading(metered: Metered, lastReadings: Record<string, unknown> | null | undefined): number {
  return toNumber(own(lastReadings, metered.fieldId)) ?? 0;
}

/** A record's own field, never one inherited from Object.prototype. */
export function own(record: Record<string, unknown> | null | undefined, key: string): unknown {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether the condition holds; a missing or unreadable current reading never makes a service due. */
export function holds(
  metered: Metered,
  readings: Record<string, unknown> | null | undefined,
  lastReadings: Record<string, unknown> | null | undefined,
): boolean {
  const reading = toNumber(own(readings, metered.fieldId));
  if (reading === undefined) return false;
  switch (metered.method) {
    case "equalTo":
      return reading === metered.amount;
    case "lessThan":
      return reading < metered.amount;
    case "greaterThan":
      return reading > metered.amount;
    case "notEqualTo":
      return reading !== metered.amount;
    case "every":
      return reading >= metered.amount + lastReading(metered, lastReadings);
  }
}
