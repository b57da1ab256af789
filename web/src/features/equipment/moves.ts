/**
 * Moving an item to another site with what belongs to it (§4 transfer, replace and swap):
 * its history, performed services and deficiencies are put again with the new locationId;
 * history and deficiencies keep the site where they happened (`happenedAtLocationId`, set to
 * the site they leave when it was empty). Records keep their ids. Shared by actions/
 * (transfer) and barcodes/ (replace, swap).
 */
import type { HistoryRecord } from "../../domain/history";
import type { Deficiency, Equipment, PerformedService } from "../../domain/records";
import type { SyncEngine } from "../../offline/sync/engine";

/** What belongs to one item at its site. */
export interface Belongings {
  history: readonly HistoryRecord[];
  performedServices: readonly PerformedService[];
  deficiencies: readonly Deficiency[];
}

/** One moved copy, to be put in the store under its kind. */
export type MovedRecord =
  | { kind: "history"; record: HistoryRecord }
  | { kind: "performedServices"; record: PerformedService }
  | { kind: "deficiencies"; record: Deficiency };

/** The item's history, performed services and deficiencies stored under its site. */
export async function belongingsOf(engine: Pick<SyncEngine, "list">, equipmentId: string, locationId: string): Promise<Belongings> {
  const mine = <T extends { equipmentId: string }>(records: T[]) => records.filter((record) => record.equipmentId === equipmentId);
  const [history, performedServices, deficiencies] = await Promise.all([
    engine.list<HistoryRecord>("history", locationId),
    engine.list<PerformedService>("performedServices", locationId),
    engine.list<Deficiency>("deficiencies", locationId),
  ]);
  return { history: mine(history), performedServices: mine(performedServices), deficiencies: mine(deficiencies) };
}

/**
 * The item's belongings re-filed under `locationId` (history, then performed services, then
 * deficiencies); nothing when the item is already there.
 */
export function belongingsMoved(item: Equipment, belongings: Belongings, locationId: string): MovedRecord[] {
  const from = item.locationId;
  if (from === locationId) return [];
  return [
    ...belongings.history.map((record) => ({
      kind: "history" as const,
      record: { ...record, locationId, happenedAtLocationId: record.happenedAtLocationId ?? from },
    })),
    ...belongings.performedServices.map((record) => ({ kind: "performedServices" as const, record: { ...record, locationId } })),
    ...belongings.deficiencies.map((record) => ({
      kind: "deficiencies" as const,
      record: { ...record, locationId, happenedAtLocationId: record.happenedAtLocationId ?? from },
    })),
  ];
}
