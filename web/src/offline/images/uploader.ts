/**
 * Sends the waiting images up, apart from the records' sync so records never wait for them:
 * oldest first, a few at a time, only while online. A failed try waits before the next (1 s,
 * doubling to 5 min, with jitter); no answer ends the pass until the network or a sync run says
 * the server is back. An image leaves the device only once the server has confirmed it: its
 * PUT answered 2xx, or 409 (already written) and the stored bytes read back are ours (SHA-256).
 * A refusal (400, 403, or other bytes under our name) is for good: the image stays, marked with
 * the server's words, and is not tried again until the app starts again (a permission may have
 * been granted since). One tab uploads at a time (a Web Lock).
 */
import type { EvidenceFilesApi } from "../../api/evidenceFiles";
import { ApiError } from "../../api/types";
import { t } from "../../lib/strings";
import { type Network, type Timers, browserNetwork, browserTimers } from "../sync/environment";
import { type Locks, browserLocks } from "../sync/locks";
import type { ImageQueue, KeptImage } from "./queue";

export const UPLOAD_CONCURRENCY = 3;
export const FIRST_RETRY_MS = 1_000;
export const LAST_RETRY_MS = 5 * 60_000;
/** Held by the one tab that uploads, so two tabs never send the same image. */
export const IMAGE_UPLOAD_LOCK = "fieldtag-image-upload";

export interface ImageUploaderOptions {
  queue: ImageQueue;
  api: EvidenceFilesApi;
  /** Settles before the first pass (the queue claimed for the signed-in organisation). */
  ready?: Promise<unknown>;
  network?: Pick<Network, "online" | "subscribe">;
  timers?: Timers;
  now?: () => number;
  /** Jitter, 0 ≤ x < 1. */
  random?: () => number;
  concurrency?: number;
  locks?: Locks;
  log?: (error: unknown) => void;
}

export interface ImageUploader {
  /** Uploads on every kept image and when the browser comes online; what was refused gets one more try. */
  start(): void;
  stop(): void;
  /** Starts a pass unless one runs (a sync run succeeded: the server answers). */
  kick(): void;
  /** Resolves when no pass runs. */
  idle(): Promise<void>;
}

/** The wait before try number `attempts + 1`: 1 s doubling to 5 min, each between half and all of it. */
export function retryDelay(attempts: number, random: () => number): number {
  const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.5 + random() / 2));
}

type Outcome = "confirmed" | "retry" | "offline" | { refused: string };

const PERMANENT = new Set([400, 403, 413, 415]);

async function sha256(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function createImageUploader({
  queue,
  api,
  ready = Promise.resolve(),
  network = browserNetwork,
  timers = browserTimers,
  now = Date.now,
  random = Math.random,
  concurrency = UPLOAD_CONCURRENCY,
  locks = browserLocks(),
  log = (error) => console.warn("An image could not be uploaded", error),
}: ImageUploaderOptions): ImageUploader {
  let started = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;
  let retryRefusedOnce = false;
  const stops: (() => void)[] = [];

  async function send(entry: KeptImage): Promise<Outcome> {
    const kept = await queue.read(entry.fileName);
    if (!kept) return "confirmed";
    let url: string;
    try {
      url = await api.writeUrl(entry.folder, entry.fileName);
    } catch (error) {
      if (error instanceof ApiError && error.offline) return "offline";
      if (error instanceof ApiError && PERMANENT.has(error.status)) return { refused: error.message };
      log(error);
      return "retry";
    }
    const put = await api.put(url, kept.blob, entry.folder);
    if (put === null) return "offline";
    if (put.status >= 200 && put.status < 300) return "confirmed";
    if (put.status === 409) return sameBytes(entry, kept.blob);
    if (PERMANENT.has(put.status)) return { refused: put.message };
    return "retry";
  }

  /** Our earlier try may have landed without its answer reaching us: the stored bytes tell. */
  async function sameBytes(entry: KeptImage, blob: Blob): Promise<Outcome> {
    let stored: Blob | undefined;
    try {
      stored = await api.readBack(entry.folder, entry.fileName);
    } catch (error) {
      if (error instanceof ApiError && !error.offline) return "retry";
      return "offline";
    }
    if (!stored) return "retry";
    return (await sha256(stored)) === (await sha256(blob)) ? "confirmed" : { refused: t("photoNameTaken") };
  }

  async function attempt(entry: KeptImage): Promise<Outcome> {
    const outcome = await send(entry).catch((error: unknown) => {
      log(error);
      return "retry" as const;
    });
    const attempts = entry.attempts + 1;
    if (outcome === "confirmed") await queue.settle(entry.fileName, { state: "uploaded", attempts, nextTryAt: 0 });
    else if (outcome === "retry") await queue.settle(entry.fileName, { state: "waiting", attempts, nextTryAt: now() + retryDelay(attempts, random) });
    else if (outcome !== "offline") await queue.settle(entry.fileName, { state: "failed", attempts, nextTryAt: 0, problem: outcome.refused });
    return outcome;
  }

  function schedule(entries: KeptImage[]): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    const next = Math.min(...entries.filter((entry) => entry.state === "waiting").map((entry) => entry.nextTryAt));
    if (!started || !Number.isFinite(next)) return;
    timer = timers.setTimeout(
      () => {
        timer = null;
        kick();
      },
      Math.max(0, next - now()),
    );
  }

  /** `concurrency` workers, each taking the oldest due image no worker has tried in this pass. */
  async function pass(): Promise<void> {
    const tried = new Set<string>();
    let offline = false;
    const worker = async () => {
      for (;;) {
        if (offline || !started || !network.online()) return;
        const entries = await queue.entries();
        const entry = entries.find((candidate) => candidate.state === "waiting" && candidate.nextTryAt <= now() && !tried.has(candidate.fileName));
        if (!entry) return;
        tried.add(entry.fileName);
        if ((await attempt(entry)) === "offline") offline = true;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (!offline) schedule(await queue.entries());
  }

  async function retryRefused(): Promise<void> {
    retryRefusedOnce = false;
    for (const entry of await queue.entries()) {
      if (entry.state === "failed") await queue.settle(entry.fileName, { state: "waiting", attempts: entry.attempts, nextTryAt: 0, problem: entry.problem });
    }
  }

  function kick(): void {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    // Another tab holding the lock is uploading, and hears of new images as this one does.
    running = locks
      .request(IMAGE_UPLOAD_LOCK, { ifAvailable: true }, async (lock) => {
        await ready;
        if (!lock) return;
        if (retryRefusedOnce) await retryRefused();
        await pass();
      })
      .catch(log)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      stops.push(queue.subscribe(() => kick()));
      stops.push(network.subscribe((online) => online && kick()));
      retryRefusedOnce = true;
      kick();
    },
    stop() {
      started = false;
      for (const stop of stops.splice(0)) stop();
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
    kick,
    async idle() {
      while (running) await running;
    },
  };
}
