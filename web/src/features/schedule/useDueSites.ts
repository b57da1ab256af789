/**
 * The Sites Due pane's sites for the shown days, from the synced records by the due engine, so
 * the pane works offline. Every item is evaluated once per change of the records (behind the
 * paint, as the dashboard does); moving between days only picks again.
 */
import { useDeferredValue, useMemo, useState } from "react";
import type { Site } from "../../domain/records";
import { sitesDue } from "../../domain/siteDue";
import { useDueRecords } from "../../offline/useDueRecords";
import { useCatalogue } from "../../offline/useSiteRecords";
import { dueSites } from "./dueSites";
import type { ScheduledEvent } from "./schedule";

/** Undefined while the records are read, and when not `wanted` (no pane to show: nothing is evaluated). */
export function useDueSites(orgId: string, events: readonly ScheduledEvent[], period: { first: string; last: string }, wanted: boolean): Site[] | undefined {
  const records = useDeferredValue(useDueRecords());
  const catalogue = useCatalogue();
  // Due dates move by the day; the screen is opened afresh far more often than that.
  const [now] = useState(Date.now);
  const evaluated = useMemo(() => (wanted && records ? sitesDue(records, catalogue, orgId, now) : undefined), [wanted, records, catalogue, orgId, now]);
  const { first, last } = period;
  return useMemo(() => evaluated && dueSites(evaluated, events, { first, last }, now), [evaluated, events, first, last, now]);
}
