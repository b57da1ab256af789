/**
 * The local database of spec §3 "Local storage": IndexedDB "fieldtag", version 3, one
 * key-value object store with out-of-line string keys. This is the only module that touches
 * the records' IndexedDB (opened through ./idb.ts, which the image queue shares). Lists are
 * stored one array per key, so a bulk write is a few large puts rather than one row per record;
 * a first download stores each list as the JSON text the server sent ({@link storedList}), a
 * large one in parts ({@link listInParts}).
 */

import { completion, openDatabase, settled } from "./idb";
import { listPartKey } from "./keys";

export const DATABASE_NAME = "fieldtag";
export const DATABASE_VERSION = 3;
const OBJECT_STORE = "keyval";
/** Tells every tab of the product that the store was destroyed. */
export const STORE_CHANNEL = "fieldtag-store";

export const DESTROYED_MESSAGE = "database is destroyed";

export interface StoreReader {
  get<T>(key: string): Promise<T | undefined>;
  getMany<T>(keys: readonly string[]): Promise<(T | undefined)[]>;
  keys(): Promise<string[]>;
}

/** A read-write transaction: every write in it lands, or none does. */
export interface StoreTransaction extends StoreReader {
  /** Queues a write, applied when the transaction commits; `undefined` deletes the key. */
  set(key: string, value: unknown): void;
  /**
   * Queues many writes, waiting on the transaction's own writes every `sliceMs` of work: IndexedDB
   * copies each value on the page's thread as it is queued, and a few hundred large lists queued
   * at once would hold the page (a keystroke, a scroll) for most of a second. `undefined` deletes.
   */
  setAll(entries: Iterable<readonly [string, unknown]>, sliceMs?: number): Promise<void>;
}

/** How long {@link StoreTransaction.setAll} copies values before letting the page handle input. */
export const WRITE_SLICE_MS = 8;

export interface KeyValueStore extends StoreReader {
  set(key: string, value: unknown): Promise<void>;
  /** Writes every entry in one transaction. */
  setMany(entries: Iterable<readonly [string, unknown]>): Promise<void>;
  clear(): Promise<void>;
  /** The lists stored under `keys`, concatenated; a missing key counts as empty. */
  readList<T>(keys: readonly string[]): Promise<T[]>;
  /**
   * Reads and writes in one transaction, so a read-modify-write cannot interleave with
   * another tab's. Inside `work`, await only the transaction's own reads: waiting on
   * anything else lets IndexedDB commit the transaction early.
   */
  update<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R>;
  /** Marks the store destroyed (later writes reject), clears it, and reloads every open tab. */
  destroy(): Promise<void>;
  /** Closes the connection and the channel (tests, sign-out). */
  close(): void;
}

export interface StoreOptions {
  name?: string;
  indexedDB?: IDBFactory;
  /** The channel between tabs; null when there is none. */
  channel?: BroadcastChannel | null;
  reload?: () => void;
}

interface DestroyedMessage {
  type: "destroyed";
}

/**
 * The records of a stored list: an array, or the JSON text of one (a first download keeps the
 * server's text rather than parse 100,000 records it may never show; read, it is parsed).
 */
export function storedList<T>(stored: unknown): T[] {
  if (stored === undefined || stored === null) return [];
  return (typeof stored === "string" ? JSON.parse(stored) : stored) as T[];
}

/**
 * What a list kept in parts stores under its own key: how many parts hold its records, in order,
 * each under {@link listPartKey}. Chromium compresses a value of 64 KB or more as it is queued, and
 * keeps the compressed copy only while it stays under 256,000 bytes: a first download's site list
 * of a megabyte is written whole, a few hundred kilobytes at a time it is written compressed.
 */
interface ListParts {
  parts: number;
}

function isListParts(stored: unknown): stored is ListParts {
  return typeof stored === "object" && stored !== null && !Array.isArray(stored) && typeof (stored as ListParts).parts === "number";
}

/** The entries that store a list as the texts of `parts` (each the JSON of an array), in order. */
export function listInParts(key: string, parts: readonly string[]): [string, unknown][] {
  if (parts.length <= 1) return [[key, parts[0] ?? "[]"]];
  return [[key, { parts: parts.length } satisfies ListParts], ...parts.map((text, i): [string, unknown] => [listPartKey(key, i), text])];
}

/** A stored list's records, and the keys of the parts that hold them (none when stored whole). */
export interface StoredList<T> {
  records: T[];
  partKeys: string[];
}

/**
 * The lists under `keys`, whether stored whole or in parts. Read through a transaction, the parts
 * are read in it; through the store, in a read of their own, so a list rewritten in between reads
 * short (the change number, which every such write raises, tells a merge to read again).
 */
