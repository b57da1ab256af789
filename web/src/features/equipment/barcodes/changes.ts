/**
 * What replacing a barcode, replacing equipment and swapping equipment write (§4), as lists
 * of record changes for the offline store. Pure: the caller reads the records and applies
 * the changes in order.
 *
 * Moving an item to another site is a put of the same record with the new locationId; its
 * history, performed services and deficiencies move with it (../moves.ts: new locationId, the
 * site where each happened kept). Swap and replace leave a history record on both items
 * (types 9 and 10, each pointing at the other). The record of an item that moved says so in its changes
 * (before and after locationId and name): the server bills each such move once under the
 * model's SKU (docs/decisions.md), so a swap counts two and a replacement one.
 */
import { t } from "../../../lib/strings";
import { HistoryType, type HistoryRecord, historyRecord } from "../../../domain/history";
import type { Equipment, Site } from "../../../domain/records";
import type { LocalRecord } from "../../../offline/records";
import { type Belongings, belongingsMoved } from "../moves";

export type ChangedKind = "equipment" | "history" | "performedServices" | "deficiencies";

export interface Change {
  kind: ChangedKind;
  record: LocalRecord;
  /** A soft delete (§4) rather than a save. */
  remove?: boolean;
}

/** Who acts and when, for the history records. */
export interface Actor {
  orgId: string;
  userId: string | null;
  now: Date;
}

/** How a history description names an item: its location name, and its barcode when it has one. */
export function describe(equipment: Equipment): string {
  return equipment.barcode ? `${equipment.name} (${equipment.barcode})` : equipment.name;
}

function siteName(sites: readonly Site[], locationId: string): string {
  return sites.find((site) => site.id === locationId)?.name ?? t("scanUnknownSite");
}

/** What a move changes, as a history record states it. */
function moveOf(from: Equipment, to: Equipment): HistoryRecord["changes"] {
  return { before: { locationId: from.locationId, name: from.name }, after: { locationId: to.locationId, name: to.name } };
}

/** `item` put where `place` is: its site, its location name and its spot on the floor plan. */
function takingThePlaceOf(item: Equipment, place: Equipment): Equipment {
  return {
    ...item,
    locationId: place.locationId,
    name: place.name,
    floorId: place.floorId ?? null,
    floorPlanLocation: place.floorPlanLocation ?? null,
  };
}

function event(
  actor: Actor,
  type: (typeof HistoryType)["swap" | "replaced" | "dataChange"],
  equipment: Equipment,
  fields: { locationId: string; happenedAt: string; relevantId?: string; description: string; changes?: HistoryRecord["changes"] },
): Change {
  const record = historyRecord(
    {
      orgId: actor.orgId,
      userId: actor.userId,
      type,
      equipmentId: equipment.id,
      locationId: fields.locationId,
      relevantId: fields.relevantId ?? null,
      description: fields.description,
      changes: fields.changes ?? null,
    },
    actor.now,
  );
  const happened: HistoryRecord = { ...record, happenedAtLocationId: fields.happenedAt };
  return { kind: "history", record: happened };
}

/** Replace barcode: the new barcode and a data-change record of it. */
export function barcodeChanges(equipment: Equipment, barcode: string, actor: Actor): Change[] {
  const before = equipment.barcode ?? null;
  const changed: Equipment = { ...equipment, barcode };
  return [
    { kind: "equipment", record: changed },
    event(actor, HistoryType.dataChange, equipment, {
      locationId: equipment.locationId,
      happenedAt: equipment.locationId,
      description: t("replaceBarcodeHistory", { before: before || t("replaceBarcodeNone"), after: barcode }),
      changes: { before: { barcode: before }, after: { barcode } },
    }),
  ];
}

/**
 * Replace: `replacement` (the scanned item) moves to `current`'s site and takes its name and
 * place; `current` is removed from service. Both get a 'replaced' record naming the other.
 */
export function replaceChanges(current: Equipment, replacement: Equipment, replacementBelongings: Belongings, sites: readonly Site[], actor: Actor): Change[] {
  const site = current.locationId;
  const moved = takingThePlaceOf(replacement, current);
  return [
    ...belongingsMoved(replacement, replacementBelongings, site),
    { kind: "equipment", record: moved },
    { kind: "equipment", record: current, remove: true },
    event(actor, HistoryType.replaced, current, {
      locationId: site,
      happenedAt: site,
      relevantId: replacement.id,
      description: t("replaceHistoryBy", { other: describe(replacement) }),
    }),
    event(actor, HistoryType.replaced, replacement, {
      locationId: site,
      happenedAt: site,
      relevantId: current.id,
      description: t("replaceHistory", { other: describe(current), site: siteName(sites, site) }),
      changes: moveOf(replacement, moved),
    }),
  ];
}

/**
 * Swap: the two items exchange sites, each taking the other's name and place. Both get a
 * 'swap' record naming the other, filed at their new site, happened at the current site.
 */
export function swapChanges(
  current: Equipment,
  other: Equipment,
  belongings: { current: Belongings; other: Belongings },
  sites: readonly Site[],
  actor: Actor,
): Change[] {
  const here = current.locationId;
  const there = other.locationId;
  const currentMoved = takingThePlaceOf(current, other);
  const otherMoved = takingThePlaceOf(other, current);
  return [
    ...belongingsMoved(current, belongings.current, there),
    ...belongingsMoved(other, belongings.other, here),
    { kind: "equipment", record: currentMoved },
    { kind: "equipment", record: otherMoved },
    event(actor, HistoryType.swap, current, {
      locationId: there,
      happenedAt: here,
      relevantId: other.id,
      description: t("swapHistory", { other: describe(other), site: siteName(sites, here) }),
      changes: moveOf(current, currentMoved),
    }),
    event(actor, HistoryType.swap, other, {
      locationId: here,
      happenedAt: here,
      relevantId: current.id,
      description: t("swapHistory", { other: describe(current), site: siteName(sites, here) }),
      changes: moveOf(other, otherMoved),
    }),
  ];
}
