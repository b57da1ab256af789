/**
 * The due sites pane's selection: the sites with work coming due in the shown period — by the
 * due engine (domain/siteDue) — that have no visit in that period yet.
 */
import type { Site } from "../../domain/records";
import { type SiteDue, dueBy } from "../../domain/siteDue";
import { type ScheduledEvent, dayOf } from "./schedule";
import { byNameThenId } from "../../domain/names";

/**
 * Sites with an item whose work is due by `period.last` (overdue work included, domain/siteDue's
 * `dueBy`) and no event on any day of `period`, by name.
 */
export function dueSites(evaluated: readonly SiteDue[], events: readonly ScheduledEvent[], period: { first: string; last: string }, now: number): Site[] {
  const visited = new Set<string>();
  for (const event of events) {
    const day = dayOf(event.date);
    if (day && day >= period.first && day <= period.last) visited.add(event.locationId);
  }
  return evaluated
    .filter(({ site, calendar, items }) => !visited.has(site.id) && calendar && items.some(({ result }) => result && dueBy(result, calendar, now, period.last)))
    .map(({ site }) => site)
    .sort(byNameThenId);
}
