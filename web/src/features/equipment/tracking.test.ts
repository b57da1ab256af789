import { afterEach, describe, expect, it } from "vitest";
import type { Equipment, ServiceType } from "../../domain/records";
import { recordTracking } from "../../test/analytics";
import { deleteEquipment } from "./actions/changes";
import { addEquipment, editEquipment } from "./form/saves";
import { performService, undoService } from "./services/performService";

const ORG = "0000000000000000000000000000000a";
const actor = { orgId: ORG, userId: "u1" };
const item = { id: "e1", orgId: ORG, locationId: "s1", name: "Extinguisher", lastUpdated: "2026-11-20T00:00:00.000Z" } as Equipment;
const engine = {
  put: async <T,>(_kind: string, record: T) => record,
  remove: async <T,>(_kind: string, record: T) => record,
  list: async () => [],
  get: async () => undefined,
};

let tracking: ReturnType<typeof recordTracking>;
afterEach(() => tracking.stop());

describe("what equipment and service work counts in analytics", () => {
  it("adding, changing and deleting an item, performing and undoing a service", async () => {
    tracking = recordTracking();
    await addEquipment(engine as never, item, actor);
    await editEquipment(engine as never, item, { ...item, name: "Renamed" }, actor, (path) => path);
    await editEquipment(engine as never, item, item, actor, (path) => path);
    await deleteEquipment(engine as never, item, actor);
    const work = await performService(engine as never, {
      orgId: ORG,
      userId: "u1",
      equipment: item,
      serviceType: { id: "t1", name: "Inspection" } as ServiceType,
      performed: undefined,
      lastDate: "2026-11-20T10:00:00.000Z",
    });
    await undoService(engine as never, work);
    expect(tracking.events).toEqual([
      ["EQUIPMENT", "add"],
      ["EQUIPMENT", "change"],
      ["EQUIPMENT", "delete"],
      ["SERVICE", "perform"],
      ["SERVICE", "undo"],
    ]);
  });
});
