/**
 * Images kept on the device for offline use. A stored file name never names other bytes
 * (each upload gets a new name), so an image is cached by its folder and name for good: the
 * Cache API where the browser has it, memory otherwise. The read URL itself expires and is
 * never kept.
 */
import type { Folder } from "./files";

export const IMAGE_CACHE = "fieldtag-images";

const memory = new Map<string, Blob>();

/** The cache's key: a path of our own origin that no server route answers. */
function keyOf(folder: Folder, fileName: string): string {
  return `/__images/${folder}/${encodeURIComponent(fileName)}`;
}

function cacheStorage(): CacheStorage | undefined {
  return typeof caches === "undefined" ? undefined : caches;
}

export async function cachedImage(folder: Folder, fileName: string): Promise<Blob | undefined> {
  const key = keyOf(folder, fileName);
  const kept = memory.get(key);
  if (kept) return kept;
  const storage = cacheStorage();
  if (!storage) return undefined;
  try {
    const response = await (await storage.open(IMAGE_CACHE)).match(key);
    if (!response) return undefined;
    const blob = await response.blob();
    memory.set(key, blob);
    return blob;
  } catch {
    return undefined;
  }
}

export async function keepImage(folder: Folder, fileName: string, blob: Blob): Promise<void> {
  const key = keyOf(folder, fileName);
  memory.set(key, blob);
  const storage = cacheStorage();
  if (!storage) return;
  try {
    const headers = blob.type ? { "Content-Type": blob.type } : undefined;
    await (await storage.open(IMAGE_CACHE)).put(key, new Response(blob, { headers }));
  } catch {
    // A full or unavailable cache only costs a download next time.
  }
}

/** Forgets every kept image (tests; a destroyed store). */
export async function forgetImages(): Promise<void> {
  memory.clear();
  await cacheStorage()?.delete(IMAGE_CACHE).catch(() => false);
}
