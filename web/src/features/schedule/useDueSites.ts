/**
 * The Sites Due pane's sites for the shown days, from the synced records by the due engine, so
 * the pane works offline. Every item is evaluated once per change of the records (behind the
 * paint, as the dashboard does); moving between days only picks again.
 */
import { useDeferredValue, useMemo, useState } from "react";
import type { HistoryRecord } from "../../domain/history";
import type { Deficiency, Equipment, LocationOverride, PerformedService, ServiceMonth, Site } from "../../domain/records";
import { type DueRecords, sitesDue } from "../../domain/siteDue";
import { useLoadedRecords, useRecords } from "../../offline/SyncProvider";
import { useCatalogue } from "../../offline/useSiteRecords";
import { dueSites } from "./dueSites";
import type { ScheduledEvent } from "./schedule";

function useDueRecords(): DueRecords | undefined {
  const sites = useLoadedRecords<Site>("locations");
  const equipment = useLoadedRecords<Equipment>("equipment");
  const performedServices = useRecords<PerformedService>("performedServices");
  const history = useRecords<HistoryRecord>("history");
  const deficiencies = useRecords<Deficiency>("deficiencies");
  const locationOverrides = useRecords<LocationOverride>("locationOverrides");
  const serviceMonths = useRecords<ServiceMonth>("serviceMonths");
  return useMemo(
    () => sites && equipment && { sites, equipment, performedServices, history, deficiencies, locationOverrides, serviceMonths },
    [sites, equipment, performedServices, history, deficiencies, locationOverrides, serviceMonths],
  );
}

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
