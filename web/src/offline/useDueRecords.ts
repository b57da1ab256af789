/**
 * The synced records the due engine reads for every site of the organisation (the dashboard, the
 * schedule's Sites Due pane); undefined while sites and equipment are still being read.
 */
import { useMemo } from "react";
import type { HistoryRecord } from "../domain/history";
import type { Deficiency, Equipment, LocationOverride, PerformedService, ServiceMonth, Site } from "../domain/records";
import type { DueRecords } from "../domain/siteDue";
import { useLoadedRecords, useRecords } from "./SyncProvider";

export function useDueRecords(): DueRecords | undefined {
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
