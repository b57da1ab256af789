// The due engine (spec §9 "Due logic", §4): from the synced records of one piece of
// equipment and `now`, when each service is next due, what moved the date, whether it is
// due, and whether the equipment belongs on the Inspection Due and Service Due lists.
// The twin of crates/domain/src/due; both pass every vector of testdata/due. The rules and
// the choices made where the spec is silent are in docs/domain/due-dates.md.

import { Clock, type Millis } from "./clock";
import { type DueResult, run } from "./engine";
import { DueError } from "./error";
import type { DueInput } from "./input";

export type { AffectedBy, DueResult, ServiceDue } from "./engine";
export type * from "./input";
export { DueError };

/** Evaluates one piece of equipment at `now` (kept to the millisecond). */
export function evaluate(input: DueInput, now: Date | Millis) {
  return run(input, Math.floor(typeof now === "number" ? now : now.getTime()), false);
}

/** Where an item stands on the due lists at one instant, and why; the twin of Rust's `DueLists`. */
export interface DueLists {
  /** On the Inspection Due list. */
  inspection: boolean;
  /** On the Service Due list. */
  service: boolean;
  /** An open deficiency is what puts it on (one of) the lists. */
  byDeficiency: boolean;
  /** A could-not-service event keeps it off the lists for now (§4). */
  couldNotService: boolean;
}

/**
 * The item on the due lists at `now`: due (an open deficiency makes it due, §9), unless a
 * could-not-service event hides it (§4). The equipment list's tabs and badges, the tag screen
 * and the reports all read this.
 */
export function dueLists(result: DueResult, now: Date | Millis): DueLists {
  const at = typeof now === "number" ? now : now.getTime();
  const couldNotService = result.hiddenUntil !== null && Date.parse(result.hiddenUntil) > at;
  const inspection = result.inspectionDue && !couldNotService;
  const service = result.serviceDue && !couldNotService;
  const byServices = (inspectionList: boolean) => result.services.some((s) => s.due && !s.unscheduled && s.inspection === inspectionList);
  const byDeficiency = result.openDeficiency && ((inspection && !byServices(true)) || (service && !byServices(false)));
  return { inspection, service, byDeficiency, couldNotService };
}

/** Reads the JSON input object (with `now`) and answers the pretty JSON result. */
export function evaluateJson(text: string, explain = false): string {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new DueError("input", error instanceof Error ? error.message : String(error));
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new DueError("input", "expected a JSON object");
  }
  const parsed = input as DueInput;
  return JSON.stringify(rendered(run(parsed, parseNow(parsed.now), explain)), null, 2);
}

/** The result as the JSON output has it, keys in the documented order (the typed-only fields left out). */
function rendered(result: DueResult) {
  return {
    services: result.services.map(({ serviceTypeId, nextDate, affectedBy, due, explain }) =>
      explain === undefined ? { serviceTypeId, nextDate, affectedBy, due } : { serviceTypeId, nextDate, affectedBy, due, explain },
    ),
    inspectionDue: result.inspectionDue,
    serviceDue: result.serviceDue,
    hiddenUntil: result.hiddenUntil,
  };
}

const UTC = Clock.of("UTC");

/** `now` must name an instant: a date and time with an offset. */
function parseNow(text: unknown): Millis {
  if (typeof text !== "string" || text === "") throw new DueError("now", "now is required");
  const hasOffset = text.endsWith("Z") || /[+-]/.test(text.slice(10));
  const t = hasOffset ? UTC?.parse(text) : undefined;
  if (t === undefined) throw new DueError("now", `"${text}" is not an ISO 8601 date and time with an offset`);
  return t;
}
