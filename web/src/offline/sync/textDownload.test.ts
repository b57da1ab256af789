import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { listKey } from "../keys";
import type { SyncRecord } from "../../domain/syncRecord";
import type { ListsAnswer, SyncApi } from "./api";
import type { SyncEngine } from "./engine";
import { TextMerge, inParts } from "./merge";
import { readLists, storedList } from "../store";
import { ApiError } from "../../api/types";
import { type TestTab, type TestWorld, closingTabs, testWorld } from "../../test/fakeSync";
import { ORG, SITE_A, SITE_B, T0, equipmentRecord as item, hex, iso } from "../../test/syncRecords";

const open = closingTabs();

describe("a first download as lists", () => {
  /** Every value in the store, lists read as records. */
  async function contents(store: TestTab["store"]): Promise<Record<string, unknown>> {
    const keys = (await store.keys()).filter((key) => key !== "sync:info" && !key.startsWith("part:"));
    const values = await store.getMany<unknown>(keys);
    const lists = await readLists(store, keys.map((key) => (key.startsWith("sync:") ? "none" : key)));
    return Object.fromEntries(keys.map((key, i) => [key, key.startsWith("sync:") ? values[i] : lists[i]?.records]));
  }

  function seedSites(world: TestWorld): void {
    world.server.seed("serviceTypes", { id: hex(90), orgId: ORG, name: "Annual", lastUpdated: iso(T0) });
    for (let n = 1; n <= 7; n++) world.server.seed("equipment", item(n, { locationId: n % 3 ? SITE_A : SITE_B }));
    world.server.seed("equipment", item(8, { deleted: true }));
  }

  it("keeps the server's text of each list and stores what object answers would have", async () => {
    const asText = testWorld(new IDBFactory());
    const asObjects = testWorld(new IDBFactory());
    asObjects.server.downloadLists = undefined;
    seedSites(asText);
    seedSites(asObjects);
    const text = open(asText, { pageSize: 3, firstPageSize: 3 });
    const objects = open(asObjects, { pageSize: 3, firstPageSize: 3 });
    await text.engine.syncNow();
    await objects.engine.syncNow();

    expect(typeof (await text.store.get(listKey("equipment", SITE_A)))).toBe("string");
    expect(Array.isArray(await objects.store.get(listKey("equipment", SITE_A)))).toBe(true);
    expect(await contents(text.store)).toEqual(await contents(objects.store));
    expect((await text.engine.list("equipment", SITE_B)).map((r) => r.id)).toEqual([hex(3), hex(6)]);
    expect(await text.engine.get("equipment", hex(6))).toMatchObject({ locationId: SITE_B });
  });

  it("keeps a list of several pages in parts, read as one list and written whole when it changes", async () => {
    const parted = testWorld(new IDBFactory());
    const asObjects = testWorld(new IDBFactory());
    asObjects.server.downloadLists = undefined;
    seedSites(parted);
    seedSites(asObjects);
    // Every page's group a part of its own.
    const { engine, store } = open(parted, { pageSize: 2, firstPageSize: 2, listPartChars: 1 });
    const objects = open(asObjects, { pageSize: 2, firstPageSize: 2 });
    await engine.syncNow();
    await objects.engine.syncNow();
    const partsOf = async (site: string) => (await store.keys()).filter((key) => key.startsWith(`part:${listKey("equipment", site)}:`));
    expect((await partsOf(SITE_A)).length).toBeGreaterThan(2);
    expect((await partsOf(SITE_B)).length).toBe(2);
    expect(await contents(store)).toEqual(await contents(objects.store));
    expect((await engine.list("equipment", SITE_A)).map((r) => r.id)).toEqual([1, 2, 4, 5, 7].map(hex));
    expect(await engine.get("equipment", hex(5))).toMatchObject({ locationId: SITE_A });

    parted.server.seed("equipment", item(3, { name: "Moved", locationId: SITE_A }));
    await engine.put("equipment", item(1, { name: "Mine", lastUpdated: iso(T0) }));
    await engine.syncNow();
    expect(await partsOf(SITE_A)).toEqual([]);
    expect(await partsOf(SITE_B)).toEqual([]);
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Mine", "Item 2", "Item 4", "Item 5", "Item 7", "Moved"]);
    expect((await engine.list("equipment", SITE_B)).map((r) => r.id)).toEqual([hex(6)]);
  });

  it("merges later downloads and local changes into the lists kept as text", async () => {
    const world = testWorld(new IDBFactory());
    seedSites(world);
    const { engine } = open(world);
    const lists = vi.spyOn(world.server, "downloadLists");
    await engine.syncNow();
    expect(lists).toHaveBeenCalledTimes(1);
    world.server.seed("equipment", item(3, { name: "Moved", locationId: SITE_A }));
    world.server.seed("equipment", item(9, { locationId: SITE_B }));
    await engine.put("equipment", item(1, { name: "Mine", lastUpdated: iso(T0) }));
    await engine.syncNow();
    expect(lists).toHaveBeenCalledTimes(1);
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Mine", "Item 2", "Item 4", "Item 5", "Item 7", "Moved"]);
    expect((await engine.list("equipment", SITE_B)).map((r) => r.id)).toEqual([hex(6), hex(9)]);
    expect(world.server.stored("equipment", hex(1))).toMatchObject({ name: "Mine" });
  });

  it.each<[string, Partial<SyncRecord>]>([
    ["changed", { name: "Changed meanwhile" }],
    ["moved to another site", { name: "Moved meanwhile", locationId: SITE_B }],
  ])("merges record by record when a record came down twice, %s between two pages", async (_, change) => {
    const world = testWorld(new IDBFactory());
    const api: SyncApi = {
      download: (query) => world.server.download(query),
      downloadLists: async (query) => {
        // Another device changes item 1, sent in the first page, before the second is asked for.
        if (query.cursor !== 0) world.server.seed("equipment", item(1, { ...change, lastUpdated: iso(T0) }));
        return world.server.downloadLists?.(query) as ReturnType<NonNullable<SyncApi["downloadLists"]>>;
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine } = open(world, { api, pageSize: 2, firstPageSize: 2 });
    for (const n of [1, 2, 3]) world.server.seed("equipment", item(n));
    await engine.syncNow();
    const all = await engine.list("equipment");
    expect(all.map((r) => r.id).sort()).toEqual([hex(1), hex(2), hex(3)]);
    expect(all.find((r) => r.id === hex(1))).toMatchObject(change);
    const site = change.locationId ?? SITE_A;
    expect((await engine.list("equipment", site)).map((r) => r.id)).toContain(hex(1));
    expect(await engine.get("equipment", hex(1))).toMatchObject({ locationId: site });
  });

  it("merges the pages over a change saved while they came down: the change waiting to upload wins", async () => {
    const world = testWorld(new IDBFactory());
    const current: { engine?: SyncEngine } = {};
    const api: SyncApi = {
      download: (query) => world.server.download(query),
      downloadLists: async (query) => {
        if (query.cursor !== 0) await current.engine?.put("equipment", item(1, { name: "Mine", lastUpdated: iso(T0 - 3_600_000) }));
        return world.server.downloadLists?.(query) as ReturnType<NonNullable<SyncApi["downloadLists"]>>;
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine, store } = open(world, { api, pageSize: 2, firstPageSize: 2, debounceMs: 60_000 });
    current.engine = engine;
    for (const n of [1, 2, 3]) world.server.seed("equipment", item(n));
    await engine.syncNow();
    expect((await engine.list("equipment", SITE_A)).map((r) => r.name)).toEqual(["Mine", "Item 2", "Item 3"]);
    expect(await engine.pendingChanges()).toBe(1);
    expect(Array.isArray(await store.get(listKey("equipment", SITE_A)))).toBe(true);
  });

  it("asks for the next page as soon as the head of the one before has come, one page ahead at most", async () => {
    const world = testWorld(new IDBFactory());
    const events: string[] = [];
    const bodies: (() => void)[] = [];
    const api: SyncApi = {
      download: (query) => world.server.download(query),
      downloadLists: async (query, onHead) => {
        events.push(`ask ${query.cursor}`);
        const answer = await world.server.downloadLists?.(query, onHead);
        // The records come down only when the test lets them.
        await new Promise<void>((resolve) => bodies.push(resolve));
        events.push(`got ${query.cursor}`);
        return answer as ListsAnswer;
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine } = open(world, { api, pageSize: 2, firstPageSize: 2 });
    for (const n of [1, 2, 3, 4, 5]) world.server.seed("equipment", item(n));
    const synced = engine.syncNow();
    await vi.waitFor(() => expect(events).toEqual(["ask 0", "ask 2"]));
    // The second page's head has come too, but the first page is still coming down: no third yet.
    expect(bodies).toHaveLength(2);
    bodies.shift()?.();
    await vi.waitFor(() => expect(events).toEqual(["ask 0", "ask 2", "got 0", "ask 4"]));
    while (!events.includes("got 4")) {
      bodies.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await synced;
    expect((await engine.list("equipment", SITE_A)).map((r) => r.id)).toEqual([1, 2, 3, 4, 5].map(hex));
  });

  it("stops the page asked for ahead when the one before it fails", async () => {
    const world = testWorld(new IDBFactory());
    const signals: AbortSignal[] = [];
    const api: SyncApi = {
      download: (query) => world.server.download(query),
      downloadLists: async (query, onHead, signal) => {
        if (signal) signals.push(signal);
        if (query.cursor !== 0) return new Promise<ListsAnswer>(() => undefined); // still coming down
        await world.server.downloadLists?.(query, onHead);
        throw new TypeError("network error"); // the first page's body broke off after its head
      },
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    const { engine } = open(world, { api, pageSize: 2, firstPageSize: 2 });
    for (const n of [1, 2, 3]) world.server.seed("equipment", item(n));
    await engine.syncNow();
    expect(engine.status().state).toBe("error");
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it("takes object answers from a server that refuses the lists answer's query", async () => {
    const world = testWorld(new IDBFactory());
    const api: SyncApi = {
      download: (query) => world.server.download(query),
      downloadLists: () => Promise.reject(new ApiError("api", "Failed to deserialize query string: unknown field `format`", 400)),
      upload: (body) => world.server.upload(body),
      ping: () => world.server.ping(),
    };
    seedSites(world);
    const { engine, store } = open(world, { api });
    await engine.syncNow();
    expect((await engine.list("equipment")).map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map(hex));
    expect(Array.isArray(await store.get(listKey("equipment", SITE_A)))).toBe(true);
    expect(engine.status().state).toBe("upToDate");
  });

  it("saves the first batch as text and merges the batches after it into it", async () => {
    const world = testWorld(new IDBFactory());
    seedSites(world);
    const { engine, store } = open(world, { pageSize: 2, firstPageSize: 2, mergeBatch: 4 });
    await engine.syncNow();
    expect((await engine.list("equipment")).map((r) => r.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map(hex));
    expect(storedList(await store.get(listKey("equipment", SITE_A))).map((r) => (r as SyncRecord).id)).toEqual([1, 2, 4, 5, 7, 8].map(hex));
    expect(await store.get("sync:cursor")).toBe(world.server.stored("equipment", hex(8))?.version);
  });
});

describe("a list's groups cut into parts", () => {
  it("joins groups until a part holds the size, the last part perhaps shorter, and leaves none empty", () => {
    expect(inParts(["[1]", "[2,3]", "[]", "[4]", "[5]"], 5)).toEqual(["[1,2,3]", "[4]", "[5]"]);
    expect(inParts(["[1]", "[2,3]"], 100)).toEqual(["[1,2,3]"]);
    expect(inParts(["[1,2,3,4,5,6]", "[7]"], 3)).toEqual(["[1,2,3,4,5,6]", "[7]"]);
  });
});

describe("a page's groups placed in the site index", () => {
  it("gives the page back between groups once a slice has run its time", async () => {
    // A page of 20,000 ids took 10–35 ms to place in one stretch, holding up a keystroke.
    const page = (msPerLook: number): Promise<{ pauses: number; records: number }> => {
      let clock = 0;
      const now = vi.spyOn(performance, "now").mockImplementation(() => (clock += msPerLook));
      const pause = vi.fn(async () => undefined);
      vi.stubGlobal("scheduler", { yield: pause });
      const merge = new TextMerge(0);
      const group = (site: string, from: number) => ({ kind: "equipment", locationId: site, ids: [hex(from), hex(from + 1)], records: JSON.stringify([item(from), item(from + 1)]) });
      const answer = { cursor: 3, hasMore: false, serverTime: iso(T0), globalAlerts: [], recordCount: 6, groups: [group(SITE_A, 1), group(SITE_B, 3), group(SITE_A, 5)] };
      return merge
        .add(answer as unknown as ListsAnswer)
        .then(() => ({ pauses: pause.mock.calls.length, records: merge.records }))
        .finally(() => (now.mockRestore(), vi.unstubAllGlobals()));
    };
    const slow = await page(10);
    expect(slow.records).toBe(6);
    expect(slow.pauses).toBeGreaterThan(1);
    expect(await page(0)).toEqual({ pauses: 0, records: 6 });
  });
});
