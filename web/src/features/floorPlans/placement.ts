/**
 * What placing equipment on a floor plan writes: the item's floorId and floorPlanLocation
 * ('x' + 'x' + 'y', §3), and nothing else of it, so LOCATION_WRITE alone takes it (the action
 * placeOnFloorPlan of the permission table).
 */
import type { Equipment } from "../../domain/records";
import type { SyncEngine } from "../../offline/sync/engine";
import { type Point, formatPoint } from "./point";

type Engine = Pick<SyncEngine, "put">;

/** Puts `item` at `point` on plan `planId`, or takes it off with null. */
export async function placeOnPlan(engine: Engine, item: Equipment, planId: string, point: Point | null): Promise<void> {
  await engine.put("equipment", { ...item, floorId: point ? planId : null, floorPlanLocation: point ? formatPoint(point) : null });
}

/** Takes the items on plan `planId` off it (the plan is deleted). */
export async function takeOffPlan(engine: Engine, items: readonly Equipment[], planId: string): Promise<void> {
  for (const item of items.filter((e) => e.floorId === planId)) await placeOnPlan(engine, item, planId, null);
}
