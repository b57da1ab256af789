import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/types";
import { CURSOR_KEY, SERVER_EPOCH_KEY } from "../keys";
import type { SyncRecord } from "../../domain/syncRecord";
import { EPOCH_CHANGED, type SyncApi } from "./api";
import { closingTabs, testWorld } from "../../test/fakeSync";

const ORG = "0000000000000000000000000000000a";
const SITE = "1111111111111111111111111111111b";
const T0 = Date.parse("2026-11-22T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const hex = (n: number) => n.toString(16).padStart(32, "0");

function item(n: number, fields: Partial<SyncRecord> = {}): SyncRecord {
  return { id: hex(n), orgId: ORG, locationId: SITE, name: `Item ${n}`, lastUpdated: iso(T0), ...fields };
}

const open = closingTabs();

describe("a server restored from a backup (a new epoch)", () => {
  it("downloads everything again, keeps the unsent changes and uploads them", async () => {
    const world = testWorld(new IDBFactory());
    const { server } = world;
    const tab = open(world);
    const { engine, store } = tab;
    for (let n = 1; n <= 3; n++) server.seed("equipment", item(n));
    await engine.syncNow();
    expect(await store.get(SERVER_EPOCH_KEY)).toBe("epoch-1");
    const backup = server.backup();

    // After the backup: another device edits item 2, and this device downloads it (version 4).
    server.seed("equipment", item(2, { name: "Edited after the backup", lastUpdated: iso(T0 + HOUR) }));
    await engine.syncNow();
    expect(await engine.get("equipment", hex(2))).toMatchObject({ name: "Edited after the backup", version: 4 });

    // Offline, this device changes item 1 and adds item 5: unsent.
    server.offline = true;
    await engine.put("equipment", { ...item(1), name: "Changed offline" });
    await engine.put("equipment", item(5));
    await engine.syncNow();
    expect(await engine.pendingChanges()).toBe(2);

    // The server is restored; the first write after it takes version 4 again, for item 2.
    server.restore(backup);
    server.seed("equipment", item(2, { name: "Edited after the restore", lastUpdated: iso(T0 + 2 * HOUR) }));
    server.seed("equipment", item(6));
    server.offline = false;
    const errorsBefore = tab.errors.length;
    await engine.syncNow();

    expect(tab.errors.slice(errorsBefore)).toEqual([]);
    expect(engine.status().state).toBe("upToDate");
    const [refused, again] = server.downloads.slice(-2);
    expect(refused).toMatchObject({ cursor: 4, serverEpoch: "epoch-1" });
    expect(again).toMatchObject({ cursor: 0, serverEpoch: undefined });
    // The unsent changes reached the restored server and are still here.
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Changed offline" });
    expect(server.stored("equipment", hex(5))).toMatchObject({ name: "Item 5" });
    expect(await engine.pendingChanges()).toBe(0);
    // Everything came down again: version 4 of the new history is not taken for the old one.
    expect(await engine.get("equipment", hex(2))).toMatchObject({ name: "Edited after the restore" });
    expect(await engine.get("equipment", hex(6))).toMatchObject({ name: "Item 6" });
    expect(await engine.get("equipment", hex(1))).toMatchObject({ name: "Changed offline" });
    expect(await store.get(SERVER_EPOCH_KEY)).toBe("epoch-2");
    expect(await store.get(CURSOR_KEY)).toBe(server.stored("equipment", hex(5))?.version);

    // From then on the cursor counts in the new epoch.
    server.seed("equipment", item(7));
    await engine.syncNow();
    expect(server.downloads.at(-1)).toMatchObject({ serverEpoch: "epoch-2" });
    expect(await engine.get("equipment", hex(7))).toMatchObject({ name: "Item 7" });
  });

  it("uploads a change saved while the full download was coming down", async () => {
    const world = testWorld(new IDBFactory());
    const { server } = world;
    const tab = open(world);
    const { engine } = tab;
    server.seed("equipment", item(1));
    await engine.syncNow();
    server.restore(server.backup());
    const release = server.hold();
    const syncing = engine.syncNow();
    // Saved while the sync is held; the engine is not started, so only the resync sends it.
    await engine.put("equipment", item(2));
    release();
    await syncing;
    expect(server.stored("equipment", hex(2))).toMatchObject({ name: "Item 2" });
    expect(await engine.pendingChanges()).toBe(0);
  });

  it("fails the run, rather than looping, when even cursor 0 is refused", async () => {
    const world = testWorld(new IDBFactory());
    let calls = 0;
    const api: SyncApi = {
      download: async () => {
        calls += 1;
        throw new ApiError("api", "restored", 409, EPOCH_CHANGED);
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const tab = open(world, { api });
    await tab.engine.syncNow();
    expect(calls).toBe(2);
    expect(tab.engine.status().state).toBe("error");
    expect(tab.errors).toHaveLength(1);
  });
});
