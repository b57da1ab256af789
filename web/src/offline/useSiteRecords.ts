/**
 * Hooks that read the records of features/equipment/records.ts from the offline store, re-read
 * when their kinds change (here, in another tab, or by a download).
 */
import { useMemo } from "react";
import type { SyncKind } from "./kinds";
import { useLoadedRecords, useRecords } from "./SyncProvider";
import type { SyncEngine } from "./sync/engine";
import { type ItemDueRecords, useItemDueRecords } from "./useDueRecords";
import {
  type Catalogue,
  type Equipment,
  type EquipmentType,
  type Model,
  type NamedField,
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
  const due = useItemDueRecords(locationId, equipment === undefined);
  return useMemo(
    () => site && equipment && { records: siteRecordsOf(site, { equipment, ...(due ?? NOT_READ) }), dueRecordsRead: due !== undefined },
    [site, equipment, due],
  );
}

/** Until the due engine's records are read, the rows paint with none. */
const NOT_READ: ItemDueRecords = { performedServices: [], history: [], deficiencies: [], locationOverrides: [], serviceMonths: [] };


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
