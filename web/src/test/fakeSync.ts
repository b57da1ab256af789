/**
 * Test doubles for the sync engine: an in-memory server that answers as `docs/sync.md` says
 * (versions, cursor pages, last-writer-wins, final tombstones, per-record answers), and a
 * clock whose time and timers move only when a test says so.
 */
import { afterEach } from "vitest";
import type { StreamEnd, SyncEventHandlers } from "../api/syncEvents";
import { ApiError } from "../api/types";
import { mayWrite } from "../domain/actions";
import { stampOnReceipt } from "../domain/lww";
import { SYNC_KINDS, type SyncKind, type UploadKind, isLocationScoped } from "../offline/kinds";
import type { LocalRecord } from "../offline/records";
import type { SyncRecord } from "../domain/syncRecord";
import { type KeyValueStore, openStore } from "../offline/store";
import { parseListsAnswer } from "../offline/sync/listsAnswer";
import { type DownloadAnswer, type DownloadQuery, EPOCH_CHANGED, type ListsAnswer, type ListsHead, type RecordAnswer, type SyncApi, type UploadAnswer, type UploadBody } from "../offline/sync/api";
import { type SyncEngine, type SyncEngineOptions, createSyncEngine } from "../offline/sync/engine";
import type { Network, TimerHandle, Timers } from "../offline/sync/environment";
import { type Locks, localLocks } from "../offline/sync/locks";

interface Stored {
  kind: SyncKind;
  record: SyncRecord;
  version: number;
}

/** `lastUpdated` in UTC with milliseconds, as the server stores it. */
function normalized(stamp: string): string {
  return new Date(Date.parse(stamp)).toISOString();
}

export class FakeSyncServer implements SyncApi {
  private records = new Map<string, Stored>();
  protected version = 0;
  /** The history the versions count in; a restore starts another. */
  epoch = "epoch-1";
  private epochs = 1;
  private gate: Promise<void> | null = null;
  private inFlight = 0;