export async function readLists<T>(reader: StoreReader, keys: readonly string[]): Promise<StoredList<T>[]> {
  const stored = await reader.getMany<unknown>(keys);
  const partKeys = stored.map((value, i) => (isListParts(value) ? Array.from({ length: value.parts }, (_, n) => listPartKey(keys[i] as string, n)) : []));
  const wanted = partKeys.flat();
  const parts = wanted.length > 0 ? await reader.getMany<unknown>(wanted) : [];
  let next = 0;
  return stored.map((value, i) => {
    const keysOfParts = partKeys[i] as string[];
    if (keysOfParts.length === 0) return { records: storedList<T>(value), partKeys: keysOfParts };
    const records: T[] = [];
    // A loop, not push(...part): spreading a large array overflows the stack.
    for (const _ of keysOfParts) for (const record of storedList<T>(parts[next++])) records.push(record);
    return { records, partKeys: keysOfParts };
  });
}

function open(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return openDatabase(factory, name, DATABASE_VERSION, (db) => {
    if (!db.objectStoreNames.contains(OBJECT_STORE)) db.createObjectStore(OBJECT_STORE);
  });
}

function defaultChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(STORE_CHANNEL);
}

export function openStore({
  name = DATABASE_NAME,
  indexedDB: factory = globalThis.indexedDB,
  channel = defaultChannel(),
  reload = () => globalThis.location.reload(),
}: StoreOptions = {}): KeyValueStore {
  let connection: Promise<IDBDatabase> | null = null;
  let destroyed = false;

  function database(): Promise<IDBDatabase> {
    connection ??= open(factory, name).then(
      (db) => {
        // Another tab upgrading or deleting the database must not wait on us; reopen on next use.
        db.onversionchange = () => {
          db.close();
          connection = null;
        };
        return db;
      },
      (error: unknown) => {
        connection = null; // Try again on next use rather than fail forever.
        throw error;
      },
    );
    return connection;
  }

  async function transact<R>(mode: IDBTransactionMode, work: (tx: StoreTransaction) => Promise<R>): Promise<R> {
    const tx = (await database()).transaction(OBJECT_STORE, mode);
    const objects = tx.objectStore(OBJECT_STORE);
    const committed = completion(tx);
    const write = (key: string, value: unknown): IDBRequest => (value === undefined ? objects.delete(key) : objects.put(value, key));
    const view: StoreTransaction = {
      get: <T>(key: string) => settled(objects.get(key)) as Promise<T | undefined>,
      getMany: <T>(keys: readonly string[]) => Promise.all(keys.map((key) => settled(objects.get(key)))) as Promise<(T | undefined)[]>,
      keys: async () => (await settled(objects.getAllKeys())).map(String),
      set(key, value) {
        write(key, value);
      },
      async setAll(entries, sliceMs = WRITE_SLICE_MS) {
        let sliceStart = performance.now();
        for (const [key, value] of entries) {
          const request = write(key, value);
          // Awaiting its own request keeps the transaction open; the page runs other tasks meanwhile.
          if (performance.now() - sliceStart >= sliceMs) {
            await settled(request);
            sliceStart = performance.now();
          }
        }
      },
    };
    try {
      const result = await work(view);
      await committed;
      return result;
    } catch (error) {
      committed.catch(() => undefined);
      try {
        tx.abort();
      } catch {
        // Already finished or aborted: nothing left to undo.
      }
      throw error;
    }
  }

  async function write<R>(work: (tx: StoreTransaction) => Promise<R>): Promise<R> {
    if (destroyed) throw new Error(DESTROYED_MESSAGE);
    return transact("readwrite", work);
  }

  /** Allowed after destroy: emptying a destroyed store is what destroy does. */
  async function clear(): Promise<void> {
    const tx = (await database()).transaction(OBJECT_STORE, "readwrite");
    tx.objectStore(OBJECT_STORE).clear();
    await completion(tx);
  }

  function onMessage(event: MessageEvent<DestroyedMessage>) {
    if (event.data?.type !== "destroyed") return;
    destroyed = true;
    reload();
  }
  channel?.addEventListener("message", onMessage);

  return {
    get: (key) => transact("readonly", (tx) => tx.get(key)),
    getMany: (keys) => transact("readonly", (tx) => tx.getMany(keys)),
    keys: () => transact("readonly", (tx) => tx.keys()),
    set: (key, value) => write(async (tx) => tx.set(key, value)),
    setMany: (entries) =>
      write(async (tx) => {
        for (const [key, value] of entries) tx.set(key, value);
      }),
    update: write,
    clear,
    async readList<T>(keys: readonly string[]) {
      const lists = await transact("readonly", (tx) => readLists<T>(tx, keys));
      if (lists.length === 1) return (lists[0] as StoredList<T>).records;
      const all: T[] = [];
      // A loop, not push(...list): spreading a 100,000-item array overflows the stack.
      for (const { records } of lists) for (const item of records) all.push(item);
      return all;
    },
    async destroy() {
      destroyed = true;
      channel?.postMessage({ type: "destroyed" } satisfies DestroyedMessage);
      await clear();
      reload();
    },
    close() {
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      void connection?.then((db) => db.close());
      connection = null;
    },
  };
}
