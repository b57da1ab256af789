import { afterEach, describe, expect, it, vi } from "vitest";
import { listKey, whereKey } from "../keys";
import type { SyncRecord } from "../../domain/syncRecord";
import type { StoreReader } from "../store";
import { RecordLists, refOf } from "./lists";
import { Pacing } from "./pacing";

const SITES = ["a1", "b2"];
const id = (n: number) => n.toString(16).padStart(32, "0");

/** A store holding `stored` equipment, each under its site's list and its index shard. */
function readerOf(stored: SyncRecord[]): StoreReader {
  const values = new Map<string, unknown>();
  for (const record of stored) {
    const key = listKey("equipment", record.locationId);
    values.set(key, [...((values.get(key) as SyncRecord[] | undefined) ?? []), record]);
    const shard = whereKey("equipment", record.id);
    values.set(shard, { ...(values.get(shard) as object | undefined), [record.id]: record.locationId });
  }
  return {
    get: async <T>(key: string) => values.get(key) as T | undefined,
    getMany: async <T>(keys: readonly string[]) => keys.map((key) => values.get(key) as T | undefined),
    keys: async () => [...values.keys()],
  };
}

describe("RecordLists", () => {
  afterEach(() => vi.restoreAllMocks());

  it("works out what many records need a slice at a time when paced, and finds the same", async () => {
    const stored = Array.from({ length: 1_000 }, (_, n) => ({ id: id(n), locationId: SITES[n % 2], version: 1 }) as SyncRecord);
    // Half of them come down again, moved to the other site; as many are new.
    const incoming = Array.from({ length: 1_000 }, (_, n) => ({ id: id(n + 500), locationId: SITES[(n + 1) % 2] }) as SyncRecord);
    const refs = incoming.map((record) => refOf("equipment", record));

    const unpaced = new RecordLists(readerOf(stored));
    await unpaced.load(refs);

    let clock = 0;
    // Every reading of the clock is 10 ms later: each 256 refs take more than a slice.
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 10));
    const wait = vi.fn(async () => undefined);
    const paced = new RecordLists(readerOf(stored));
    await paced.load(refs, new Pacing(wait));
    // Both loops over the 1,000 refs pause, three times each.
    expect(wait).toHaveBeenCalledTimes(6);

    for (const lists of [unpaced, paced]) {
      expect(lists.find("equipment", id(700))).toEqual(stored[700]);
      expect(lists.find("equipment", id(1_400))).toBeUndefined();
      for (const record of incoming) lists.place("equipment", record);
    }
    expect(paced.entries()).toEqual(unpaced.entries());
  });
});
