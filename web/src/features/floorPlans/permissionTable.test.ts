// Floor-plan placement pinned to the one permission table: LOCATION_WRITE alone places an item
// or takes it off a deleted plan; without it the server refuses.
import { describe, expect, it } from "vitest";
import type { Equipment } from "../../domain/records";
import { RecordingEngine } from "../../test/fakeSync";
import { placeOnPlan, takeOffPlan } from "./placement";

const hex = (n: number) => n.toString(16).padStart(32, "0");
const USER = hex(0xb);
const PLAN = hex(0x700);
const lobby: Equipment = { id: hex(0x10), name: "Lobby", locationId: hex(1), floorId: PLAN, floorPlanLocation: "120x45", lastUpdated: "" };
const garage: Equipment = { id: hex(0x11), name: "Garage", locationId: hex(1), lastUpdated: "" };

describe("placement and the permission table (placeOnFloorPlan)", () => {
  it("places an item, and takes it off again, with LOCATION_WRITE alone", async () => {
    const engine = new RecordingEngine([["equipment", lobby], ["equipment", garage]]);
    await placeOnPlan(engine, garage, PLAN, { x: 30, y: 77.5 });
    await placeOnPlan(engine, garage, PLAN, null);
    expect(engine.writes.map((w) => [w.kind, w.record.floorId, w.record.floorPlanLocation])).toEqual([
      ["equipment", PLAN, "30x77.5"],
      ["equipment", null, null],
    ]);
    expect(engine.refusals(["LOCATION_WRITE"], USER)).toEqual([]);
    expect(engine.refusals(["LOCATION_READ"], USER)).not.toEqual([]);
  });

  it("takes a deleted plan's items off it with LOCATION_WRITE alone", async () => {
    const engine = new RecordingEngine([["equipment", lobby], ["equipment", garage]]);
    await takeOffPlan(engine, [lobby, garage], PLAN);
    expect(engine.writes.map((w) => w.record.id)).toEqual([lobby.id]);
    expect(engine.refusals(["LOCATION_WRITE"], USER)).toEqual([]);
    expect(engine.refusals(["LOCATION_READ"], USER)).not.toEqual([]);
  });
});
