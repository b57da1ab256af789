/**
 * The waiting images of this device, as screens use them: keep a photo or a signature the
 * moment it is taken, read it back (offline too), count what waits. One queue per page, opened
 * on first use; every tab sees the same database.
 */
import { useEffect, useState } from "react";
import { type ImageFolder, type ImageQueue, type KeptImage, openImageQueue } from "./queue";

export type { ImageFolder, KeptImage } from "./queue";

let shared: ImageQueue | null = null;
let persistAsked = false;

/** This page's queue. */
export function imageQueue(): ImageQueue {
  return (shared ??= openImageQueue());
}

/** Uses `queue` from now on (tests: a fresh fake database each). */
export function replaceImageQueue(queue: ImageQueue | null): void {
  shared?.close();
  shared = queue;
  persistAsked = false;
}

/** Stores the image on the device, queued for upload. The first one asks the browser to keep the site's storage. */
export async function keepImage(image: { fileName: string; folder: ImageFolder; blob: Blob; thumbnail?: Blob }): Promise<void> {
  await imageQueue().keep(image, Date.now());
  if (!persistAsked) {
    persistAsked = true;
    // Without it the browser may evict the site's data under pressure, waiting photos included.
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
  }
}

export function readLocalImage(fileName: string): Promise<{ blob: Blob; thumbnail?: Blob } | undefined> {
  return imageQueue().read(fileName);
}

/** The small copy for lists: kept after the upload too. */
export function readLocalThumbnail(fileName: string): Promise<Blob | undefined> {
  return imageQueue().thumbnail(fileName);
}

/** Re-reads `read` whenever the queue changes, here or in another tab. */
function useQueueRead<T>(read: (queue: ImageQueue) => Promise<T>, initial: T, key: string): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const queue = imageQueue();
    let live = true;
    let latest = 0;
    const reread = () => {
      const ticket = ++latest;
      read(queue).then(
        (next) => live && ticket === latest && setValue(next),
        () => undefined,
      );
    };
    reread();
    const stop = queue.subscribe(reread);
    return () => {
      live = false;
      stop();
    };
    // `read` is keyed by `key`: a new function each render must not re-subscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value;
}

/** How many images on this device the server has not confirmed, from every tab. */
export function useWaitingImageCount(): number {
  return useQueueRead((queue) => queue.waitingCount(), 0, "count");
}

/** The queue's word on one image: undefined when this device never kept it. */
export function useKeptImage(fileName: string): KeptImage | undefined {
  return useQueueRead((queue) => queue.entry(fileName), undefined, fileName);
}

const OWNER_KEY = "fieldtag-images:orgId";

/**
 * The queue belongs to one organisation at a time, as the records' store does (app/ownStore.ts):
 * when someone of another organisation signs in on this device, the previous one's images are
 * deleted before the uploader could send them under the new session.
 */
export async function claimImages(orgId: string): Promise<void> {
  const owner = globalThis.localStorage?.getItem(OWNER_KEY);
  if (owner && owner !== orgId) await imageQueue().clear();
  globalThis.localStorage?.setItem(OWNER_KEY, orgId);
}

/** Deletes every kept image (sign-out). */
export function forgetLocalImages(): Promise<void> {
  return imageQueue().clear();
}
