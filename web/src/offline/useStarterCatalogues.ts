/**
 * The starter catalogues (domain/starterCatalogues) with whether each is already in the
 * organisation, and the one-click add: the records go through `engine.put` like the catalogue
 * screens' own, read fresh at the click so two quick clicks add nothing twice.
 */
import { useCallback, useMemo } from "react";
import { newId } from "../domain/ids";
import type { EquipmentType, Model, Question, ServiceType } from "../domain/records";
import { STARTER_CATALOGUES, type StarterCatalogue, hasStarterCatalogue, starterCatalogueWrites } from "../domain/starterCatalogues";
import { useRecords, useSyncEngine } from "./SyncProvider";

export interface StarterCatalogues {
  catalogues: { catalogue: StarterCatalogue; added: boolean }[];
  /** Adds what is missing of `catalogue`; resolves with the number of records written. */
  add(catalogue: StarterCatalogue): Promise<number>;
}

let adding: Promise<unknown> = Promise.resolve();

export function useStarterCatalogues(orgId: string): StarterCatalogues {
  const engine = useSyncEngine();
  const equipmentTypes = useRecords<EquipmentType>("equipmentTypes");
  const catalogues = useMemo(() => STARTER_CATALOGUES.map((catalogue) => ({ catalogue, added: hasStarterCatalogue(catalogue, { equipmentTypes }) })), [equipmentTypes]);
  const add = useCallback(
    (catalogue: StarterCatalogue) => {
      // One add at a time, each reading what the one before wrote.
      const run = adding.then(async () => {
        const [types, models, serviceTypes, questions] = await Promise.all([
          engine.list<EquipmentType>("equipmentTypes"),
          engine.list<Model>("models"),
          engine.list<ServiceType>("serviceTypes"),
          engine.list<Question>("questions"),
        ]);
        const writes = starterCatalogueWrites(catalogue, orgId, { equipmentTypes: types, models, serviceTypes, questions }, newId);
        for (const write of writes) await engine.put(write.kind, write.record);
        return writes.length;
      });
      adding = run.catch(() => undefined);
      return run;
    },
    [engine, orgId],
  );
  return { catalogues, add };
}
