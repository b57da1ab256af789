/**
 * Everything the service, checklist, history and deficiency screens read about one item, read
 * from the offline store in one go so that a screen (and the automatic updateOnScan services)
 * never works on half-loaded lists: a never-performed service looks due until its performed
 * service record arrives.
 */
import { useEffect, useState } from "react";
import type { HistoryRecord } from "../../../domain/history";
import {
  type Catalogue,
  type Deficiency,
  type Equipment,
  type EquipmentType,
  type EquipmentView,
  type LocationOverride,
  type Model,
  type NamedField,
  type PerformedService,
  type Question,
  type ServiceMonth,
  type ServiceType,
  type Site,
  type SiteRecords,
  catalogueOf,
  siteRecordsOf,
  viewOf,
} from "../../../domain/records";
import type { SyncKind } from "../../../offline/kinds";
import { useSyncEngine } from "../../../offline/SyncProvider";
import type { SyncEngine } from "../../../offline/sync/engine";

/** The organisation settings these screens read. */
export interface OrganizationSettings {
  lastDateMinimumGranularity?: string | null;
}

export interface EquipmentRecords {
  site: SiteRecords;
  catalogue: Catalogue;
  view: EquipmentView;
  questions: Question[];
  organization: OrganizationSettings | undefined;
  /** Users' names by id: who performed a service or wrote a history record. */
  userNames: ReadonlyMap<string, string>;
}

export type EquipmentRecordsState =
  | { status: "loading" }
  | { status: "missing"; what: "site" | "equipment" }
  | { status: "ready"; records: EquipmentRecords };

const KINDS: ReadonlySet<SyncKind> = new Set<SyncKind>([
  "locations",
  "equipment",
  "performedServices",
  "history",
  "deficiencies",
  "locationOverrides",
  "serviceMonths",
  "models",
  "equipmentTypes",
  "serviceTypes",
  "equipmentFields",
  "questions",
  "organization",
  "users",
]);

export async function loadEquipmentRecords(
  engine: SyncEngine,
  locationId: string,
  equipmentId: string,
): Promise<Exclude<EquipmentRecordsState, { status: "loading" }>> {
  const [site, equipment, performedServices, history, deficiencies, locationOverrides, serviceMonths] = await Promise.all([
    engine.get<Site>("locations", locationId),
    engine.list<Equipment>("equipment", locationId),
    engine.list<PerformedService>("performedServices", locationId),
    engine.list<HistoryRecord>("history", locationId),
    engine.list<Deficiency>("deficiencies", locationId),
    engine.list<LocationOverride>("locationOverrides", locationId),
    engine.list<ServiceMonth>("serviceMonths", locationId),
  ]);
  const [models, equipmentTypes, serviceTypes, equipmentFields, questions, organizations, users] = await Promise.all([
    engine.list<Model>("models"),
    engine.list<EquipmentType>("equipmentTypes"),
    engine.list<ServiceType>("serviceTypes"),
    engine.list<NamedField>("equipmentFields"),
    engine.list<Question>("questions"),
    engine.list<OrganizationSettings & { id: string }>("organization"),
    engine.list<{ id: string; name?: string | null }>("users"),
  ]);
  if (!site) return { status: "missing", what: "site" };
  const item = equipment.find((e) => e.id === equipmentId);
  if (!item) return { status: "missing", what: "equipment" };
  const records = siteRecordsOf(site, {
    equipment: [item],
    performedServices: performedServices.filter((p) => p.equipmentId === equipmentId),
    history: history.filter((h) => h.equipmentId === equipmentId),
    deficiencies: deficiencies.filter((d) => d.equipmentId === equipmentId),
    locationOverrides,
    serviceMonths,
  });
  const catalogue = catalogueOf(models, equipmentTypes, serviceTypes, [], equipmentFields);
  return {
    status: "ready",
    records: {
      site: records,
      catalogue,
      view: viewOf(item, records, catalogue),
      questions,
      organization: organizations[0],
      userNames: new Map(users.flatMap((u) => (u.name ? [[u.id, u.name] as const] : []))),
    },
  };
}

/** The item's records, re-read whenever a kind they come from changes (here, in another tab, or by a download). */
export function useEquipmentRecords(locationId: string | undefined, equipmentId: string | undefined): EquipmentRecordsState {
  const engine = useSyncEngine();
  const source = `${locationId}/${equipmentId}`;
  const [state, setState] = useState<{ source: string; state: EquipmentRecordsState }>({ source: "", state: { status: "loading" } });

  useEffect(() => {
    if (!locationId || !equipmentId) return undefined;
    let mounted = true;
    let started = 0;
    let shown = 0;
    const reread = () => {
      // A read that finishes after a later one is dropped; one that finishes while a later
      // one runs is shown, so a stream of changes (a download) cannot hold the screen back.
      const ticket = ++started;
      loadEquipmentRecords(engine, locationId, equipmentId).then(
        (next) => {
          if (!mounted || ticket < shown) return;
          shown = ticket;
          setState({ source, state: next });
        },
        (error: unknown) => console.error(`Could not read equipment ${source}`, error),
      );
    };
    reread();
    const stop = engine.onRecordsChanged((kinds) => {
      if ([...kinds].some((kind) => KINDS.has(kind))) reread();
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [engine, locationId, equipmentId, source]);

  return state.source === source ? state.state : { status: "loading" };
}
