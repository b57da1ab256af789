/**
 * The record lists one store transaction reads and changes. Saving a local change, merging a
 * download and settling an upload all place records through this, so a record that moves to
 * another site always leaves its old site's list, and the site index stays in step.
 */
import { type SyncKind, isLocationScoped } from "../kinds";
import { CHANGE_NUMBER_KEY, listKey, whereKey } from "../keys";
import type { SyncRecord } from "../../domain/syncRecord";
import { type StoreReader, type StoreTransaction, type StoredList, readLists } from "../store";
import type { Pacing } from "./pacing";

/** Which record a transaction needs; `locationId` is where it is going, when it is moving. */
export interface RecordRef {
  kind: SyncKind;
  id: string;
  locationId?: string;
}

/** The ref of a record about to be placed: its kind, id and the site it goes to. */
export function refOf(kind: SyncKind, record: { id: string; locationId?: string }): RecordRef {
  return { kind, id: record.id, locationId: record.locationId ?? "" };
}

interface LoadedList {
  records: SyncRecord[];
  /** The keys of the parts it was stored in (store.ts listInParts), deleted when it is written whole. */
  partKeys: string[];
  /** id → position, built on first lookup. */
  positions: Map<string, number> | null;
  changed: boolean;
}

/**
 * What one transaction changed: the kinds, every record it placed (so a tab can patch the
 * lists it keeps rather than read them again) and its change number, which orders the
 * transactions of every tab.
 */
export interface RecordChanges {
  kinds: ReadonlySet<SyncKind>;
  records: readonly (readonly [SyncKind, SyncRecord])[];
  number?: number;
}

/** id → the locationId its record is stored under, for one shard of one kind. */
type Where = Record<string, string>;

interface LoadedShard {
  where: Where;
  changed: boolean;
}

export class RecordLists {
  private readonly lists = new Map<string, LoadedList>();
  private readonly shards = new Map<string, LoadedShard>();
  /** The kinds with a list that {@link write} will save. */
  readonly changedKinds = new Set<SyncKind>();
  private readonly placed: [SyncKind, SyncRecord][] = [];
  private changeNumber: number | undefined;
  /** The loaded index shards by kind and by the two characters of the id that name them (see whereKey). */
  private readonly shardsByPrefix = new Map<SyncKind, Map<number, LoadedShard>>();
  /** listKey's answers, kept: a download asks them hundreds of thousands of times. */
  private readonly listKeys = new Map<SyncKind, Map<string | undefined, string>>();
  /** The change number as first read: a transaction of any tab that changes records raises it. */
  private readNumber: number | undefined;

  /** Reads through `tx`; one that is not a transaction (a download's pages placed ahead of their save) cannot {@link write}. */
  constructor(private readonly tx: StoreTransaction | StoreReader) {}

  /**
   * Reads what finding or placing these records needs: their index shards, then their lists;
   * with `pacing`, works out the keys in slices (outside a transaction only).
   */
  async load(refs: Iterable<RecordRef>, pacing?: Pacing): Promise<void> {
    if (pacing && "set" in this.tx) throw new Error("a transaction's reads cannot pause: waiting would commit it");
    const wanted = [...refs];
    // The index shards to read, each asked once: a download's thousands of refs share a few hundred.
    const asked = new Map<SyncKind, Map<number, string>>();
    for (let i = 0; i < wanted.length; i++) {
      const ref = wanted[i] as RecordRef;
      if (isLocationScoped(ref.kind)) {
        const prefix = prefixOf(ref.id);
        let byPrefix = asked.get(ref.kind);
        if (!byPrefix) asked.set(ref.kind, (byPrefix = new Map()));
        if (!byPrefix.has(prefix) && !this.shardsByPrefix.get(ref.kind)?.has(prefix)) byPrefix.set(prefix, whereKey(ref.kind, ref.id));
      }
      if (pacing?.due(i)) await pacing.pause();
    }
    // Each key once, and none loaded: one per prefix, of the prefixes not registered yet.
    const shardKeys = [...asked.values()].flatMap((byPrefix) => [...byPrefix.values()]);
    // The change number in the same read as the shards: read apart (outside a transaction, each
    // read is its own), another tab's save could land between, and the save would not see it.
    const numberToo = this.changeNumber === undefined;
    const read = await this.tx.getMany<unknown>(numberToo ? [...shardKeys, CHANGE_NUMBER_KEY] : shardKeys);
    if (numberToo) this.changeNumber = (read[shardKeys.length] as number | undefined) ?? 0;
    this.readNumber ??= this.changeNumber;
    shardKeys.forEach((key, i) => this.shards.set(key, { where: (read[i] as Where | undefined) ?? {}, changed: false }));
    for (const [kind, byPrefix] of asked) {
      let loaded = this.shardsByPrefix.get(kind);
      if (!loaded) this.shardsByPrefix.set(kind, (loaded = new Map()));
      for (const [prefix, key] of byPrefix) loaded.set(prefix, this.shards.get(key) as LoadedShard);
    }

    const listKeys = new Set<string>();
    for (let i = 0; i < wanted.length; i++) {
      const ref = wanted[i] as RecordRef;
      const current = this.keyOf(ref.kind, ref.id);
      if (current !== undefined) listKeys.add(current);
      if (!isLocationScoped(ref.kind) || ref.locationId !== undefined) listKeys.add(this.listKey(ref.kind, ref.locationId));
      if (pacing?.due(i)) await pacing.pause();
    }
    const missing = [...listKeys].filter((key) => !this.lists.has(key));
    const lists = await readLists<SyncRecord>(this.tx, missing);
    missing.forEach((key, i) => this.lists.set(key, { ...(lists[i] as StoredList<SyncRecord>), positions: null, changed: false }));
  }

