/**
 * Hooks that read the records of features/equipment/records.ts from the offline store, re-read
 * when their kinds change (here, in another tab, or by a download).
 */
import { useMemo } from "react";
import type { HistoryRecord } from "../domain/history";
import type { SyncKind } from "./kinds";
import { useRecords } from "./SyncProvider";
import type { SyncEngine } from "./sync/engine";
import {
  type Catalogue,
  type Deficiency,
  type Equipment,
  type LocationOverride,
  type EquipmentType,
  type Model,
  type NamedField,
  type PerformedService,
  type ServiceMonth,
  type ServiceType,
  type Site,
  type SiteRecords,
  catalogueOf,
  siteRecordsOf,
} from "../domain/records";

export function useCatalogue(): Catalogue {
  const models = useRecords<Model>("models");
  const equipmentTypes = useRecords<EquipmentType>("equipmentTypes");
  const serviceTypes = useRecords<ServiceType>("serviceTypes");
  const modelFields = useRecords<NamedField>("modelFields");
  const equipmentFields = useRecords<NamedField>("equipmentFields");
  return useMemo(
    () => catalogueOf(models, equipmentTypes, serviceTypes, modelFields, equipmentFields),
    [models, equipmentTypes, serviceTypes, modelFields, equipmentFields],
  );
}

/** The site and its records; undefined while the site is not (yet) on the device. */
export function useSiteRecords(locationId: string): SiteRecords | undefined {
  const site = useRecords<Site>("locations").find((s) => s.id === locationId);
  const equipment = useRecords<Equipment>("equipment", locationId);
  const performedServices = useRecords<PerformedService>("performedServices", locationId);
  const history = useRecords<HistoryRecord>("history", locationId);
  const deficiencies = useRecords<Deficiency>("deficiencies", locationId);
  const locationOverrides = useRecords<LocationOverride>("locationOverrides", locationId);
  const serviceMonths = useRecords<ServiceMonth>("serviceMonths", locationId);
  return useMemo(
    () =>
      site && siteRecordsOf(site, { equipment, performedServices, history, deficiencies, locationOverrides, serviceMonths }),
    [site, equipment, performedServices, history, deficiencies, locationOverrides, serviceMonths],
  );
}

/** What the equipment list reads: first what its rows need, then what the due engine needs. */
const ROW_KINDS: readonly SyncKind[] = ["equipment"];
const SHARED_KINDS: readonly SyncKind[] = ["locations", "models", "equipmentTypes", "serviceTypes", "modelFields", "equipmentFields"];
const DUE_KINDS: readonly SyncKind[] = ["performedServices", "history", "deficiencies", "locationOverrides", "serviceMonths"];

/**
 * Starts reading a site's records when it is tapped, so they are read while the site page's
 * code loads; the engine keeps the answers for `useSiteRecords`. In the order the list paints.
 */
export function prefetchSiteRecords(engine: SyncEngine, locationId: string): void {
  const read = (kind: SyncKind, site?: string) => void engine.list(kind, site).catch(() => undefined);
  for (const kind of ROW_KINDS) read(kind, locationId);
  for (const kind of SHARED_KINDS) read(kind);
  for (const kind of DUE_KINDS) read(kind, locationId);
}
