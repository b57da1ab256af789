/**
 * Replace barcode, replace and swap over the offline store: reads what changes.ts needs,
 * applies its changes in order (each a local change that syncs later, so all of it works
 * offline).
 */
import { useMemo } from "react";
import { useAuth } from "../../../auth/AuthProvider";
import type { Equipment, Site } from "../../../domain/records";
import { useSyncEngine } from "../../../offline/SyncProvider";
import type { SyncEngine } from "../../../offline/sync/engine";
import { belongingsOf } from "../moves";
import { type Actor, type Change, barcodeChanges, replaceChanges, swapChanges } from "./changes";
import { findByBarcode } from "./scanFlow";

/** Saves `changes` in order, each a local change. */
export async function applyChanges(engine: Pick<SyncEngine, "put" | "remove">, changes: readonly Change[]): Promise<void> {
  for (const change of changes) {
    if (change.remove) await engine.remove(change.kind, change.record);
    else await engine.put(change.kind, change.record);
  }
}

export interface EquipmentChanges {
  /** The organisation's non-deleted item with `code`, other than `exceptId`, on any site on the device. */
  findByBarcode(code: string, exceptId?: string): Promise<Equipment | undefined>;
  sites(): Promise<Site[]>;
  replaceBarcode(equipment: Equipment, barcode: string): Promise<void>;
  replace(current: Equipment, replacement: Equipment): Promise<void>;
  swap(current: Equipment, other: Equipment): Promise<void>;
}

export function useEquipmentChanges(): EquipmentChanges {
  const engine = useSyncEngine();
  const { user } = useAuth();
  const orgId = user?.orgId ?? "";
  const userId = user?.id ?? null;

  return useMemo(() => {
    const actor = (): Actor => ({ orgId, userId, now: new Date() });
    const sites = () => engine.list<Site>("locations");
    // The stored copy, in case a sync changed the item since the screen read it.
    const fresh = async (item: Equipment) => (await engine.get<Equipment>("equipment", item.id, item.locationId)) ?? item;
    return {
      async findByBarcode(code, exceptId) {
        return findByBarcode(await engine.list<Equipment>("equipment"), code, exceptId);
      },
      sites,
      async replaceBarcode(equipment, barcode) {
        await applyChanges(engine, barcodeChanges(await fresh(equipment), barcode, actor()));
      },
      async replace(stale, staleReplacement) {
        const [current, replacement] = await Promise.all([fresh(stale), fresh(staleReplacement)]);
        const [belongings, known] = await Promise.all([belongingsOf(engine, replacement.id, replacement.locationId), sites()]);
        await applyChanges(engine, replaceChanges(current, replacement, belongings, known, actor()));
      },
      async swap(stale, staleOther) {
        const [current, other] = await Promise.all([fresh(stale), fresh(staleOther)]);
        const [mine, theirs, known] = await Promise.all([belongingsOf(engine, current.id, current.locationId), belongingsOf(engine, other.id, other.locationId), sites()]);
        await applyChanges(engine, swapChanges(current, other, { current: mine, other: theirs }, known, actor()));
      },
    };
  }, [engine, orgId, userId]);
}