  /** The stored copy of a record, tombstones included. */
  find(kind: SyncKind, id: string): SyncRecord | undefined {
    const key = this.keyOf(kind, id);
    if (key === undefined) return undefined;
    const list = this.loaded(key);
    const at = positions(list).get(id);
    return at === undefined ? undefined : list.records[at];
  }

  /** Stores `record` in its list, replacing the copy with its id, wherever that was. */
  place(kind: SyncKind, record: SyncRecord): void {
    const target = this.listKey(kind, record.locationId);
    const current = this.keyOf(kind, record.id);
    if (current !== undefined && current !== target) this.removeFrom(current, record.id);

    const list = this.loaded(target);
    const at = positions(list).get(record.id);
    if (at === undefined) {
      positions(list).set(record.id, list.records.length);
      list.records.push(record);
    } else {
      list.records[at] = record;
    }
    list.changed = true;
    this.changedKinds.add(kind);
    this.placed.push([kind, record]);

    if (isLocationScoped(kind)) {
      const shard = this.shard(kind, record.id);
      const locationId = record.locationId ?? "";
      if (shard.where[record.id] !== locationId) {
        shard.where[record.id] = locationId;
        shard.changed = true;
      }
    }
  }

  /** Queues the changed lists and index shards, and the next change number, in the transaction. */
  write(): void {
    const tx = this.tx;
    if (!("set" in tx)) throw new Error("these lists were read outside a transaction: save their entries() in one");
    for (const [key, value] of this.entries()) tx.set(key, value);
  }

  /**
   * What {@link write} saves: the changed lists (each whole, its parts deleted), the changed index
   * shards and the next change number. Once per transaction.
   */
  entries(): [string, unknown][] {
    const entries: [string, unknown][] = [];
    for (const [key, list] of this.lists) {
      if (!list.changed) continue;
      entries.push([key, list.records]);
      for (const part of list.partKeys) entries.push([part, undefined]);
    }
    for (const [key, shard] of this.shards) if (shard.changed) entries.push([key, shard.where]);
    if (this.placed.length > 0) entries.push([CHANGE_NUMBER_KEY, (this.changeNumber = (this.changeNumber ?? 0) + 1)]);
    return entries;
  }

  /** The change number when these lists were first read; undefined before. */
  get firstChangeNumber(): number | undefined {
    return this.readNumber;
  }

  /** What {@link write} saved. */
  changes(): RecordChanges {
    return { kinds: this.changedKinds, records: this.placed, number: this.placed.length > 0 ? this.changeNumber : undefined };
  }

  /** Where a record is stored now: its site's list per the index, or its kind's one list. */
  private keyOf(kind: SyncKind, id: string): string | undefined {
    if (!isLocationScoped(kind)) return this.listKey(kind);
    const locationId = this.shard(kind, id).where[id];
    return locationId === undefined ? undefined : this.listKey(kind, locationId);
  }

  private listKey(kind: SyncKind, locationId?: string): string {
    let keys = this.listKeys.get(kind);
    if (!keys) this.listKeys.set(kind, (keys = new Map()));
    let key = keys.get(locationId);
    if (key === undefined) keys.set(locationId, (key = listKey(kind, locationId)));
    return key;
  }

  private removeFrom(key: string, id: string): void {
    const list = this.loaded(key);
    const at = positions(list).get(id);
    if (at === undefined) return;
    list.records.splice(at, 1);
    list.positions = null;
    list.changed = true;
  }

  private loaded(key: string): LoadedList {
    const list = this.lists.get(key);
    if (!list) throw new Error(`list ${key} was not loaded in this transaction`);
    return list;
  }

  private shard(kind: SyncKind, id: string): LoadedShard {
    const shard = this.shardsByPrefix.get(kind)?.get(prefixOf(id));
    if (!shard) throw new Error(`the site index of ${kind} ${id} was not loaded in this transaction`);
    return shard;
  }
}

function positions(list: LoadedList): Map<string, number> {
  list.positions ??= new Map(list.records.map((record, i) => [record.id, i]));
  return list.positions;
}

/** The two characters of an id that name its index shard (whereKey), as a number: no string is made. */
export function prefixOf(id: string): number {
  return id.charCodeAt(0) * 65_536 + id.charCodeAt(1);
}