  globalAlerts: SyncRecord[] = [];
  /** Kinds the user may not read: a stale answer comes without the server's copy. */
  readonly unreadable = new Set<SyncKind>();
  /** No answer comes: every call fails as the API client fails offline. */
  offline = false;
  /** The server answers every sync call with this error (a 500, say) until it is cleared. */
  failWith: ApiError | null = null;
  readonly downloads: DownloadQuery[] = [];
  readonly uploads: UploadBody[] = [];
  /** How many times the device asked whether the server answers at all. */
  pings = 0;
  /** The most calls that were in flight at once. */
  mostAtOnce = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Holds every call until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }

  /** A write made by another device. */
  seed(kind: SyncKind, record: SyncRecord): SyncRecord {
    const stored = { ...record, lastUpdated: normalized(record.lastUpdated) };
    this.records.set(`${kind}/${record.id}`, { kind, record: stored, version: ++this.version });
    this.versionsGrew();
    return stored;
  }

  /** What a backup would hold: every record and the version counter. */
  backup(): { records: Map<string, Stored>; version: number } {
    return { records: structuredClone(this.records), version: this.version };
  }

  /** Puts a backup back, as `fieldtag restore` does: later writes are gone, and a new epoch starts. */
  restore(backup: { records: Map<string, Stored>; version: number }): void {
    this.records = structuredClone(backup.records);
    this.version = backup.version;
    this.epoch = `epoch-${++this.epochs}`;
  }

  stored(kind: SyncKind, id: string): SyncRecord | undefined {
    const found = this.records.get(`${kind}/${id}`);
    return found && { ...found.record, version: found.version };
  }

  async download({ cursor, limit = 5_000, serverEpoch }: DownloadQuery): Promise<DownloadAnswer> {
    this.downloads.push({ cursor, limit, serverEpoch });
    return this.call(() => {
      const after = Number(cursor);
      if (after > 0 && serverEpoch !== undefined && serverEpoch !== this.epoch) {
        throw new ApiError("api", "The server was restored from a backup since this cursor was given", 409, EPOCH_CHANGED);
      }
      const changes = [...this.records.values()].filter((s) => s.version > after).sort((a, b) => a.version - b.version);
      const page = changes.slice(0, limit);
      const answer: DownloadAnswer = {
        cursor: page.at(-1)?.version ?? Math.max(after, this.version),
        serverEpoch: this.epoch,
        hasMore: changes.length > limit,
        serverTime: new Date(this.now()).toISOString(),
        globalAlerts: structuredClone(this.globalAlerts),
      };
      for (const kind of SYNC_KINDS) if (kind !== "globalAlerts") answer[kind] = [];
      for (const s of page) answer[s.kind]?.push({ ...structuredClone(s.record), version: s.version });
      return answer;
    });
  }

  /**
   * The same page as the server's lists answer: written as its lines and read back by the
   * client's own parser. Set to undefined: a client without it, taking object answers only.
   */
  downloadLists?: (query: DownloadQuery, onHead?: (head: ListsHead) => void, signal?: AbortSignal) => Promise<ListsAnswer> = async (query, onHead) => {
    const { globalAlerts, cursor, serverEpoch, hasMore, serverTime, ...byKind } = await this.download(query);
    const groups = new Map<string, { kind: string; locationId: string; records: SyncRecord[] }>();
    for (const [kind, records] of Object.entries(byKind) as [SyncKind, SyncRecord[]][]) {
      for (const record of records) {
        const locationId = isLocationScoped(kind) ? (record.locationId ?? "") : "";
        const key = `${kind}\u0000${locationId}`;
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { kind, locationId, records: [] }));
        group.records.push(record);
      }
    }
    const head = { recordCount: [...groups.values()].reduce((sum, group) => sum + group.records.length, 0), globalAlerts, cursor, serverEpoch, hasMore, serverTime };
    let text = `${JSON.stringify(head)}\n`;
    for (const { kind, locationId, records } of groups.values()) {
      text += `${JSON.stringify({ kind, locationId, ids: records.map((r) => r.id) })}\n${JSON.stringify(records)}\n`;
    }
    const answer = parseListsAnswer(text);
    onHead?.(head);
    return answer;
  };

  async ping(): Promise<void> {
    this.pings += 1;
    await new Promise((resolve) => setImmediate(resolve));
    if (this.offline) throw new ApiError("offline", "Device is offline");
  }

  async upload(body: UploadBody): Promise<UploadAnswer> {
    this.uploads.push(structuredClone(body));
    return this.call(() => {
      const before = this.version;
      const answer: UploadAnswer = { serverTime: new Date(this.now()).toISOString() };
      for (const [key, list] of Object.entries(body)) {
        const kind = key as keyof UploadBody;
        if (!SYNC_KINDS.includes(kind) || !Array.isArray(list)) throw new ApiError("api", `Unknown sync key: ${key}`, 400);
        answer[kind] = list.map((record) => this.decide(kind, record));
      }
      if (this.version > before) this.versionsGrew();
      return answer;
    });
  }

  /** The organisation's version grew (a write committed). */
  protected versionsGrew(): void {}

  private decide(kind: SyncKind, incoming: SyncRecord): RecordAnswer {
    const { id } = incoming;
    if (kind === "globalAlerts") return { status: "rejected", id, reason: "globalAlerts: are download only" };
    if (incoming.name === "") return { status: "rejected", id, reason: "name: is required" };
    if (isLocationScoped(kind) && !incoming.locationId) return { status: "rejected", id, reason: "locationId: is required" };
    const received = stampOnReceipt(incoming.lastUpdated, new Date(this.now()).toISOString());
    const record: SyncRecord = { ...incoming, lastUpdated: normalized(received.stored) };
    delete record.hasBeenChangedLocally;
    delete record.version;
    const restamped = received.restamped ? { lastUpdated: record.lastUpdated } : {};
    const key = `${kind}/${id}`;
    const current = this.records.get(key);
    if (current) {
      const wins = incomingWins(current.record, record);
      if (wins === null) return { status: "accepted", id, version: current.version, ...restamped };
      if (!wins) {
        if (this.unreadable.has(kind)) return { status: "stale", id };
        return { status: "stale", id, record: { ...structuredClone(current.record), version: current.version } };
      }
    }
    const version = ++this.version;
    this.records.set(key, { kind, record, version });
    return { status: "accepted", id, version, ...restamped };
  }

  private async call<T>(answer: () => T): Promise<T> {
    this.inFlight += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.inFlight);
    try {
      await this.gate;
      // An answer takes a turn of the event loop, as a real one does.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.offline) throw new ApiError("offline", "Device is offline");
      if (this.failWith) throw this.failWith;
      return answer();
    } finally {
      this.inFlight -= 1;
    }
  }
}

