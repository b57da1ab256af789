/**
 * The sync engine (§4 Sync): saves local changes, uploads them 300 ms after the last one,
 * downloads and merges the server's changes, and says how it went: how many changes wait,
 * and why the last try failed. One tab syncs at a time (the sync lock); one tab, the leader,
 * runs the periodic downloads; every tab hears on the channel what the others changed, with
 * the records, and patches the lists it keeps (listCache.ts) rather than downloading or
 * reading them again. While the server cannot be reached, a cheap probe asks every 1 to 2 s
 * whether it answers again, so the work waiting goes as soon as the network is back.
 */
import { ApiError } from "../../api/types";
import { type SyncKind, type UploadKind, isLocationScoped, isUploadKind } from "../kinds";
import { CLOCK_OFFSET_KEY, CURSOR_KEY, OUTBOX_KEY, REJECTED_KEY, SERVER_EPOCH_KEY, SYNC_INFO_KEY } from "../keys";
import { getRecord, listRecords } from "../reads";
import type { LocalRecord, SyncRecord } from "../records";
import type { KeyValueStore, StoreReader } from "../store";
import { type DownloadAnswer, EPOCH_CHANGED, type SyncApi } from "./api";
import { type Network, type TimerHandle, type Timers, browserNetwork, browserTimers } from "./environment";
import { LEADER_LOCK, type Locks, SYNC_LOCK, browserLocks } from "./locks";
import { ListCache, PATCH_LIMIT } from "./listCache";
import type { RecordChanges } from "./lists";
import { mergePages } from "./merge";
import { type OutboxEntry, type RejectedUpload, collectBatch, entryName, saveLocalChange, settleBatch } from "./outbox";
import type { SyncInfo, SyncState, SyncStatus } from "./status";

/** How often the leading tab syncs (ms). */
export const SYNC_INTERVAL_MS = 60_000;
/** §9: an upload follows the last local change by 300 ms. */
export const UPLOAD_DEBOUNCE_MS = 300;
export const DOWNLOAD_PAGE_SIZE = 5_000;
/**
 * Pages are merged up to this many records at a time, in one transaction. Each merge rewrites
 * the whole list of every site it touches, so merging a first download page by page rewrites
 * the big lists again and again: 100,000 records over 200 sites took 13 s in Chromium page by
 * page, and 0.9 s merged at once.
 */
export const MERGE_BATCH = 100_000;
/** Records per upload request, well under the server's 8 MiB body limit. */
export const UPLOAD_BATCH = 1_000;
/** While the server cannot be reached, it is asked whether it answers after 1 s, then 1.5 s, then every 2 s: a return is noticed within 2 s. */
export const PROBE_FIRST_MS = 1_000;
export const PROBE_MAX_MS = 2_000;
/** The probe's pace while the page is hidden; showing the page probes at once. */
export const PROBE_HIDDEN_MS = 30_000;
/** A run the server answered with an error is tried again after 2 s, then 4 s, 8 s … up to this. */
export const RETRY_MAX_MS = 30_000;
/** The channel between tabs of the product. */
export const SYNC_CHANNEL = "fieldtag-sync";
/** The name of the performance measure each merge of downloaded records leaves. */
export const MERGE_MEASURE = "fieldtag:merge";

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
  mergeBatch?: number;
  uploadBatch?: number;
  /** §8: a failed sync is only logged. */
  log?: (error: unknown) => void;
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

type TabMessage =
  | { type: "changed"; kinds: SyncKind[]; records: RecordChanges["records"]; number?: number }
  | { type: "status"; state: SyncState; online: boolean };

interface Job {
  upload: boolean;
  download: boolean;
  /** Skip, rather than wait, when another tab is syncing. */
  ifAvailable: boolean;
  done: Promise<void>;
}

function defaultChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SYNC_CHANNEL);
}

/** Server clock minus device clock, taking the answer to have left the server halfway through. */
function clockOffset(serverTime: string | undefined, sentAt: number, receivedAt: number): number | undefined {
  const server = serverTime === undefined ? Number.NaN : Date.parse(serverTime);
  return Number.isNaN(server) ? undefined : Math.round(server - (sentAt + receivedAt) / 2);
}

