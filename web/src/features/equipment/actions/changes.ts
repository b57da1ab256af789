/**
 * The equipment actions of §4 as local changes (they work offline and sync later): soft
 * delete, Could Not Service and Transfer, each leaving its history record.
 */
import { t } from "../../../lib/strings";
import { type HistoryRecord, HistoryType, historyRecord } from "../../../domain/history";
import type { Equipment, Site } from "../../../domain/records";
import type { SyncEngine } from "../../../offline/sync/engine";
import { belongingsMoved, belongingsOf } from "../moves";
import { track } from "../../../offline/analytics/track";

/** Who acts: every record carries the organisation, history records the user. */
export interface Actor {
  orgId: string;
  userId: string;
}

type Engine = Pick<SyncEngine, "put" | "remove" | "list">;

/** §4 Soft delete: the item is marked deleted and a 'Deleted' history record is written. */
export async function deleteEquipment(engine: Engine, equipment: Equipment, actor: Actor): Promise<void> {
  await engine.remove("equipment", equipment);
  track("EQUIPMENT", "delete");
  await engine.put(
    "history",
    historyRecord({
      orgId: actor.orgId,
      userId: actor.userId,
      type: HistoryType.deleted,
      description: t("historyType8"),
      equipmentId: equipment.id,
      locationId: equipment.locationId,
    }),
  );
}

/**
 * §4 Could Not Service: a history record of that type with the reason. The due engine hides
 * the item from the due lists while such a record is recent (its hiddenUntil).
 */
export async function couldNotService(engine: Engine, equipment: Equipment, reason: string, actor: Actor): Promise<HistoryRecord> {
  return engine.put(
    "history",
    historyRecord({
      orgId: actor.orgId,
      userId: actor.userId,
      type: HistoryType.couldNotService,
      description: reason.trim(),
      equipmentId: equipment.id,
      locationId: equipment.locationId,
    }),
  );
}

/**
 * §4 Transfer: the item keeps its id and takes the target's locationId (the store moves it
 * between the sites' lists); its history, performed services and deficiencies move with it
 * (../moves.ts), history and deficiencies keeping where they happened. A data-change
 * history record names both sites; the server counts the transfer for billing from it.
 */
export async function transferEquipment(engine: Engine, equipment: Equipment, from: Site, to: Site, actor: Actor): Promise<void> {
  const belongings = await belongingsOf(engine, equipment.id, from.id);
  await Promise.all(belongingsMoved(equipment, belongings, to.id).map((moved) => engine.put(moved.kind, moved.record)));
  await engine.put("equipment", { ...equipment, locationId: to.id });
  track("EQUIPMENT", "move");
  const record = historyRecord({
    orgId: actor.orgId,
    userId: actor.userId,
    type: HistoryType.dataChange,
    description: t("equipmentTransferredHistory", { from: from.name, to: to.name }),
    equipmentId: equipment.id,
    locationId: to.id,
    changes: { before: { locationId: from.id }, after: { locationId: to.id } },
  });
  await engine.put("history", { ...record, happenedAtLocationId: from.id });
}
