/**
 * The sync engine (§4 Sync): saves local changes, uploads them 300 ms after the last one,
 * downloads and merges the server's changes, and says how it went: how many changes wait,
 * and why the last try failed. One tab syncs at a time (the sync lock); one tab, the leader,
 * runs the periodic downloads; every tab hears on the channel what the others changed, with
 * the records, and patches the lists it keeps (listCache.ts) rather than downloading or
 * reading them again.
 *
 * The leader also holds the server's change stream (live.ts), when the server has one: a new
 * version downloads at once, and the periodic download slows to a safety net.
 *
 * This file puts the parts together: upload.ts and download.ts move the records; runs.ts,
 * scheduler.ts, probe.ts and live.ts decide when; statusBoard.ts and changeFeed.ts tell the
 * screens and the other tabs.
 */
import type { SyncKind, UploadKind } from "../kinds";
import { getRecord, listRecords } from "../reads";
import type { LocalRecord } from "../records";
import type { SyncRecord } from "../../domain/syncRecord";
import type { KeyValueStore } from "../store";
import type { SyncApi } from "./api";
import { ChangeFeed } from "./changeFeed";
import { type TabMessage, openTabChannel } from "./channel";
import type { SyncContext } from "./context";
import { DOWNLOAD_PAGE_SIZE, FIRST_DOWNLOAD_PAGE_SIZE, MERGE_BATCH, download } from "./download";
import { LIST_PART_CHARS } from "./merge";
import { type Network, type Timers, browserNetwork, browserTimers } from "./environment";
import { ListCache } from "./listCache";
import { LiveStream } from "./live";
import { type Locks, browserLocks } from "./locks";
import { SYNC_INTERVAL_MS, SyncScheduler, UPLOAD_DEBOUNCE_MS } from "./scheduler";
import type { SyncStatus } from "./status";
import { StatusBoard } from "./statusBoard";
import { UPLOAD_BATCH, outboxSize, saveChange, upload } from "./upload";

export interface SyncEngineOptions {
  store: KeyValueStore;
  api: SyncApi;
  /** The device clock (ms since the epoch). */
  now?: () => number;
  timers?: Timers;
  locks?: Locks;
  /** Between tabs; null when there is none. */
  channel?: BroadcastChannel | null;
  network?: Network;
  intervalMs?: number;
  debounceMs?: number;
  pageSize?: number;
  /** Records per page from cursor 0 (a first download). */
  firstPageSize?: number;
  mergeBatch?: number;
  /** A first download stores a site's list in parts of at least this many characters. */
  listPartChars?: number;
  uploadBatch?: number;
  /** §8: a failed sync is only logged. */
  log?: (error: unknown) => void;
  /** Jitter for live sync's pauses, 0 ≤ x < 1. */
  random?: () => number;
}

export interface SyncEngine {
  /** Starts periodic syncs (when this tab leads) and uploads what an earlier session left. */
  start(): void;
  stop(): void;
  /** Uploads, then downloads (route changes, the Sync Now button). */
  syncNow(): Promise<void>;
  /** Saves a local change and schedules its upload. */
  put<T extends LocalRecord>(kind: UploadKind, record: T): Promise<T & SyncRecord>;
  /** Saves a soft delete: the record as a tombstone (§4 Soft delete). */
  remove<T extends LocalRecord>(kind: UploadKind, record: T): Promise<T & SyncRecord>;
  /** The kind's records that are not deleted: one site's, or every site's without `locationId`. */
  list<T = SyncRecord>(kind: SyncKind, locationId?: string): Promise<T[]>;
  /** The kind's list as {@link list} would answer it, if it has been read and kept; no read. */
  cached<T = SyncRecord>(kind: SyncKind, locationId?: string): T[] | undefined;
  /** One record, unless it is missing or deleted. */
  get<T = SyncRecord>(kind: SyncKind, id: string, locationId?: string): Promise<T | undefined>;
  /** The current status; the same object until it changes. */
  status(): SyncStatus;
  /** Calls `listener` on every status change; answers how to stop. */
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** Calls `listener` when records of some kinds change, here or in another tab. */
  onRecordsChanged(listener: (kinds: ReadonlySet<SyncKind>) => void): () => void;
  /** Resolves when no sync is queued or running in this tab. */
  idle(): Promise<void>;
  /** How many local changes have not reached the server yet (every tab's); the status has it too. */
  pendingChanges(): Promise<number>;
  /** Stops, and clears the device's store, unsent changes included; every open tab reloads (sign-out). */
  destroy(): Promise<void>;
}

