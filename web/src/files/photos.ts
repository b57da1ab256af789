/**
 * Photos taken on the device: each is resized in a worker before it is kept (resizePhoto.ts),
 * named on the device (so a record can name it offline, the moment it is taken), and refused
 * before the camera opens when the device is short of storage, never after a photo is lost.
 */
import { newId } from "../domain/ids";
import { t } from "../lib/strings";
import type { PhotoAnswer, PhotoRequest } from "./photoWorker";
import { type PreparedPhoto, resizePhoto } from "./resizePhoto";

export type { PreparedPhoto } from "./resizePhoto";

/** At most this many photos on one record (the server checks it too). */
export const MAX_PHOTOS = 10;
/** Below this much free storage, and below {@link LOW_STORAGE_SHARE} of the quota, no photo is taken. */
export const LOW_STORAGE_BYTES = 50 * 1024 * 1024;
export const LOW_STORAGE_SHARE = 0.1;

let worker: Worker | null = null;
let lastRequest = 0;
const waiting = new Map<number, { resolve: (photo: PreparedPhoto) => void; reject: (error: Error) => void }>();

function photoWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === "undefined" || typeof OffscreenCanvas === "undefined") return null;
  worker = new Worker(new URL("./photoWorker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<PhotoAnswer>) => {
    const answer = event.data;
    const caller = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ("error" in answer) caller?.reject(new Error(answer.error));
    else caller?.resolve({ blob: answer.blob, thumbnail: answer.thumbnail });
  };
  return worker;
}

/** The photo to keep and its thumbnail: longest side 1,600 px and 320 px, JPEG, upright, no metadata. */
export function preparePhoto(file: File): Promise<PreparedPhoto> {
  const resizer = photoWorker();
  if (!resizer) return resizePhoto(file);
  const id = ++lastRequest;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    resizer.postMessage({ id, file } satisfies PhotoRequest);
  });
}

/** A new file name in `folder`, made on the device: `photos/{32 hex}.jpg` or `signatures/{32 hex}.png`. */
export function newImageName(folder: "photos" | "signatures"): string {
  return folder === "photos" ? `photos/${newId()}.jpg` : `signatures/${newId()}.png`;
}

/** Why no photo should be taken now (the device is nearly full), or undefined. */
export async function storageProblem(): Promise<string | undefined> {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => undefined);
  if (!estimate?.quota) return undefined;
  const free = estimate.quota - (estimate.usage ?? 0);
  return free < LOW_STORAGE_BYTES && free < estimate.quota * LOW_STORAGE_SHARE ? t("storageLow") : undefined;
}
