import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_NUMBER_KEY, listKey, whereKey } from "../keys";
import type { SyncKind } from "../kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import { type StoreReader, listInParts } from "../store";
import { RecordLists, refOf } from "./lists";
import { Pacing } from "./pacing";

const SITES = ["a1", "b2"];
/** Ids spread over many index shards, as the server's are (32 hex characters). */
const id = (n: number) => ((n * 2_654_435_761) % 2 ** 32).toString(16).padStart(8, "0").repeat(4);

/** The values of a store holding `stored` records, each under its site's list and its index shard. */
function valuesOf(stored: readonly (readonly [SyncKind, SyncRecord])[], changeNumber = 7): Map<string, unknown> {
  const values = new Map<string, unknown>([[CHANGE_NUMBER_KEY, changeNumber]]);
  for (const [kind, record] of stored) {
    const key = listKey(kind, record.locationId);
    values.set(key, [...((values.get(key) as SyncRecord[] | undefined) ?? []), record]);
    const shard = whereKey(kind, record.id);
    values.set(shard, { ...(values.get(shard) as object | undefined), [record.id]: record.locationId });
  }
  return values;
}

function readerOf(values: Map<string, unknown>): StoreReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: async <T>(key: string) => (asked.push(key), values.get(key) as T | undefined),
    getMany: async <T>(keys: readonly string[]) => (asked.push(...keys), keys.map((key) => values.get(key) as T | undefined)),
    keys: async () => [...values.keys()],
  };
}

describe("RecordLists", () => {
  afterEach(() => vi.restoreAllMocks());

  it("works out what two pages need a slice at a time when paced, each shard read once, and finds what is stored", async () => {
    const kindOf = (n: number): SyncKind => (n % 2 ? "deficiencies" : "equipment");
    const stored = Array.from({ length: 1_000 }, (_, n) => [kindOf(n), { id: id(n), locationId: SITES[n % 2], version: 1 } as SyncRecord] as const);
    // Records that come down again moved to the other site, and as many new ones, over two pages.
    const incoming = Array.from({ length: 1_000 }, (_, n) => [kindOf(n), { id: id(n + 500), locationId: SITES[(n + 1) % 2] } as SyncRecord] as const);
    const pages = [incoming.slice(0, 500), incoming.slice(500)];

    let clock = 0;
    // Every reading of the clock is 10 ms later: each 256 refs take more than a slice.
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 10));
    const wait = vi.fn(async () => undefined);
    const reader = readerOf(valuesOf(stored));
    const lists = new RecordLists(reader);
    for (const page of pages) {
      await lists.load(
        page.map(([kind, record]) => refOf(kind, record)),
        new Pacing(wait),
      );
      for (const [kind, record] of page) lists.place(kind, record);
    }
    // Both loops over each page's 500 refs pause, once each per 256 refs.
    expect(wait).toHaveBeenCalledTimes(4);
    const shardsRead = reader.asked.filter((key) => key.startsWith("sync:where:"));
    expect(shardsRead.length).toBeGreaterThan(100);
    expect(new Set(shardsRead).size).toBe(shardsRead.length);
    expect(shardsRead.sort()).toEqual([...new Set(incoming.map(([kind, record]) => whereKey(kind, record.id)))].sort());

    const moved = incoming[0]?.[1] as SyncRecord;
    expect(lists.find("equipment", moved.id)).toBe(moved);
    expect(lists.find("equipment", id(0))).toEqual(stored[0]?.[1]);
    const entries = new Map(lists.entries());
    // The moved record left its old site's list for the other's.
    expect((entries.get(listKey("equipment", SITES[0])) as SyncRecord[]).some((r) => r.id === moved.id)).toBe(false);
    expect((entries.get(listKey("equipment", SITES[1])) as SyncRecord[]).some((r) => r.id === moved.id)).toBe(true);
    expect((entries.get(whereKey("equipment", moved.id)) as Record<string, string>)[moved.id]).toBe(SITES[1]);
  });

  it("reads the change number in the same read as the index shards", async () => {
    const values = valuesOf([["equipment", { id: id(1), locationId: SITES[0] } as SyncRecord]], 7);
    const reader = readerOf(values);
    // Reads outside a transaction are transactions of their own, and another tab's save may land
    // between two of them: here, right after the first read answers, raising the number to 8.
    const { get, getMany } = reader;
    reader.getMany = async <T>(keys: readonly string[]) => {
      const answer = await getMany<T>(keys);
      values.set(CHANGE_NUMBER_KEY, 8);
      return answer;
    };
    reader.get = async <T>(key: string) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return get<T>(key);
    };
    const lists = new RecordLists(reader);
    await lists.load([refOf("equipment", { id: id(1), locationId: SITES[1] })]);
    expect(lists.firstChangeNumber).toBe(7);
  });

  it("writes a list it read in parts whole, its parts deleted, and leaves a list it did not change", async () => {
    const record = (n: number, site: string) => ({ id: id(n), locationId: site, version: 1 }) as SyncRecord;
    const values = valuesOf([]);
    for (const [key, entry] of [
      ...listInParts(listKey("equipment", SITES[0]), [JSON.stringify([record(1, "a1")]), JSON.stringify([record(2, "a1")])]),
      ...listInParts(listKey("equipment", SITES[1]), [JSON.stringify([record(3, "b2")]), JSON.stringify([record(4, "b2")])]),
    ])
      values.set(key, entry);
    for (const n of [1, 2]) values.set(whereKey("equipment", id(n)), { ...(values.get(whereKey("equipment", id(n))) as object), [id(n)]: "a1" });
    for (const n of [3, 4]) values.set(whereKey("equipment", id(n)), { ...(values.get(whereKey("equipment", id(n))) as object), [id(n)]: "b2" });
    const partsOf = (site: string) => [...values.keys()].filter((key) => key.startsWith(`part:${listKey("equipment", site)}:`));
    expect(partsOf("a1")).toHaveLength(2);

    const lists = new RecordLists(readerOf(values));
    const changed = { ...record(2, "a1"), name: "Changed", version: 2 } as SyncRecord;
    await lists.load([refOf("equipment", changed), refOf("equipment", record(4, "b2"))]);
    expect(lists.find("equipment", id(4))).toEqual(record(4, "b2"));
    lists.place("equipment", changed);
    const entries = new Map(lists.entries());
    expect(entries.get(listKey("equipment", "a1"))).toEqual([record(1, "a1"), changed]);
    for (const part of partsOf("a1")) {
      expect(entries.has(part)).toBe(true);
      expect(entries.get(part)).toBeUndefined();
    }
    expect([...entries.keys()].filter((key) => key.includes("b2"))).toEqual([]);
  });

  it("refuses to pause inside a transaction", async () => {
    const tx = { ...readerOf(valuesOf([])), set: vi.fn(), setAll: vi.fn() };
    await expect(new RecordLists(tx).load([refOf("equipment", { id: id(1), locationId: SITES[0] })], new Pacing())).rejects.toThrow(/transaction/);
  });
});
