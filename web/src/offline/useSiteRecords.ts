/**
 * Hooks that read the records of features/equipment/records.ts from the offline store, re-read
 * when their kinds change (here, in another tab, or by a download).
 */
import { useMemo } from "react";
import type { HistoryRecord } from "../domain/history";
import type { SyncKind } from "./kinds";
import { useLoadedRecords, useRecords } from "./SyncProvider";
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

/** A site's records as read so far. */
export interface SiteRecordsRead {
  records: SiteRecords;
  /**
   * Whether the records the due engine reads besides the equipment (performed services,
   * history, deficiencies, overrides, service months) are read: until then they are empty, and
   * every item would look never serviced.
   */
  dueRecordsRead: boolean;
}

/**
 * The site and its records; undefined while the site is not (yet) on the device or its
 * equipment not yet read. The records the due engine needs are read after the equipment, so
 * the rows paint first; until then they are empty and `dueRecordsRead` is false.
 */
export function useSiteRecords(locationId: string): SiteRecordsRead | undefined {
  const site = useRecords<Site>("locations").find((s) => s.id === locationId);
  const equipment = useLoadedRecords<Equipment>("equipment", locationId);
  const later = equipment === undefined;
  const performedServices = useLoadedRecords<PerformedService>("performedServices", locationId, later);
  const history = useLoadedRecords<HistoryRecord>("history", locationId, later);
  const deficiencies = useLoadedRecords<Deficiency>("deficiencies", locationId, later);
  const locationOverrides = useLoadedRecords<LocationOverride>("locationOverrides", locationId, later);
  const serviceMonths = useLoadedRecords<ServiceMonth>("serviceMonths", locationId, later);
  return useMemo(() => {
    if (!site || !equipment) return undefined;
    const records = siteRecordsOf(site, {
      equipment,
      performedServices: performedServices ?? NONE,
      history: history ?? NONE,
      deficiencies: deficiencies ?? NONE,
      locationOverrides: locationOverrides ?? NONE,
      serviceMonths: serviceMonths ?? NONE,
    });
    const dueRecordsRead = [performedServices, history, deficiencies, locationOverrides, serviceMonths].every((list) => list !== undefined);
    return { records, dueRecordsRead };
  }, [site, equipment, performedServices, history, deficiencies, locationOverrides, serviceMonths]);
}

const NONE: never[] = [];

/** Organisation-wide records a site's rows need. */
const SHARED_KINDS: readonly SyncKind[] = ["locations", "models", "equipmentTypes", "serviceTypes", "modelFields", "equipmentFields"];

/**
 * Starts reading what a site's rows need when it is tapped, so they are read while the site
 * page's code loads; the engine keeps the answers for `useSiteRecords`. Not the due engine's
 * larger records: taken in meanwhile, they would hold up the rows' first paint.
 */
export function prefetchSiteRecords(engine: SyncEngine, locationId: string): void {
  const read = (kind: SyncKind, site?: string) => void engine.list(kind, site).catch(() => undefined);
  for (const kind of SHARED_KINDS) read(kind);
  read("equipment", locationId);
}
