import { describe, expect, it } from "vitest";
import { HistoryType, type HistoryRecord } from "../../../domain/history";
import type { Belongings } from "../moves";
import { type Actor, type Change, barcodeChanges, replaceChanges, swapChanges } from "./changes";
import { HERE, ORG, THERE, USER, hex, item, site } from "../../../test/equipment/scanning";

const actor: Actor = { orgId: ORG, userId: USER, now: new Date("2026-11-22T10:00:00.000Z") };
const sites = [site(HERE, "Main Plant"), site(THERE, "North Warehouse")];
const none: Belongings = { history: [], performedServices: [], deficiencies: [] };

const history = (changes: Change[]) => changes.filter((c) => c.kind === "history" && !c.remove).map((c) => c.record as HistoryRecord);
const saved = (changes: Change[], kind: Change["kind"], id: string) => changes.find((c) => c.kind === kind && c.record.id === id);

describe("replace barcode", () => {
  it("saves the new barcode with a data-change record of before and after", () => {
    const changes = barcodeChanges(item(hex(1), HERE, "Lobby", "OLD-1"), "NEW-2", actor);
    expect(saved(changes, "equipment", hex(1))?.record).toMatchObject({ barcode: "NEW-2", locationId: HERE, name: "Lobby" });
    const [record] = history(changes);
    expect(record).toMatchObject({
      type: HistoryType.dataChange,
      equipmentId: hex(1),
      locationId: HERE,
      orgId: ORG,
      userId: USER,
      changes: { before: { barcode: "OLD-1" }, after: { barcode: "NEW-2" } },
      date: "2026-11-22T10:00:00.000Z",
    });
  });
});

describe("replace equipment", () => {
  const current = item(hex(1), HERE, "Lobby by the door", "CUR-1", { floorId: "f1", floorPlanLocation: "10x20" });
  const replacement = item(hex(2), THERE, "Spare shelf", "NEW-2");
  const belongings: Belongings = {
    history: [{ id: hex(10), equipmentId: hex(2), locationId: THERE, happenedAtLocationId: THERE, date: "2026-01-01T00:00:00.000Z", description: "Added", type: 5 }],
    performedServices: [{ id: `${hex(2)}-${hex(20)}`, equipmentId: hex(2), serviceTypeId: hex(20), locationId: THERE, lastUpdated: "" }],
    deficiencies: [{ id: hex(30), equipmentId: hex(2), locationId: THERE, happenedAtLocationId: THERE, description: "Dent", dateOpened: "2026-01-01", lastUpdated: "" }],
  };
  const changes = replaceChanges(current, replacement, belongings, sites, actor);

  it("moves the scanned item here, with the current item's name and place", () => {
    expect(saved(changes, "equipment", hex(2))?.record).toMatchObject({
      id: hex(2),
      locationId: HERE,
      name: "Lobby by the door",
      barcode: "NEW-2",
      floorId: "f1",
      floorPlanLocation: "10x20",
    });
  });

  it("removes the current item from service", () => {
    const removal = changes.find((c) => c.record.id === hex(1) && c.kind === "equipment");
    expect(removal).toMatchObject({ remove: true, record: { id: hex(1), locationId: HERE } });
  });

  it("moves the scanned item's history, services and deficiencies, keeping where they happened", () => {
    expect(saved(changes, "history", hex(10))?.record).toMatchObject({ locationId: HERE, happenedAtLocationId: THERE });
    expect(saved(changes, "performedServices", `${hex(2)}-${hex(20)}`)?.record).toMatchObject({ locationId: HERE });
    expect(saved(changes, "deficiencies", hex(30))?.record).toMatchObject({ locationId: HERE, happenedAtLocationId: THERE });
  });

  it("writes a 'replaced' record on both, each pointing at the other", () => {
    const records = history(changes).filter((h) => h.type === HistoryType.replaced);
    expect(records).toHaveLength(2);
    const retired = records.find((h) => h.equipmentId === hex(1));
    expect(retired).toMatchObject({ relevantId: hex(2), locationId: HERE, happenedAtLocationId: HERE, description: "Replaced by Spare shelf (NEW-2)" });
    expect(records.find((h) => h.equipmentId === hex(2))).toMatchObject({
      relevantId: hex(1),
      locationId: HERE,
      description: "Replaced Lobby by the door (CUR-1) at Main Plant",
    });
  });

  it("states the replacement's move in its record's changes (billed once), and no move for the retired item", () => {
    const records = history(changes).filter((h) => h.type === HistoryType.replaced);
    expect(records.find((h) => h.equipmentId === hex(2))?.changes).toEqual({
      before: { locationId: THERE, name: "Spare shelf" },
      after: { locationId: HERE, name: "Lobby by the door" },
    });
    expect(records.find((h) => h.equipmentId === hex(1))?.changes).toBeNull();
  });

  it("moves nothing when the replacement is already at the site", () => {
    const local = replaceChanges(current, { ...replacement, locationId: HERE }, { ...belongings, history: [{ ...belongings.history[0]!, locationId: HERE }] }, sites, actor);
    expect(saved(local, "history", hex(10))).toBeUndefined();
  });
});

