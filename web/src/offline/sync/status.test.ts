import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/types";
import type { SyncRecord } from "../../domain/syncRecord";
import { type TestWorld, closingTabs, testWorld } from "../../test/fakeSync";

const ORG = "0000000000000000000000000000000a";
const SITE = "1111111111111111111111111111111b";
const hex = (n: number) => n.toString(16).padStart(32, "0");

function item(n: number, fields: Partial<SyncRecord> = {}) {
  return { id: hex(n), orgId: ORG, locationId: SITE, name: `Item ${n}`, ...fields };
}

let worlds = 0;
const open = closingTabs();

async function started(world: TestWorld = testWorld(new IDBFactory(), { channel: `status-test-${++worlds}` })) {
  const tab = open(world);
  tab.engine.start();
  await tab.engine.idle();
  return { world, tab, engine: tab.engine, server: world.server, clock: world.clock };
}

describe("the changes waiting in the status", () => {
  it("count up as changes are saved and down as the upload settles them", async () => {
    const { engine, server, clock } = await started();
    expect(engine.status().pending).toBe(0);
    server.offline = true;
    await engine.put("equipment", item(1));
    expect(engine.status().pending).toBe(1);
    await engine.put("equipment", item(2));
    await engine.put("equipment", item(1, { name: "Again" }));
    expect(engine.status().pending).toBe(2);

    server.offline = false;
    clock.advance(2_000);
    await engine.idle();
    expect(server.stored("equipment", hex(2))).toBeDefined();
    expect(engine.status().pending).toBe(0);
  });

  it("count what an earlier session left", async () => {
    const world = testWorld(new IDBFactory());
    const first = open(world);
    await first.engine.put("equipment", item(1));
    await first.engine.put("equipment", item(2));
    first.close();

    world.server.offline = true;
    const later = open(world);
    later.engine.start();
    await vi.waitFor(() => expect(later.engine.status().pending).toBe(2));
    await later.engine.idle();
  });

  it("count the changes of every tab: the outbox is shared", async () => {
    const world = testWorld(new IDBFactory(), { channel: `status-test-${++worlds}` });
    const { engine: a } = await started(world);
    const { engine: b } = await started(world);
    world.server.offline = true;
    await a.put("equipment", item(1));
    await vi.waitFor(() => expect(b.status().pending).toBe(1));
    await b.put("equipment", item(2));
    await vi.waitFor(() => expect(a.status().pending).toBe(2));

    world.server.offline = false;
    await a.syncNow();
    expect(a.status().pending).toBe(0);
    await vi.waitFor(() => expect(b.status().pending).toBe(0));
  });
});

describe("why sync fails, in the status", () => {
  it("is the server's message, until a run succeeds", async () => {
    const { engine, server, clock } = await started();
    server.failWith = new ApiError("server", "The database is down for maintenance", 503);
    await engine.put("equipment", item(1));
    clock.advance(300);
    await engine.idle();
    expect(engine.status()).toMatchObject({ state: "error", online: true, failureReason: "The database is down for maintenance", pending: 1 });

    server.failWith = null;
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ state: "upToDate", pending: 0 });
    expect(engine.status().failureReason).toBeUndefined();
  });

  it("is 'Device is offline' when nothing answers while the browser says online", async () => {
    const { engine, server } = await started();
    server.offline = true;
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ state: "error", online: false, failureReason: "Device is offline" });
  });

  it("is none while the browser says offline: that is a state, not a failure", async () => {
    const { engine, server, tab } = await started();
    server.offline = true;
    await engine.syncNow();
    tab.network.set(false);
    expect(engine.status().failureReason).toBeUndefined();
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ state: "error", online: false });
    expect(engine.status().failureReason).toBeUndefined();
  });

  it("shows in the other tabs too", async () => {
    const world = testWorld(new IDBFactory(), { channel: `status-test-${++worlds}` });
    const { engine: a } = await started(world);
    const { engine: b } = await started(world);
    world.server.failWith = new ApiError("api", "You need the EQUIPMENT_WRITE permission", 403);
    await a.syncNow();
    await vi.waitFor(() => expect(b.status()).toMatchObject({ state: "error", failureReason: "You need the EQUIPMENT_WRITE permission" }));
  });
});