export function createSyncEngine({
  store,
  api,
  now = Date.now,
  timers = browserTimers,
  locks = browserLocks(),
  channel = openTabChannel(),
  network = browserNetwork,
  intervalMs = SYNC_INTERVAL_MS,
  debounceMs = UPLOAD_DEBOUNCE_MS,
  pageSize = DOWNLOAD_PAGE_SIZE,
  firstPageSize = FIRST_DOWNLOAD_PAGE_SIZE,
  mergeBatch = MERGE_BATCH,
  listPartChars = LIST_PART_CHARS,
  uploadBatch = UPLOAD_BATCH,
  log = (error) => console.warn("An error happened while syncing", error),
  random = Math.random,
}: SyncEngineOptions): SyncEngine {
  const lists = new ListCache((kind, locationId) => listRecords(store, kind, locationId));
  const board = new StatusBoard(store, channel, network.online());
  const feed = new ChangeFeed(lists, channel);
  const context: SyncContext = { store, api, now, board, feed };
  const events = api.events?.bind(api);
  const live = events && new LiveStream({ events, store, board, timers, network, random, log, download: (stillBehind) => scheduler.downloadSoon(stillBehind) });
  const scheduler = new SyncScheduler({
    board,
    api,
    timers,
    locks,
    network,
    intervalMs,
    debounceMs,
    log,
    onLead: live && ((signal) => live.hold(signal)),
    slowed: () => board.status.live === true,
    steps: { upload: () => upload(context, uploadBatch), download: () => download(context, { pageSize, firstPageSize, mergeBatch, listPartChars }) },
  });

  function onMessage(event: MessageEvent<TabMessage>): void {
    const message = event.data;
    if (message?.type === "changed") {
      feed.changed({ kinds: new Set(message.kinds), records: message.records ?? [], number: message.number }, true);
      board.refreshPending().catch(log);
    } else if (message?.type === "status") {
      scheduler.heard(message.online);
      board.publish({ state: message.state, online: message.online });
      board.refreshInfo().catch(log);
    } else if (message?.type === "live") {
      board.publish({ live: message.live });
    } else if (message?.type === "askLive") {
      live?.tell();
    }
  }

  async function put<T extends LocalRecord>(kind: UploadKind, record: T): Promise<T & SyncRecord> {
    const saved = await saveChange(context, kind, record);
    scheduler.uploadSoon();
    return saved;
  }

  const engine: SyncEngine = {
    start() {
      if (scheduler.started) return;
      channel?.addEventListener("message", onMessage);
      scheduler.start();
      if (live) channel?.postMessage({ type: "askLive" } satisfies TabMessage);
    },

    stop() {
      if (!scheduler.started) return;
      channel?.removeEventListener("message", onMessage);
      scheduler.stop();
    },

    syncNow: () => scheduler.syncNow(),

    put,
    remove: (kind, record) => put(kind, { ...record, deleted: true }),

    pendingChanges: () => outboxSize(store),

    async destroy() {
      engine.stop();
      await store.destroy();
    },

    list: <T>(kind: SyncKind, locationId?: string) => lists.list(kind, locationId) as Promise<T[]>,
    get: (kind, id, locationId) => getRecord(store, (kind, site) => lists.list(kind, site), kind, id, locationId),
    cached: <T>(kind: SyncKind, locationId?: string) => lists.peek(kind, locationId) as T[] | undefined,

    status: () => board.status,
    subscribe: (listener) => board.subscribe(listener),
    onRecordsChanged: (listener) => feed.subscribe(listener),
    idle: () => scheduler.idle(),
  };
  return engine;
}
