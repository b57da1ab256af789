/**
 * The local database of spec §3 "Local storage": IndexedDB "fieldtag", version 3, one
 * key-value object store with out-of-line string keys. This is the only module that touches
 * the records' IndexedDB (opened through ./idb.ts, which the image queue shares). Lists are
 * stored one array per key, so a bulk write is a few large puts rather than one row per record;
 * a first download stores each list as the JSON text the server sent ({@link storedList}).
 */

import { completion, openDatabase, settled } from "./idb";

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
  /** Queues a write, applied when the transaction commits. */
  set(key: string, value: unknown): void;
  /**
   * Queues many writes, waiting on the transaction's own writes every `sliceMs` of work: IndexedDB
   * copies each value on the page's thread as it is queued, and a few hundred large lists queued
   * at once would hold the page (a keystroke, a scroll) for most of a second.
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
    const view: StoreTransaction = {
      get: <T>(key: string) => settled(objects.get(key)) as Promise<T | undefined>,
      getMany: <T>(keys: readonly string[]) => Promise.all(keys.map((key) => settled(objects.get(key)))) as Promise<(T | undefined)[]>,
      keys: async () => (await settled(objects.getAllKeys())).map(String),
      set(key, value) {
        objects.put(value, key);
      },
      async setAll(entries, sliceMs = WRITE_SLICE_MS) {
        let sliceStart = performance.now();
        for (const [key, value] of entries) {
          const request = objects.put(value, key);
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
      const lists = await transact("readonly", (tx) => tx.getMany<unknown>(keys));
      const all: T[] = [];
      // A loop, not push(...list): spreading a 100,000-item array overflows the stack.
      for (const list of lists) for (const item of storedList<T>(list)) all.push(item);
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
