import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { CURSOR_KEY, listKey } from "../keys";
import type { DownloadAnswer, SyncApi } from "./api";
import type { SyncEngine } from "./engine";
import { mergePages } from "./merge";
import { storedList } from "../store";
import { closingTabs, testWorld } from "../../test/fakeSync";
import { ORG, SITE_A, SITE_B, T0, equipmentRecord as item, hex, iso } from "../../test/syncRecords";

function page(fields: Partial<DownloadAnswer>): DownloadAnswer {
  return { cursor: 1, hasMore: false, serverTime: iso(T0), ...fields };
}

const open = closingTabs();

describe("merging a download", () => {
  it("replaces a local copy with a newer server copy only", async () => {
    const world = testWorld(new IDBFactory());
    const { engine, store } = open(world);
    await store.update((tx) => mergePages(tx, [page({ equipment: [item(1, { version: 1 }), item(2, { version: 2 })] })]));
    await store.update((tx) =>
      mergePages(tx, [
        page({
          equipment: [
            item(1, { name: "Newer", version: 3, lastUpdated: iso(T0) }),
            item(2, { name: "Older", version: 4, lastUpdated: iso(T0 - 120_000) }),
          ],
        }),
      ]),
    );
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Newer", "Item 2"]);
  });

  it("keeps a local change waiting to upload, and lets a tombstone replace anything", async () => {
    const world = testWorld(new IDBFactory());
    const { engine, store } = open(world); // not started: local changes stay flagged
    await engine.put("equipment", item(1, { name: "Mine" }));
    await engine.put("equipment", item(2, { name: "Mine too" }));
    const changed = await store.update((tx) =>
      mergePages(tx, [
        page({
          equipment: [
            item(1, { name: "Theirs", version: 5, lastUpdated: iso(T0 + 60_000) }),
            item(2, { deleted: true, version: 6, lastUpdated: iso(T0 - 120_000) }),
          ],
        }),
      ]),
    );
    // Only the tombstone was placed, by the third transaction to change records.
    expect(changed.kinds).toEqual(new Set(["equipment"]));
    expect(changed.records.map(([kind, record]) => [kind, record.id])).toEqual([["equipment", hex(2)]]);
    expect(changed.number).toBe(3);
    expect(await engine.list("equipment", SITE_A)).toMatchObject([{ name: "Mine", hasBeenChangedLocally: true }]);
    expect(await store.get(listKey("equipment", SITE_A))).toMatchObject([{ id: hex(1) }, { id: hex(2), deleted: true }]);
  });

  it("replaces global alerts with the current list", async () => {
    const world = testWorld(new IDBFactory());
    const { engine } = open(world);
    world.server.globalAlerts = [{ id: hex(1), lastUpdated: iso(T0), message: "Maintenance tonight" }];
    await engine.syncNow();
    world.server.globalAlerts = [{ id: hex(2), lastUpdated: iso(T0), message: "Done" }];
    await engine.syncNow();
    expect(await engine.list("globalAlerts")).toMatchObject([{ id: hex(2) }]);
  });

  it("moves a record that changed site out of its old site's list", async () => {
    const world = testWorld(new IDBFactory());
    const { engine, server } = { ...open(world), server: world.server };
    server.seed("equipment", item(1));
    await engine.syncNow();
    server.seed("equipment", item(1, { locationId: SITE_B, lastUpdated: iso(T0 - 30_000) }));
    await engine.syncNow();
    expect(await engine.list("equipment", SITE_A)).toEqual([]);
    expect(await engine.list("equipment", SITE_B)).toMatchObject([{ id: hex(1) }]);
    expect(await engine.get("equipment", hex(1))).toMatchObject({ locationId: SITE_B });
  });

  it("moves a record saved locally at another site, and uploads the move", async () => {
    const world = testWorld(new IDBFactory());
    const { engine } = open(world);
    const saved = await engine.put("equipment", item(1));
    await engine.put("equipment", { ...saved, locationId: SITE_B });
    expect(await engine.list("equipment", SITE_A)).toEqual([]);
    expect(await engine.list("equipment")).toMatchObject([{ id: hex(1), locationId: SITE_B }]);
    await engine.syncNow();
    expect(world.server.stored("equipment", hex(1))).toMatchObject({ locationId: SITE_B });
  });

  it("lists organisation-wide kinds under one key, and every site without a site", async () => {
    const world = testWorld(new IDBFactory());
    const { engine, store } = open(world);
    world.server.seed("serviceTypes", { id: hex(9), orgId: ORG, name: "Annual", lastUpdated: iso(T0) });
    world.server.seed("equipment", item(1));
    world.server.seed("equipment", item(2, { locationId: SITE_B }));
    await engine.syncNow();
    expect(storedList(await store.get("serviceTypes"))).toMatchObject([{ id: hex(9) }]);
    expect((await engine.list("equipment")).map((r) => r.id)).toEqual([hex(1), hex(2)]);
    expect((await engine.list("equipment", SITE_B)).map((r) => r.id)).toEqual([hex(2)]);
  });
});

