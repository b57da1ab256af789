import { describe, expect, it } from "vitest";
import type { SyncKind } from "../kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import { ListCache } from "./listCache";

const A = "site-a";
const B = "site-b";
const item = (id: string, locationId: string, extra: Partial<SyncRecord> = {}): SyncRecord =>
  ({ id, orgId: "org", locationId, name: id, lastUpdated: "2026-11-23T10:00:00.000Z", ...extra }) as SyncRecord;

/** A cache over fixed stored lists that counts its reads. */
function cacheOver(stored: Record<string, SyncRecord[]>) {
  const reads: string[] = [];
  const cache = new ListCache(async (kind, locationId) => {
    reads.push(`${kind}:${locationId ?? "*"}`);
    const all = Object.values(stored).flat();
    return (kind === "equipment" ? all.filter((r) => locationId === undefined || r.locationId === locationId) : []).filter((r) => !r.deleted);
  });
  return { cache, reads };
}

const change = (records: [SyncKind, SyncRecord][], number?: number) => ({ kinds: new Set(records.map(([kind]) => kind)), records, number });
const ids = async (read: Promise<SyncRecord[]>) => (await read).map((r) => `${r.id}${r.name === r.id ? "" : `=${r.name}`}`);

describe("the list cache", () => {
  it("reads a list once until it changes", async () => {
    const { cache, reads } = cacheOver({ [A]: [item("1", A)] });
    const first = await cache.list("equipment", A);
    expect(await cache.list("equipment", A)).toBe(first);
    expect(reads).toEqual(["equipment:site-a"]);
  });

  it("patches kept lists with an in-order change: replaced, added, deleted, moved, without reading again", async () => {
    const { cache, reads } = cacheOver({ [A]: [item("1", A), item("2", A), item("3", A)], [B]: [item("4", B)] });
    await Promise.all([cache.list("equipment", A), cache.list("equipment", B), cache.list("equipment")]);
    cache.changed(
      change(
        [
          ["equipment", item("1", A, { name: "renamed" })],
          ["equipment", item("2", A, { deleted: true })],
          ["equipment", item("3", B)],
          ["equipment", item("5", A)],
        ],
        1,
      ),
    );
    expect(await ids(cache.list("equipment", A))).toEqual(["1=renamed", "5"]);
    expect(await ids(cache.list("equipment", B))).toEqual(["4", "3"]);
    expect(await ids(cache.list("equipment"))).toEqual(["1=renamed", "3", "4", "5"]);
    expect(reads).toHaveLength(3);
  });

  it("patches a read still in flight", async () => {
    const { cache, reads } = cacheOver({ [A]: [item("1", A)] });
    const inFlight = cache.list("equipment", A);
    cache.changed(change([["equipment", item("2", A)]], 1));
    expect(await ids(inFlight)).toEqual(["1"]);
    expect(await ids(cache.list("equipment", A))).toEqual(["1", "2"]);
    expect(reads).toHaveLength(1);
  });

  it("reads again after a change that comes out of order, or without its records", async () => {
    const { cache, reads } = cacheOver({ [A]: [item("1", A)] });
    await cache.list("equipment", A);
    cache.changed(change([["equipment", item("1", A, { name: "second" })]], 2));
    // An older change, overtaken: patching it in would bring back the first edit.
    cache.changed(change([["equipment", item("1", A, { name: "first" })]], 1));
    expect(await ids(cache.list("equipment", A))).toEqual(["1"]);
    expect(reads).toHaveLength(2);

    cache.changed({ kinds: new Set<SyncKind>(["equipment"]), records: [], number: 3 });
    await cache.list("equipment", A);
    expect(reads).toHaveLength(3);
  });

  it("leaves the lists of other kinds alone", async () => {
    const { cache } = cacheOver({ [A]: [item("1", A)] });
    const kept = await cache.list("equipment", A);
    cache.changed(change([["history", item("h", A)]], 1));
    expect(await cache.list("equipment", A)).toBe(kept);
  });
});