describe("swap equipment", () => {
  const current = item(hex(1), HERE, "Lobby", "CUR-1");
  const other = item(hex(2), THERE, "Dock", "OTH-2");
  const mine: Belongings = { ...none, history: [{ id: hex(11), equipmentId: hex(1), locationId: HERE, happenedAtLocationId: HERE, date: "2026-01-01T00:00:00.000Z", description: "x", type: 7 }] };
  const theirs: Belongings = { ...none, history: [{ id: hex(12), equipmentId: hex(2), locationId: THERE, happenedAtLocationId: THERE, date: "2026-01-01T00:00:00.000Z", description: "y", type: 7 }] };
  const changes = swapChanges(current, other, { current: mine, other: theirs }, sites, actor);

  it("exchanges the sites, each item taking the other's name", () => {
    expect(saved(changes, "equipment", hex(1))?.record).toMatchObject({ locationId: THERE, name: "Dock", barcode: "CUR-1" });
    expect(saved(changes, "equipment", hex(2))?.record).toMatchObject({ locationId: HERE, name: "Lobby", barcode: "OTH-2" });
    expect(changes.some((c) => c.remove)).toBe(false);
  });

  it("moves each item's history with it", () => {
    expect(saved(changes, "history", hex(11))?.record).toMatchObject({ locationId: THERE, happenedAtLocationId: HERE });
    expect(saved(changes, "history", hex(12))?.record).toMatchObject({ locationId: HERE, happenedAtLocationId: THERE });
  });

  it("writes a 'swap' record on both, each pointing at the other, happened here", () => {
    const records = history(changes).filter((h) => h.type === HistoryType.swap);
    expect(records).toHaveLength(2);
    expect(records.find((h) => h.equipmentId === hex(1))).toMatchObject({ relevantId: hex(2), locationId: THERE, happenedAtLocationId: HERE, description: "Swapped with Dock (OTH-2) at Main Plant" });
    expect(records.find((h) => h.equipmentId === hex(2))).toMatchObject({ relevantId: hex(1), locationId: HERE, happenedAtLocationId: HERE });
  });

  it("states both moves in the records' changes (a swap is billed twice)", () => {
    const records = history(changes).filter((h) => h.type === HistoryType.swap);
    expect(records.find((h) => h.equipmentId === hex(1))?.changes).toEqual({ before: { locationId: HERE, name: "Lobby" }, after: { locationId: THERE, name: "Dock" } });
    expect(records.find((h) => h.equipmentId === hex(2))?.changes).toEqual({ before: { locationId: THERE, name: "Dock" }, after: { locationId: HERE, name: "Lobby" } });
  });
});
