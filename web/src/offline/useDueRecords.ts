/**
 * The synced records the due engine reads: for every site of the organisation (the dashboard,
 * the schedule's Sites Due pane), and the ones besides the equipment for one site (its
 * equipment list).
 */
import { useMemo } from "react";
import type { HistoryRecord } from "../domain/history";
import type { Deficiency, Equipment, LocationOverride, PerformedService, ServiceMonth, Site } from "../domain/records";
import type { DueRecords } from "../domain/siteDue";
import { useLoadedRecords } from "./SyncProvider";

/** What the due engine reads of an item besides the item, its site and its catalogue. */
export type ItemDueRecords = Omit<DueRecords, "sites" | "equipment">;

/**
 * Performed services, history, deficiencies, overrides and service months (one site's with
 * `locationId`); undefined until every one of them is read, since without them every item
 * would look never serviced, so overdue. With `wait`, nothing is read yet.
 */
export function useItemDueRecords(locationId?: string, wait = false): ItemDueRecords | undefined {
  const performedServices = useLoadedRecords<PerformedService>("performedServices", locationId, wait);
  const history = useLoadedRecords<HistoryRecord>("history", locationId, wait);
  const deficiencies = useLoadedRecords<Deficiency>("deficiencies", locationId, wait);
  const locationOverrides = useLoadedRecords<LocationOverride>("locationOverrides", locationId, wait);
  const serviceMonths = useLoadedRecords<ServiceMonth>("serviceMonths", locationId, wait);
  return useMemo(
    () =>
      performedServices && history && deficiencies && locationOverrides && serviceMonths
        ? { performedServices, history, deficiencies, locationOverrides, serviceMonths }
        : undefined,
    [performedServices, history, deficiencies, locationOverrides, serviceMonths],
  );
}

/** Every site's records; undefined until all of them are read. */
export function useDueRecords(): DueRecords | undefined {
  const sites = useLoadedRecords<Site>("locations");
  const equipment = useLoadedRecords<Equipment>("equipment");
  const rest = useItemDueRecords();
  return useMemo(() => (sites && equipment && rest ? { sites, equipment, ...rest } : undefined), [sites, equipment, rest]);
}
