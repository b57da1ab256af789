/**
 * What the equipment form saves (§4): a new item with its 'added' history record, or an edit
 * that changes values with a data-change record holding before and after.
 */
import { t } from "../../../lib/strings";
import { HistoryType, historyRecord } from "../../../domain/history";
import type { Equipment } from "../../../domain/records";
import type { SyncEngine } from "../../../offline/sync/engine";
import type { Actor } from "../actions/changes";
import { changesOf } from "./fields";
import { track } from "../../../offline/analytics/track";

type Engine = Pick<SyncEngine, "put">;
type NewEquipment = Pick<Equipment, "id" | "locationId"> & Partial<Equipment>;

export async function addEquipment(engine: Engine, record: NewEquipment, actor: Actor): Promise<void> {
  await engine.put("equipment", record);
  track("EQUIPMENT", "add");
  await engine.put(
    "history",
    historyRecord({ orgId: actor.orgId, userId: actor.userId, type: HistoryType.added, description: t("historyType5"), equipmentId: record.id, locationId: record.locationId }),
  );
}

/** Saves `record` over `current` when some value changed; `label` names a changed field path for the history. Answers whether it saved. */
export async function editEquipment(engine: Engine, current: Equipment, record: Equipment, actor: Actor, label: (path: string) => string): Promise<boolean> {
  const changes = changesOf(current, record);
  if (changes.paths.length === 0) return false;
  await engine.put("equipment", record);
  track("EQUIPMENT", "change");
  await engine.put(
    "history",
    historyRecord({
      orgId: actor.orgId,
      userId: actor.userId,
      type: HistoryType.dataChange,
      description: t("equipmentChangedHistory", { fields: changes.paths.map(label).join(", ") }),
      equipmentId: current.id,
      locationId: current.locationId,
      changes: { before: changes.before, after: changes.after },
    }),
  );
  return true;
}