describe("download", () => {
  it("follows hasMore page by page and saves the last cursor", async () => {
    const world = testWorld(new IDBFactory());
    const { engine, store } = open(world, { pageSize: 5, firstPageSize: 5, mergeBatch: 5 });
    for (let n = 1; n <= 12; n++) world.server.seed("equipment", item(n, { locationId: n % 2 ? SITE_A : SITE_B }));
    await engine.syncNow();
    expect(world.server.downloads).toEqual([
      { cursor: 0, limit: 5 },
      { cursor: 5, limit: 5, serverEpoch: "epoch-1" },
      { cursor: 10, limit: 5, serverEpoch: "epoch-1" },
    ]);
    expect(await engine.list("equipment")).toHaveLength(12);
    expect(await store.get(CURSOR_KEY)).toBe(12);

    world.server.seed("equipment", item(13));
    await engine.syncNow();
    expect(world.server.downloads.at(-1)).toEqual({ cursor: 12, limit: 5, serverEpoch: "epoch-1" });
    expect(await engine.list("equipment")).toHaveLength(13);
  });

  it("asks for the largest pages from cursor 0, and the usual ones after", async () => {
    const world = testWorld(new IDBFactory());
    const { engine } = open(world, { pageSize: 2, firstPageSize: 5 });
    for (let n = 1; n <= 7; n++) world.server.seed("equipment", item(n));
    await engine.syncNow();
    expect(world.server.downloads).toEqual([
      { cursor: 0, limit: 5 },
      { cursor: 5, limit: 5, serverEpoch: "epoch-1" },
    ]);
    world.server.seed("equipment", item(8));
    await engine.syncNow();
    expect(world.server.downloads.at(-1)).toEqual({ cursor: 7, limit: 2, serverEpoch: "epoch-1" });
    expect(await engine.list("equipment")).toHaveLength(8);
  });

  it("asks for the next page before merging the one it has", async () => {
    const world = testWorld(new IDBFactory());
    const events: string[] = [];
    const api: SyncApi = {
      download: async (query) => {
        events.push(`ask ${query.cursor}`);
        return world.server.download(query);
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine, store } = open(world, { api, pageSize: 2, firstPageSize: 2 });
    const getMany = store.getMany.bind(store);
    store.getMany = async (keys) => {
      if (keys.some((key) => key.startsWith("equipment:"))) events.push("read lists");
      return getMany(keys);
    };
    for (const n of [1, 2, 3]) world.server.seed("equipment", item(n));
    await engine.syncNow();
    expect(events.slice(0, 3)).toEqual(["ask 0", "ask 2", "read lists"]);
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Item 1", "Item 2", "Item 3"]);
  });

  it("merges the pages again over a change saved while they came down: the change waiting to upload wins", async () => {
    const world = testWorld(new IDBFactory());
    const current: { engine?: SyncEngine } = {};
    const api: SyncApi = {
      download: async (query) => {
        // The technician edits item 1 while the second page is on its way.
        if (query.cursor !== 0) await current.engine?.put("equipment", item(1, { name: "Mine", lastUpdated: iso(T0 - 3_600_000) }));
        return world.server.download(query);
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine } = open(world, { api, pageSize: 2, firstPageSize: 2, debounceMs: 60_000 });
    current.engine = engine;
    for (const n of [1, 2, 3]) world.server.seed("equipment", item(n));
    await engine.syncNow();
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Mine", "Item 2", "Item 3"]);
    expect(await engine.pendingChanges()).toBe(1);
  });

  it.each([
    ["scheduler.yield()", true],
    ["a message to itself, without scheduler.yield()", false],
  ])("places a large page a slice at a time, the page getting a turn between slices by %s", async (_, hasYield) => {
    const world = testWorld(new IDBFactory());
    const turns = vi.fn(async () => undefined);
    if (hasYield) vi.stubGlobal("scheduler", { yield: turns });
    const messages = vi.spyOn(globalThis, "MessageChannel");
    let clock = 0;
    // Every reading of the clock is 10 ms later: each 256 records placed take more than a slice.
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 10));
    try {
      // Object answers, placed record by record (a lists answer onto an empty store is not placed).
      world.server.downloadLists = undefined;
      const { engine } = open(world);
      for (let n = 1; n <= 1_000; n++) world.server.seed("equipment", item(n, { locationId: n % 2 ? SITE_A : SITE_B }));
      await engine.syncNow();
      expect(hasYield ? turns : messages).toHaveBeenCalled();
      expect(await engine.list("equipment")).toHaveLength(1_000);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it("merges several pages in one transaction, the later copy of a record winning", async () => {
    const world = testWorld(new IDBFactory());
    const api: SyncApi = {
      download: async (query) => {
        const answer = await world.server.download(query);
        // Item 1 changes on the server between the first page and the second.
        if (query.cursor === 0) world.server.seed("equipment", item(1, { name: "Changed", lastUpdated: iso(T0) }));
        return answer;
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine, changed } = open(world, { api, pageSize: 2, firstPageSize: 2 });
    for (const n of [1, 2, 3]) world.server.seed("equipment", item(n));
    await engine.syncNow();
    expect(world.server.downloads.map((d) => d.cursor)).toEqual([0, 2]);
    expect(changed).toHaveLength(1); // one merge
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Changed", "Item 2", "Item 3"]);
  });

  it("saves the records and the cursor together, or neither", async () => {
    const world = testWorld(new IDBFactory());
    let spoil = true;
    // A value IndexedDB cannot store makes the merge fail halfway through its writes.
    const api: SyncApi = {
      download: async (query) => {
        const answer = await world.server.download(query);
        if (spoil) answer.equipment?.push(item(99, { locationId: SITE_B, spoiled: () => 0 }));
        return answer;
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine, store, errors } = open(world, { api });
    world.server.seed("equipment", item(1));
    await engine.syncNow();
    expect(errors).toHaveLength(1);
    expect(engine.status()).toMatchObject({ state: "error", lastTrySuccessStatus: "no" });
    expect(await store.get(CURSOR_KEY)).toBeUndefined();
    expect(await engine.list("equipment")).toEqual([]);

    spoil = false;
    await engine.syncNow();
    expect(await store.get(CURSOR_KEY)).toBe(1);
    expect(await engine.list("equipment")).toMatchObject([{ id: hex(1) }]);
    expect(engine.status().state).toBe("upToDate");
  });

  it("records the last successful download", async () => {
    const world = testWorld(new IDBFactory());
    const { engine } = open(world);
    world.clock.advance(1_000);
    await engine.syncNow();
    expect(engine.status().lastSuccessfulDownloadDate).toBe(iso(T0 + 1_000));
  });
});