interface OpenStream {
  handlers: SyncEventHandlers;
  end(end: StreamEnd): void;
}

/**
 * A server with the change stream (docs/sync.md "Live sync"): each stream hears the current
 * version at once, then every version a write adds.
 */
export class LiveFakeSyncServer extends FakeSyncServer {
  private readonly open = new Set<OpenStream>();
  /** How many streams were asked for. */
  connects = 0;
  /** New streams are refused with this error (a 404 from a server without the route, a 403 after access was removed). */
  refuseStreams: ApiError | null = null;

  get streams(): number {
    return this.open.size;
  }

  async events(handlers: SyncEventHandlers, signal: AbortSignal): Promise<StreamEnd> {
    this.connects += 1;
    await new Promise((resolve) => setImmediate(resolve));
    if (this.offline) throw new ApiError("offline", "Device is offline");
    if (this.refuseStreams) throw this.refuseStreams;
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const stream: OpenStream = {
        handlers,
        end: (end) => {
          this.open.delete(stream);
          resolve(end);
        },
      };
      this.open.add(stream);
      signal.addEventListener(
        "abort",
        () => {
          this.open.delete(stream);
          reject(signal.reason);
        },
        { once: true },
      );
      handlers.version({ version: this.version, serverEpoch: this.epoch });
    });
  }

  /** Closes every open stream, as a restart does, or with the `end` event's reason. */
  cut(reason?: string): void {
    for (const stream of [...this.open]) stream.end({ reason });
  }

  /** A keep-alive comment on every open stream. */
  keepAlive(): void {
    for (const stream of this.open) stream.handlers.heardFrom?.();
  }

  protected override versionsGrew(): void {
    for (const stream of this.open) stream.handlers.version({ version: this.version, serverEpoch: this.epoch });
  }
}

/** The server's rule: a tombstone is final, the later stamp wins, equal stamps go to the larger text. */
function incomingWins(stored: SyncRecord, incoming: SyncRecord): boolean | null {
  if (stored.deleted && !incoming.deleted) return false;
  if (incoming.lastUpdated !== stored.lastUpdated) return incoming.lastUpdated > stored.lastUpdated;
  const [ours, theirs] = [JSON.stringify(incoming), JSON.stringify(stored)];
  if (ours === theirs) return null;
  return ours > theirs;
}

/** Time and timers that move only on {@link ManualClock.advance}. */
export class ManualClock {
  private timers: { at: number; run: () => void; every?: number; handle: number }[] = [];
  private handles = 0;

  constructor(private time: number) {}

  now = (): number => this.time;

  readonly timerApi: Timers = {
    setTimeout: (run, ms) => this.add(run, ms),
    clearTimeout: (handle) => this.remove(handle),
    setInterval: (run, ms) => this.add(run, ms, ms),
    clearInterval: (handle) => this.remove(handle),
  };

  /** Moves time on by `ms`, running each timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.time = next.at;
      if (next.every) next.at += next.every;
      else this.remove(next.handle);
      next.run();
    }
    this.time = end;
  }

  private add(run: () => void, ms: number, every?: number): TimerHandle {
    const handle = ++this.handles;
    this.timers.push({ at: this.time + ms, run, every, handle });
    return handle;
  }

  private remove(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.handle !== handle);
  }
}

/** A network, and a page shown or hidden, whose state the test sets. */
export class FakeNetwork implements Network {
  private listeners = new Set<(online: boolean) => void>();
  private visibilityListeners = new Set<(visible: boolean) => void>();
  private state = true;
  private shown = true;

  online = (): boolean => this.state;

  visible = (): boolean => this.shown;

  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onVisibility(listener: (visible: boolean) => void): () => void {
    this.visibilityListeners.add(listener);
    return () => this.visibilityListeners.delete(listener);
  }

  /** As the browser would say it; with `event: false`, as a phone's network often comes back: silently. */
  set(online: boolean, { event = true } = {}): void {
    this.state = online;
    if (event) for (const listener of this.listeners) listener(online);
  }

