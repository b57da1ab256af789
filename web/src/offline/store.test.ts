import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DATABASE_NAME, DATABASE_VERSION, DESTROYED_MESSAGE, type KeyValueStore, type StoreOptions, listInParts, openStore, readLists } from "./store";

const opened: KeyValueStore[] = [];
let channels = 0;

/** A store on its own fake IndexedDB (or a shared one, for two tabs) with its own channel name. */
function storeFor(options: StoreOptions & { channelName?: string } = {}): KeyValueStore {
  const { channelName = `store-test-${++channels}`, ...rest } = options;
  const store = openStore({ indexedDB: new IDBFactory(), channel: new BroadcastChannel(channelName), reload: () => {}, ...rest });
  opened.push(store);
  return store;
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

describe("store", () => {
  it("opens the product's database at version 3 with one object store", async () => {
    const factory = new IDBFactory();
    await storeFor({ indexedDB: factory }).set("a", 1);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open(DATABASE_NAME);
      request.onsuccess = () => resolve(request.result);
    });
    expect(db.version).toBe(DATABASE_VERSION);
    expect(db.objectStoreNames.length).toBe(1);
    db.close();
  });

  it("gets what was set, and undefined for a missing key", async () => {
    const store = storeFor();
    await store.set("serviceTypes", [{ id: "s1" }]);
    expect(await store.get("serviceTypes")).toEqual([{ id: "s1" }]);
    expect(await store.get("missing")).toBeUndefined();
  });

  it("gets and sets many at once, and lists the keys", async () => {
    const store = storeFor();
    await store.setMany([
      ["a", 1],
      ["b", { two: 2 }],
    ]);
    expect(await store.getMany(["b", "missing", "a"])).toEqual([{ two: 2 }, undefined, 1]);
    expect((await store.keys()).sort()).toEqual(["a", "b"]);
  });

  it("clears everything", async () => {
    const store = storeFor();
    await store.setMany([
      ["a", 1],
      ["b", 2],
    ]);
    await store.clear();
    expect(await store.keys()).toEqual([]);
  });

  it("reads a list of keys as the concatenation of their arrays, a missing key as empty", async () => {
    const store = storeFor();
    await store.setMany([
      ["equipment:A", [{ id: "1" }, { id: "2" }]],
      ["equipment:B", [{ id: "3" }]],
    ]);
    expect(await store.readList(["equipment:A", "equipment:none", "equipment:B"])).toEqual([{ id: "1" }, { id: "2" }, { id: "3" }]);
    expect(await store.readList([])).toEqual([]);
  });

  it("reads a list stored in parts as its parts' records in order, beside lists stored whole", async () => {
    const store = storeFor();
    await store.setMany([
      ...listInParts("equipment:A", ['[{"id":"1"},{"id":"2"}]', "[]", '[{"id":"3"}]']),
      ...listInParts("equipment:B", ['[{"id":"4"}]']),
      ["equipment:C", [{ id: "5" }]],
    ]);
    expect(await store.get("equipment:B")).toBe('[{"id":"4"}]');
    expect(listInParts("equipment:D", [])).toEqual([["equipment:D", "[]"]]);
    expect((await store.keys()).filter((key) => key.startsWith("equipment:")).sort()).toEqual(["equipment:A", "equipment:B", "equipment:C"]);
    expect(await store.readList(["equipment:C", "equipment:A", "equipment:B"])).toEqual([{ id: "5" }, { id: "1" }, { id: "2" }, { id: "3" }, { id: "4" }]);
    const [parted, whole] = await store.update((tx) => readLists(tx, ["equipment:A", "equipment:C"]));
    expect(parted?.records.map((r) => (r as { id: string }).id)).toEqual(["1", "2", "3"]);
    expect(parted?.partKeys).toHaveLength(3);
    expect(whole?.partKeys).toEqual([]);
  });

  it("deletes a key written as undefined", async () => {
    const store = storeFor();
    await store.setMany([
      ["a", 1],
      ["b", 2],
    ]);
    await store.update(async (tx) => {
      tx.set("a", undefined);
      await tx.setAll([["b", undefined]]);
    });
    expect(await store.keys()).toEqual([]);
  });

  it("writes all of a bulk set or none of it", async () => {
    const store = storeFor();
    await store.set("cursor", 1);
    // A function cannot be stored: the second put fails and takes the first with it.
    await expect(
      store.setMany([
        ["cursor", 2],
        ["equipment:A", [{ id: "1", bad: () => 0 }]],
      ]),
    ).rejects.toThrow();
    expect(await store.get("cursor")).toBe(1);
    expect(await store.get("equipment:A")).toBeUndefined();
  });

  it("reads and writes in one transaction", async () => {
    const store = storeFor();
    await store.set("count", 1);
    const seen = await store.update(async (tx) => {
      const count = (await tx.get<number>("count")) ?? 0;
      const [again] = await tx.getMany<number>(["count"]);
      tx.set("count", count + (again ?? 0));
      return count;
    });
    expect(seen).toBe(1);
    expect(await store.get("count")).toBe(2);
  });

  it("undoes an update whose work throws", async () => {
    const store = storeFor();
    await store.set("count", 1);
    await expect(
      store.update(async (tx) => {
        tx.set("count", 5);
        await tx.get("count");
        throw new Error("halfway");
      }),
    ).rejects.toThrow("halfway");
    expect(await store.get("count")).toBe(1);
  });

  it("writes many entries in one transaction a slice at a time, all of them or none", async () => {
    const store = storeFor();
    const entries = Array.from({ length: 50 }, (_, i) => [`k${i}`, Array.from({ length: 200 }, (_, j) => ({ i, j }))] as const);
    await store.update(async (tx) => {
      // A slice of no time: the transaction waits on its own writes between every entry.
      await tx.setAll(entries, 0);
      tx.set("after", true);
    });
    expect(await store.getMany(["k0", "k49", "after"])).toEqual([entries[0]?.[1], entries[49]?.[1], true]);

    await expect(
      store.update(async (tx) => {
        await tx.setAll([["k0", "changed"], ["k1", () => 0]], 0);
      }),
    ).rejects.toThrow();
    expect(await store.get("k0")).toEqual(entries[0]?.[1]);
  });

  it("refuses writes after destroy, and is empty", async () => {
    const reload = vi.fn();
    const store = storeFor({ reload });
    await store.set("equipment:A", [{ id: "1" }]);
    await store.destroy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await store.keys()).toEqual([]);
    await expect(store.set("a", 1)).rejects.toThrow(DESTROYED_MESSAGE);
    await expect(store.setMany([["a", 1]])).rejects.toThrow(DESTROYED_MESSAGE);
    await expect(store.update(async (tx) => tx.set("a", 1))).rejects.toThrow(DESTROYED_MESSAGE);
  });

  it("tells every other open tab to reload on destroy, and refuses their writes", async () => {
    const factory = new IDBFactory();
    const reloadOther = vi.fn();
    const mine = storeFor({ indexedDB: factory, channelName: "two-tabs" });
    const other = storeFor({ indexedDB: factory, channelName: "two-tabs", reload: reloadOther });
    await other.set("a", 1);
    await mine.destroy();
    await vi.waitFor(() => expect(reloadOther).toHaveBeenCalledTimes(1));
    expect(await other.get("a")).toBeUndefined();
    await expect(other.set("a", 2)).rejects.toThrow(DESTROYED_MESSAGE);
  });
});
