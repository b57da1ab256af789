import { describe, expect, it } from "vitest";
import { ACTIONS, type ActionName, actionTable, mayTake, mayWrite, readPermission, writePermission } from "./actions";
import { parsePermission } from "./permissions";
import { SYNC_KINDS } from "../offline/kinds";

describe("the one permission table (testdata/permissions/actions.json)", () => {
  it("names every action the app takes, and no other", () => {
    expect(actionTable.actions.map((a) => a.action).sort()).toEqual([...ACTIONS].sort());
  });

  it("names known permissions and every sync kind", () => {
    for (const action of actionTable.actions) if (action.permission !== null) expect(parsePermission(action.permission)).toBe(action.permission);
    expect(Object.keys(actionTable.kinds).sort()).toEqual([...SYNC_KINDS].sort());
  });

  it("gives each kind its read and write permission", () => {
    expect(readPermission("history")).toBe("HISTORY_READ");
    expect(writePermission("history")).toBe("HISTORY_WRITE");
    expect(readPermission("users")).toBeNull();
    expect(writePermission("globalAlerts")).toBeNull();
  });
});

describe("mayTake", () => {
  const cases: [string[], ActionName, boolean][] = [
    [["SERVICE_WRITE"], "performService", true],
    [["service.write"], "answerChecklist", true],
    [["SERVICE_WRITE"], "couldNotService", true],
    [["HISTORY_WRITE"], "couldNotService", false],
    [["EQUIPMENT_WRITE"], "moveEquipment", true],
    [["DEFICIENCY_WRITE"], "openDeficiency", true],
    [["LOCATION_WRITE"], "placeOnFloorPlan", true],
    [["EQUIPMENT_WRITE"], "placeOnFloorPlan", false],
    [[], "editOwnProfile", true],
    [["*.*"], "writeHistory", true],
    [[], "performService", false],
  ];
  it.each(cases)("%j may take %s: %s", (held, action, expected) => expect(mayTake(held, action)).toBe(expected));
});

describe("mayWrite", () => {
  it("takes a missing stored copy for a new record", () => {
    expect(mayWrite(["SERVICE_WRITE"], "u1", "history", { id: "h1", type: 2 })).toBe("allowed");
    const stored = { id: "h1", type: 2, description: "Annual performed" };
    expect(mayWrite(["SERVICE_WRITE"], "u1", "history", { ...stored, description: "Rewritten" }, stored)).toBe("You need the HISTORY_WRITE permission");
  });

  it("ignores bookkeeping fields when it compares the copies", () => {
    const stored = { id: "e1", name: "Lobby", floorId: null, lastUpdated: "2026-01-01T00:00:00.000Z", version: 3 };
    const record = { ...stored, floorId: "p1", lastUpdated: "2026-01-02T00:00:00.000Z", hasBeenChangedLocally: true };
    expect(mayWrite(["LOCATION_WRITE"], "u1", "equipment", record, stored)).toBe("allowed");
  });

  it("compares nested values, not their identity", () => {
    const stored = { id: "e1", name: "Lobby", fieldData: { f1: "1" }, floorId: null };
    expect(mayWrite(["LOCATION_WRITE"], "u1", "equipment", { ...stored, fieldData: { f1: "1" }, floorId: "p1" }, stored)).toBe("allowed");
  });

  it("refuses a kind it does not know", () => {
    expect(mayWrite(["*.*"], "u1", "nonsense", { id: "x" })).toBe("nonsense cannot be uploaded");
  });
});
