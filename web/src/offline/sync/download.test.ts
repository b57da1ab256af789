import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CURSOR_KEY, listKey } from "../keys";
import type { SyncRecord } from "../../domain/syncRecord";
import { type DownloadAnswer, type ListsAnswer, type SyncApi, httpSyncApi, parseListsAnswer } from "./api";
import type { SyncEngine } from "./engine";
import { mergePages } from "./merge";
import { storedList } from "../store";
import { type ApiClient, ApiError } from "../../api/types";
import { type TestTab, type TestWorld, openTab, testWorld } from "../../test/fakeSync";

const ORG = "0000000000000000000000000000000a";
const SITE_A = "1111111111111111111111111111111a";
const SITE_B = "1111111111111111111111111111111b";
const T0 = Date.parse("2026-11-22T10:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const hex = (n: number) => n.toString(16).padStart(32, "0");

function item(n: number, fields: Partial<SyncRecord> = {}): SyncRecord {
  return { id: hex(n), orgId: ORG, locationId: SITE_A, name: `Item ${n}`, lastUpdated: iso(T0 - 60_000), ...fields };
}

function page(fields: Partial<DownloadAnswer>): DownloadAnswer {
  return { cursor: 1, hasMore: false, serverTime: iso(T0), ...fields };
}

const tabs: TestTab[] = [];
function open(world: TestWorld, options?: Parameters<typeof openTab>[1]): TestTab {
  const tab = openTab(world, options);
  tabs.push(tab);
  return tab;
}

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

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

describe("a first download as lists", () => {
  /** Every value in the store, lists read as records. */
  async function contents(store: TestTab["store"]): Promise<Record<string, unknown>> {
    const keys = (await store.keys()).filter((key) => key !== "sync:info");
    const values = await store.getMany<unknown>(keys);
    return Object.fromEntries(keys.map((key, i) => [key, key.startsWith("sync:") ? values[i] : storedList(values[i])]));
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

describe("reading a lists answer", () => {
  const head = (recordCount: number) => JSON.stringify({ recordCount, cursor: 2, serverEpoch: "e", hasMore: false, serverTime: iso(T0), globalAlerts: [] });
  const header = JSON.stringify({ kind: "equipment", locationId: SITE_A, ids: [hex(1)] });
  const records = JSON.stringify([item(1, { version: 2, name: "Extincteur à poudre" })]);
  const answer = `${head(1)}\n${header}\n${records}\n`;

  /** The HTTP sync API over a client whose answer's body comes in `chunks` of bytes, then `ends`. */
  function apiAnswering(chunks: Uint8Array[], { ends = "done", type = "application/x-ndjson" }: { ends?: "done" | "fails"; type?: string } = {}) {
    const left = [...chunks];
    // A chunk per read, as a network gives them; the end after the last.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = left.shift();
        if (chunk) controller.enqueue(chunk);
        else if (ends === "done") controller.close();
        else controller.error(new TypeError("network error"));
      },
    });
    const client = { request: async () => new Response(body, { headers: { "Content-Type": type } }) } as unknown as ApiClient;
    return httpSyncApi(client, ORG);
  }

  it("keeps each group's records as text", () => {
    expect(parseListsAnswer(answer)).toMatchObject({ cursor: 2, hasMore: false, groups: [{ kind: "equipment", locationId: SITE_A, ids: [hex(1)], records }] });
  });

  it.each([
    ["cut between a group's lines", `${head(1)}\n${header}\n`],
    ["cut between two groups", `${head(2)}\n${header}\n${records}\n`],
    ["cut inside a list, right after a bracket", `${head(1)}\n${header}\n${records.slice(0, records.indexOf("]") + 1)}`],
    ["with records that are not a list", `${head(1)}\n${header}\n{"id":"x"}\n`],
    ["cut inside a line", `${head(1)}\n${header.slice(0, 20)}`],
  ])("refuses an answer %s", (_, text) => {
    expect(() => parseListsAnswer(text)).toThrow();
  });

  it("tells the head as soon as it has come, from bytes split anywhere, a letter's too", async () => {
    const bytes = new TextEncoder().encode(answer);
    const accent = bytes.indexOf(0xc3);
    // The head's line split in two, and the two bytes of "à" in two chunks.
    const cuts = [10, accent + 1];
    const chunks = [bytes.slice(0, cuts[0]), bytes.slice(cuts[0], cuts[1]), bytes.slice(cuts[1])];
    const heads: unknown[] = [];
    const got = await apiAnswering(chunks).downloadLists?.({ cursor: 0 }, (head) => heads.push(head));
    expect(heads).toEqual([JSON.parse(head(1))]);
    expect(got?.groups[0]?.records).toBe(records);
  });

  it("fails when the body fails partway, after telling the head", async () => {
    const bytes = new TextEncoder().encode(answer);
    const heads: unknown[] = [];
    const api = apiAnswering([bytes.slice(0, bytes.indexOf(10) + 5)], { ends: "fails" });
    await expect(api.downloadLists?.({ cursor: 0 }, (head) => heads.push(head))).rejects.toThrow();
    expect(heads).toHaveLength(1);
  });

  it("refuses an answer that is not a lists answer", async () => {
    const api = apiAnswering([new TextEncoder().encode('{"cursor":2}')], { type: "application/json" });
    await expect(api.downloadLists?.({ cursor: 0 })).rejects.toThrow("not a lists answer");
  });
});
