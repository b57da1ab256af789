/**
 * Hooks that read the records of features/equipment/records.ts from the offline store, re-read
 * when their kinds change (here, in another tab, or by a download).
 */
import { useMemo } from "react";
import type { HistoryRecord } from "../domain/history";
import { useRecords } from "./SyncProvider";
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
