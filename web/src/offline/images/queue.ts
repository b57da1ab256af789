/**
 * The waiting-image queue: photos and signatures taken on this device, kept in their own
 * IndexedDB database `fieldtag-images` (not the records' store, so a photo's bytes never slow a
 * read or a write of records) until the server has confirmed them. Two object stores: `images`
 * holds what the queue is about (name, folder, when it was taken, how uploading goes), small
 * enough to read whole; `bytes` holds the image and its thumbnail. Once the server has an image,
 * its bytes go and its thumbnail stays, so lists still show it offline.
 */

import { completion, openDatabase, settled } from "../idb";

export type ImageFolder = "photos" | "signatures";

export const IMAGE_DATABASE = "fieldtag-images";
const DATABASE_VERSION = 1;
const IMAGES = "images";
const BYTES = "bytes";
/** Tells every tab that the queue changed. */
export const IMAGE_CHANNEL = "fieldtag-images";

export interface KeptImage {
  fileName: string;
  folder: ImageFolder;
  /** Device clock (ms) when it was kept: the upload order. */
  keptAt: number;
  /** Counts the images this page kept: the order of images kept in the same millisecond. */
  sequence?: number;
  /** waiting: to upload; failed: refused for good (the problem says why); uploaded: confirmed, only the thumbnail is left. */
  state: "waiting" | "failed" | "uploaded";
  attempts: number;
  /** Device clock (ms) before which no new try starts. */
  nextTryAt: number;
  problem?: string;
}

interface ImageBytes {
  fileName: string;
  blob?: Blob;
  thumbnail?: Blob;
}

export interface NewImage {
  fileName: string;
  folder: ImageFolder;
  blob: Blob;
  thumbnail?: Blob;
}

export interface ImageQueue {
  keep(image: NewImage, now: number): Promise<void>;
  /** The image's bytes while the device still has them. */
  read(fileName: string): Promise<{ blob: Blob; thumbnail?: Blob } | undefined>;
  /** The thumbnail (or the image itself when it has none), kept after the upload too. */
  thumbnail(fileName: string): Promise<Blob | undefined>;
  entry(fileName: string): Promise<KeptImage | undefined>;
  /** Every entry, oldest first. */
  entries(): Promise<KeptImage[]>;
  /** How many are not confirmed by the server (waiting or refused). */
  waitingCount(): Promise<number>;
  /** Records how a try went; `uploaded` drops the image's bytes and keeps the thumbnail. */
  settle(fileName: string, patch: Pick<KeptImage, "state" | "attempts" | "nextTryAt" | "problem">): Promise<void>;
  /** Calls `listener` when the queue changes, here or in another tab. */
  subscribe(listener: () => void): () => void;
  /** Deletes every image (sign-out). */
  clear(): Promise<void>;
  close(): void;
}

export interface ImageQueueOptions {
  indexedDB?: IDBFactory;
  name?: string;
  /** Between tabs; null when there is none. */
  channel?: BroadcastChannel | null;
}

function open(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return openDatabase(factory, name, DATABASE_VERSION, (db) => {
    if (!db.objectStoreNames.contains(IMAGES)) db.createObjectStore(IMAGES, { keyPath: "fileName" });
    if (!db.objectStoreNames.contains(BYTES)) db.createObjectStore(BYTES, { keyPath: "fileName" });
  });
}

function defaultChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(IMAGE_CHANNEL);
}

export function openImageQueue({ indexedDB: factory = globalThis.indexedDB, name = IMAGE_DATABASE, channel = defaultChannel() }: ImageQueueOptions = {}): ImageQueue {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => (database ??= open(factory, name));
  // Images kept in one millisecond come from one page picking several at once; a later page keeps later.
  let keptHere = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const heard = () => notify();
  channel?.addEventListener("message", heard);
  const changed = () => {
    notify();
    channel?.postMessage({ type: "changed" });
  };

  async function write(work: (images: IDBObjectStore, bytes: IDBObjectStore) => void): Promise<void> {
    const tx = (await db()).transaction([IMAGES, BYTES], "readwrite");
    const done = completion(tx);
    work(tx.objectStore(IMAGES), tx.objectStore(BYTES));
    await done;
    changed();
  }

  async function get<T>(store: string, key: string): Promise<T | undefined> {
    const tx = (await db()).transaction(store, "readonly");
    return (await settled(tx.objectStore(store).get(key))) as T | undefined;
  }

  async function entries(): Promise<KeptImage[]> {
    const tx = (await db()).transaction(IMAGES, "readonly");
    const all = (await settled(tx.objectStore(IMAGES).getAll())) as KeptImage[];
    return all.sort((a, b) => a.keptAt - b.keptAt || (a.sequence ?? 0) - (b.sequence ?? 0) || a.fileName.localeCompare(b.fileName));
  }

  return {
    keep: ({ fileName, folder, blob, thumbnail }, now) =>
      write((images, bytes) => {
        images.put({ fileName, folder, keptAt: now, sequence: ++keptHere, state: "waiting", attempts: 0, nextTryAt: 0 } satisfies KeptImage);
        bytes.put({ fileName, blob, thumbnail } satisfies ImageBytes);
      }),

    async read(fileName) {
      const kept = await get<ImageBytes>(BYTES, fileName);
      return kept?.blob ? { blob: kept.blob, thumbnail: kept.thumbnail } : undefined;
    },

    async thumbnail(fileName) {
      const kept = await get<ImageBytes>(BYTES, fileName);
      return kept?.thumbnail ?? kept?.blob;
    },

    entry: (fileName) => get<KeptImage>(IMAGES, fileName),
    entries,
    waitingCount: async () => (await entries()).filter((entry) => entry.state !== "uploaded").length,

    async settle(fileName, patch) {
      const [entry, kept] = await Promise.all([get<KeptImage>(IMAGES, fileName), get<ImageBytes>(BYTES, fileName)]);
      if (!entry) return;
      await write((images, bytes) => {
        images.put({ ...entry, ...patch });
        if (patch.state !== "uploaded" || !kept) return;
        if (kept.thumbnail) bytes.put({ fileName, thumbnail: kept.thumbnail } satisfies ImageBytes);
        else bytes.delete(fileName);
      });
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    clear: () =>
      write((images, bytes) => {
        images.clear();
        bytes.clear();
      }),

    close() {
      channel?.removeEventListener("message", heard);
      channel?.close();
      void database?.then((opened) => opened.close());
    },
  };
}