/** The server was restored from a backup since the cursor was given. */
function isEpochChange(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === EPOCH_CHANGED;
}

async function outboxSize(tx: StoreReader): Promise<number> {
  return ((await tx.get<OutboxEntry[]>(OUTBOX_KEY)) ?? []).length;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function recordCount(page: DownloadAnswer): number {
  let count = 0;
  for (const value of Object.values(page)) if (Array.isArray(value)) count += value.length;
  return count;
}

export function createSyncEngine({
  store,
  api,
  now = Date.now,
  timers = browserTimers,
  locks = browserLocks(),
  channel = defaultChannel(),
  network = browserNetwork,
  intervalMs = SYNC_INTERVAL_MS,
  debounceMs = UPLOAD_DEBOUNCE_MS,
  pageSize = DOWNLOAD_PAGE_SIZE,
  mergeBatch = MERGE_BATCH,
  uploadBatch = UPLOAD_BATCH,
  log = (error) => console.warn("An error happened while syncing", error),
}: SyncEngineOptions): SyncEngine {
  // Until the first run has said otherwise, the engine is about to check: nothing is known up to date.
  let status: SyncStatus = { state: "syncing", online: network.online(), rejected: [], pending: 0 };
  /**
   * Whether the server can be reached, as far as this tab knows: the last call got an answer
   * and the browser has not said offline since, or the browser has said online again. The
   * browser's events are hints, answers the truth (a phone's network often comes back silently).
   */
  let reachable = network.online();
  const statusListeners = new Set<(status: SyncStatus) => void>();
  const changeListeners = new Set<(kinds: ReadonlySet<SyncKind>) => void>();

  let started = false;
  let leading = false;
  /** Aborting it gives up leading, or waiting to lead. */
  let leadership: AbortController | null = null;
  let debounce: TimerHandle | undefined;
  /** A run the server answered with an error is tried again after a growing pause. */
  let retry: TimerHandle | undefined;
  let retryDelay = 0;
  /** While the server cannot be reached: the next probe, its pace, and the probes waiting for an answer. */
  let probe: TimerHandle | undefined;
  let probeDelay = PROBE_FIRST_MS;
  const probes = new Set<Promise<void>>();
  /** A run that failed for want of an answer wanted to download: the run when the server is back does. */
  let downloadOwed = false;
  let unsubscribeNetwork: (() => void) | null = null;
  let unsubscribeVisibility: (() => void) | null = null;
  /** Each transaction whose reads the status shows takes a turn as it starts; transactions
   * commit in that order, so what an earlier one read never replaces what a later one did. */
  let turns = 0;
  const shownTurns = new Map<"info" | "rejected" | "pending", number>();

  let queued: Job | null = null;
  let tail: Promise<void> = Promise.resolve();

  const iso = (ms: number) => new Date(ms).toISOString();

  function publish(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    for (const listener of statusListeners) listener(status);
  }

  function post(message: TabMessage): void {
    channel?.postMessage(message);
  }

  const lists = new ListCache((kind, locationId) => listRecords(store, kind, locationId));

  function recordsChanged(changes: RecordChanges, fromOtherTab = false): void {
    if (changes.kinds.size === 0) return;
    lists.changed(changes);
    for (const listener of changeListeners) listener(changes.kinds);
    if (fromOtherTab) return;
    // A large merge is not copied to every tab: they read their lists again.
    const records = changes.records.length <= PATCH_LIMIT ? changes.records : [];
    post({ type: "changed", kinds: [...changes.kinds], records, number: changes.number });
  }

  function setState(state: SyncState): void {
    publish({ state, online: reachable });
    post({ type: "status", state, online: reachable });
  }

  /** Shows what the transaction of `turn` read, unless a later one's has been shown. */
  function show(turn: number, what: "info" | "rejected" | "pending", patch: Partial<SyncStatus>): void {
    if (turn <= (shownTurns.get(what) ?? 0)) return;
    shownTurns.set(what, turn);
    publish(patch);
  }

  /** Reads what another tab (or an earlier session) saved of the sync info, and the outbox's size. */
  async function refreshInfo(): Promise<void> {
    const turn = ++turns;
    const [info = {}, rejected = [], offset, outbox = []] = await store.getMany<unknown>([SYNC_INFO_KEY, REJECTED_KEY, CLOCK_OFFSET_KEY, OUTBOX_KEY]);
    if (typeof offset === "number") publish({ clockOffset: offset });
    show(turn, "info", info as SyncInfo);
    show(turn, "rejected", { rejected: rejected as RejectedUpload[] });
    show(turn, "pending", { pending: (outbox as OutboxEntry[]).length });
  }

  /** Another tab saved or settled changes: the outbox they share changed. */
  async function refreshPending(): Promise<void> {
    const turn = ++turns;
    const outbox = (await store.get<OutboxEntry[]>(OUTBOX_KEY)) ?? [];
    show(turn, "pending", { pending: outbox.length });
  }

  async function saveInfo(patch: SyncInfo): Promise<void> {
    const turn = ++turns;
    const info = await store.update(async (tx) => {
      const next = { ...(await tx.get<SyncInfo>(SYNC_INFO_KEY)), ...patch };
      tx.set(SYNC_INFO_KEY, next);
      return next;
    });
    show(turn, "info", info);
  }

  async function upload(): Promise<void> {
    // Entries looked at in this run; one edited again in flight waits for its own upload.
    const looked = new Set<string>();
    for (;;) {
      const collectTurn = ++turns;
      const { batch, pending } = await store.update(async (tx) => ({ batch: await collectBatch(tx, looked, uploadBatch), pending: await outboxSize(tx) }));
      show(collectTurn, "pending", { pending });
      if (!batch) break;
      for (const entry of batch.looked) looked.add(entryName(entry));
      if (batch.sent.size === 0) continue;
      const sentAt = now();
      const answer = await api.upload(batch.body);
      reachable = true;
      const offset = clockOffset(answer.serverTime, sentAt, now());
      const settleTurn = ++turns;
      const settled = await store.update(async (tx) => {
        const result = await settleBatch(tx, batch, answer, iso(now()));
        if (offset !== undefined) tx.set(CLOCK_OFFSET_KEY, offset);
        return { ...result, pending: await outboxSize(tx) };
      });
      if (offset !== undefined) publish({ clockOffset: offset });
      show(settleTurn, "rejected", { rejected: settled.rejected });
      show(settleTurn, "pending", { pending: settled.pending });
      recordsChanged(settled.changes);
    }
    await saveInfo({ lastSuccessfulUploadDate: iso(now()) });
  }

  async function download(): Promise<void> {
    const [savedCursor, savedEpoch] = await store.getMany<unknown>([CURSOR_KEY, SERVER_EPOCH_KEY]);
    let cursor = (savedCursor as string | number | undefined) ?? 0;
    let epoch = savedEpoch as string | undefined;
    let pages: DownloadAnswer[] = [];
    let pending = 0;
    /** Everything comes down again: the server was restored (docs/sync.md "Server epoch"). */
    let resync = false;
    for (;;) {
      const sentAt = now();
      let page: DownloadAnswer;
      try {
        page = await api.download({ cursor, limit: pageSize, serverEpoch: Number(cursor) > 0 ? epoch : undefined });
      } catch (error) {
        if (resync || !isEpochChange(error)) throw error;
        // The cursor counts versions of a history the server no longer has. The outbox is
        // untouched; the stored cursor moves only with the first merged page, so a failure
        // here starts over the same way.
        resync = true;
        cursor = 0;
        epoch = undefined;
        pages = [];
        pending = 0;
        continue;
      }
      reachable = true;
      epoch = page.serverEpoch ?? epoch;
      if (page.hasMore && page.cursor === cursor) throw new Error(`the sync cursor did not move from ${cursor}`);
      const offset = clockOffset(page.serverTime, sentAt, now());
      pages.push(page);
      pending += recordCount(page);
      cursor = page.cursor;
      if (!page.hasMore || pending >= mergeBatch) {
        const batch = pages;
        const mergeStart = performance.now();
        recordsChanged(await store.update((tx) => mergePages(tx, batch, offset, { resync })));
        if (offset !== undefined) publish({ clockOffset: offset });
        // Visible in the browser's performance timeline (and read by bench/web).
        performance.measure(MERGE_MEASURE, { start: mergeStart, detail: { records: pending } });
        pages = [];
        pending = 0;
      }
      if (!page.hasMore) break;
    }
    await saveInfo({ lastSuccessfulDownloadDate: iso(now()) });
    // Changes saved while everything came down go to the restored server now, not a minute later.
    if (resync) await upload();
  }

  async function run(job: Job): Promise<void> {
    try {
      await locks.request(SYNC_LOCK, { ifAvailable: job.ifAvailable }, async (lock) => {
        if (!lock) return; // Another tab is syncing; what it merges comes over the channel.
        // A try while the server cannot be reached is quiet: the status keeps saying why.
        if (reachable) setState("syncing");
        try {
          if (job.upload) await upload();
          if (job.download) await download();
          await saveInfo({ lastTrySuccessStatus: "yes", failureReason: undefined });
          retryDelay = 0;
          setState("upToDate");
        } catch (error) {
          if (error instanceof ApiError) reachable = !error.offline;
          log(error);
          // Offline by the browser's own word is a state, not a failure.
          const failureReason = network.online() ? messageOf(error) : undefined;
          await saveInfo({ lastTrySuccessStatus: "no", failureReason }).catch(log);
          setState("error");
          if (reachable) scheduleRetry(job);
          else {
            downloadOwed ||= job.download;
            probeLater();
          }
        }
      });
    } catch (error) {
      log(error);
    }
  }

  /** Queues a sync run after the current one; requests made before it starts join it. */
  function enqueue(upload: boolean, download: boolean, ifAvailable = false): Promise<void> {
    if (queued) {
      queued.upload ||= upload;
      queued.download ||= download;
      queued.ifAvailable &&= ifAvailable;
      return queued.done;
    }
    const job: Job = { upload, download, ifAvailable, done: Promise.resolve() };
    queued = job;
    job.done = tail.then(() => {
      if (queued === job) queued = null;
      return run(job);
    });
    tail = job.done;
    return job.done;
  }

  function scheduleRetry(job: Job): void {
    if (!started || retry !== undefined) return;
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 2_000, RETRY_MAX_MS);
    retry = timers.setTimeout(() => {
      retry = undefined;
      void enqueue(job.upload, job.download, job.ifAvailable);
    }, retryDelay);
  }

  function scheduleUpload(): void {
    if (!started) return; // The outbox keeps it; start() uploads it.
    if (debounce !== undefined) timers.clearTimeout(debounce);
    debounce = timers.setTimeout(() => {
      debounce = undefined;
      void enqueue(true, false);
    }, debounceMs);
  }

  /** The next probe, unless one is due or the server can be reached. */
  function probeLater(): void {
    if (!started || probe !== undefined || reachable) return;
    const visible = network.visible();
    const delay = visible ? probeDelay : PROBE_HIDDEN_MS;
    if (visible) probeDelay = Math.min(probeDelay * 1.5, PROBE_MAX_MS);
    probe = timers.setTimeout(() => {
      probe = undefined;
      askServer();
    }, delay);
  }

  /** Asks whether the server answers; the first answer brings the sync back. */
  function askServer(): void {
    // The next probe does not wait for this one: a call into a dead network can hang.
    probeLater();
    const asking: Promise<void> = api
      .ping()
      .then(
        () => {
          if (started && !reachable) back();
        },
        () => undefined,
      )
      .finally(() => probes.delete(asking));
    probes.add(asking);
  }

  /** The server can be reached again: send what waited; the leader also catches up. */
  function back(): void {
    reachable = true;
    probeDelay = PROBE_FIRST_MS;
    if (probe !== undefined) timers.clearTimeout(probe);
    probe = undefined;
    // The run below starts as soon as the sync lock allows; until then, say it is coming.
    setState("syncing");
    const download = leading || downloadOwed;
    downloadOwed = false;
    void enqueue(true, download);
  }

  function onMessage(event: MessageEvent<TabMessage>): void {
    const message = event.data;
    if (message?.type === "changed") {
      recordsChanged({ kinds: new Set(message.kinds), records: message.records ?? [], number: message.number }, true);
      refreshPending().catch(log);
    } else if (message?.type === "status") {
      // Tabs share what they learn of the network.
      if (message.online && !reachable) back();
      else if (!message.online && reachable) {
        reachable = false;
        probeLater();
      }
      publish({ state: message.state, online: message.online });
      refreshInfo().catch(log);
    }
  }

  function onNetwork(online: boolean): void {
    if (online) {
      back();
      return;
    }
    reachable = false;
    publish({ online: false, failureReason: undefined });
    probeLater();
  }

  function onVisibility(visible: boolean): void {
    if (!visible || !started) return;
    if (!reachable) {
      // Shown again: ask now rather than at the hidden page's slow pace.
      if (probe !== undefined) timers.clearTimeout(probe);
      probe = undefined;
      probeDelay = PROBE_FIRST_MS;
      askServer();
    } else if (status.pending > 0) {
      // A hidden page may have been frozen before its debounced upload ran.
      if (debounce !== undefined) timers.clearTimeout(debounce);
      debounce = undefined;
      void enqueue(true, false);
    }
  }

  /** Runs the periodic syncs while this tab holds the leader lock, until `signal` aborts. */
  function lead(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve(); // Stopped before the lock came.
    leading = true;
    void enqueue(true, true, true);
    // While the server cannot be reached the probe brings the sync back, not the interval.
    const interval = timers.setInterval(() => reachable && void enqueue(true, true, true), intervalMs);
    return new Promise((release) => {
      signal.addEventListener(
        "abort",
        () => {
          leading = false;
          timers.clearInterval(interval);
          release();
        },
        { once: true },
      );
    });
  }

  async function put<T extends LocalRecord>(kind: UploadKind, record: T): Promise<T & SyncRecord> {
    if (!isUploadKind(kind)) throw new Error(`${kind as string} are download only`);
    if (isLocationScoped(kind) && !record.locationId) throw new Error(`${kind} ${record.id}: locationId is not set`);
    const turn = ++turns;
    const { saved, changes, pending } = await store.update(async (tx) => ({ ...(await saveLocalChange(tx, kind, record, now())), pending: await outboxSize(tx) }));
    recordsChanged(changes);
    show(turn, "pending", { pending });
    scheduleUpload();
    return saved;
  }

  const engine: SyncEngine = {
    start() {
      if (started) return;
      started = true;
      channel?.addEventListener("message", onMessage);
      unsubscribeNetwork = network.subscribe(onNetwork);
      unsubscribeVisibility = network.onVisibility(onVisibility);
      reachable = network.online();
      refreshInfo().catch(log);
      const { signal } = (leadership = new AbortController());
      locks.request(LEADER_LOCK, { signal }, () => lead(signal)).catch(() => undefined);
      // Whatever an earlier session left unsent, from every tab.
      void enqueue(true, false);
    },

    stop() {
      if (!started) return;
      started = false;
      channel?.removeEventListener("message", onMessage);
      unsubscribeNetwork?.();
      unsubscribeVisibility?.();
      leadership?.abort();
      if (debounce !== undefined) timers.clearTimeout(debounce);
      debounce = undefined;
      if (retry !== undefined) timers.clearTimeout(retry);
      retry = undefined;
      retryDelay = 0;
      if (probe !== undefined) timers.clearTimeout(probe);
      probe = undefined;
      probeDelay = PROBE_FIRST_MS;
    },

    syncNow() {
      if (debounce !== undefined) timers.clearTimeout(debounce);
      debounce = undefined;
      return enqueue(true, true);
    },

    put,
    remove: (kind, record) => put(kind, { ...record, deleted: true }),

    pendingChanges: async () => ((await store.get<OutboxEntry[]>(OUTBOX_KEY)) ?? []).length,

    async destroy() {
      engine.stop();
      await store.destroy();
    },

    list: <T>(kind: SyncKind, locationId?: string) => lists.list(kind, locationId) as Promise<T[]>,
    get: (kind, id, locationId) => getRecord(store, (kind, site) => lists.list(kind, site), kind, id, locationId),
    cached: <T>(kind: SyncKind, locationId?: string) => lists.peek(kind, locationId) as T[] | undefined,

    status: () => status,

    subscribe(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    onRecordsChanged(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    async idle() {
      let last: Promise<void>;
      do {
        last = tail;
        await Promise.all([last, ...probes]);
      } while (last !== tail || probes.size > 0);
    },
  };
  return engine;
}