  setVisible(visible: boolean): void {
    this.shown = visible;
    for (const listener of this.visibilityListeners) listener(visible);
  }
}

/** What the tabs of one test share: the browser's IndexedDB, the server, the clock, the locks. */
export interface TestWorld {
  indexedDB: IDBFactory;
  server: FakeSyncServer;
  clock: ManualClock;
  locks: Locks;
  /** The name of the channel between the tabs; none when absent. */
  channel?: string;
}

/** `live`: the server has the change stream. */
export function testWorld(indexedDB: IDBFactory, options: { serverAhead?: number; channel?: string; live?: boolean } = {}): TestWorld {
  const clock = new ManualClock(Date.parse("2026-11-22T10:00:00.000Z"));
  const serverNow = () => clock.now() + (options.serverAhead ?? 0);
  const server = options.live ? new LiveFakeSyncServer(serverNow) : new FakeSyncServer(serverNow);
  return { indexedDB, server, clock, locks: localLocks(), channel: options.channel };
}

/** One tab of the app: its own connection, channel and engine over the world's database. */
export interface TestTab {
  store: KeyValueStore;
  engine: SyncEngine;
  network: FakeNetwork;
  /** The kinds each records-changed notification named. */
  changed: SyncKind[][];
  /** What the engine logged. */
  errors: unknown[];
  close(): void;
}

export function openTab(world: TestWorld, options: Partial<SyncEngineOptions> = {}): TestTab {
  const store = openStore({ indexedDB: world.indexedDB, channel: null, reload: () => {} });
  const channel = world.channel ? new BroadcastChannel(world.channel) : null;
  const network = new FakeNetwork();
  const errors: unknown[] = [];
  const engine = createSyncEngine({
    store,
    api: world.server,
    now: world.clock.now,
    timers: world.clock.timerApi,
    locks: world.locks,
    channel,
    network,
    log: (error) => errors.push(error),
    ...options,
  });
  const changed: SyncKind[][] = [];
  engine.onRecordsChanged((kinds) => changed.push([...kinds]));
  return {
    store,
    engine,
    network,
    changed,
    errors,
    close() {
      engine.stop();
      store.close();
      channel?.close();
    },
  };
}

/**
 * Opens tabs as `openTab` does, for a test file: call it at the file's top; every tab it opened
 * is closed after each test.
 */
export function closingTabs(): typeof openTab {
  const tabs: TestTab[] = [];
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.close();
  });
  return (world, options) => {
    const tab = openTab(world, options);
    tabs.push(tab);
    return tab;
  };
}

/** One write an action made, with the copy the server held before it (none: a new record). */
export interface RecordedWrite {
  kind: UploadKind;
  record: SyncRecord;
  stored?: SyncRecord;
}

/**
 * A stand-in for the sync engine that keeps records in memory and records every write, to check
 * what a user action writes against the permission table, as the server would.
 */
export class RecordingEngine {
  readonly writes: RecordedWrite[] = [];
  private records = new Map<string, { kind: SyncKind; record: SyncRecord }>();

  /** Records the server (and the device) already hold. */
  constructor(seed: [SyncKind, LocalRecord & Record<string, unknown>][] = []) {
    for (const [kind, record] of seed) this.records.set(`${kind}/${record.id}`, { kind, record: { lastUpdated: "2026-11-20T10:00:00.000Z", version: 1, ...record } });
  }

  put = async <T extends LocalRecord>(kind: UploadKind, record: T): Promise<T & SyncRecord> => {
    const key = `${kind}/${record.id}`;
    const saved = { ...record, lastUpdated: new Date().toISOString() } as T & SyncRecord;
    this.writes.push({ kind, record: saved, stored: this.records.get(key)?.record });
    this.records.set(key, { kind, record: saved });
    return saved;
  };

  remove = <T extends LocalRecord>(kind: UploadKind, record: T): Promise<T & SyncRecord> => this.put(kind, { ...record, deleted: true });

  list = async <T = SyncRecord>(kind: SyncKind, locationId?: string): Promise<T[]> =>
    [...this.records.values()]
      .filter((r) => r.kind === kind && !r.record.deleted && (locationId === undefined || r.record.locationId === locationId))
      .map((r) => r.record as T);

  get = async <T = SyncRecord>(kind: SyncKind, id: string): Promise<T | undefined> => {
    const found = this.records.get(`${kind}/${id}`);
    return found && !found.record.deleted ? (found.record as T) : undefined;
  };

  /** The writes a user holding `held` would see refused, with the server's reasons. */
  refusals(held: readonly string[], userId: string): string[] {
    return this.writes.flatMap(({ kind, record, stored }) => {
      const answer = mayWrite(held, userId, kind, record, stored);
      return answer === "allowed" ? [] : [`${kind} ${record.id}: ${answer}`];
    });
  }
}
