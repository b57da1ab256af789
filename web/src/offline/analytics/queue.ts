/**
 * The device's analytics queue (docs/analytics.md): events are kept in the store, offline
 * too, and sent to our server in batches whenever the connection is up: when it comes back,
 * on each change of the sync status while online (so with every sync), and once a minute.
 * A batch leaves the queue once the server has it; one it refuses as malformed is dropped
 * rather than blocking the rest. While the organisation has analytics off, nothing new is
 * recorded, and what was queued before still drains (the server discards it).
 */
import { ApiError } from "../../api/types";
import { ANALYTICS_QUEUE_KEY } from "../keys";
import type { KeyValueStore } from "../store";
import { type Timers, type TimerHandle, browserTimers } from "../sync/environment";
import type { AnalyticsAction, AnalyticsCategory, AnalyticsEvent } from "./events";

/** The most events in one request (the server's limit). */
export const ANALYTICS_BATCH = 100;
/** Events kept on a device that stays offline; the oldest go first. */
export const MAX_QUEUED_EVENTS = 1000;
export const ANALYTICS_SEND_INTERVAL_MS = 60_000;

/** Whether the server answers, and word of changes (the sync engine's status in the app). */
export interface Connection {
  online(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface AnalyticsOptions {
  store: KeyValueStore;
  send: (events: AnalyticsEvent[]) => Promise<void>;
  connection: Connection;
  timers?: Timers;
  now?: () => number;
  newId?: () => string;
  batchSize?: number;
  maxQueued?: number;
  intervalMs?: number;
  log?: (error: unknown) => void;
  /** Settles once {@link Analytics.setEnabled} has its first answer; events wait for it. */
  ready?: Promise<unknown>;
}

export interface Analytics {
  /** Queues an event, unless analytics are off. */
  record<C extends AnalyticsCategory>(category: C, action: AnalyticsAction<C>): Promise<void>;
  setEnabled(enabled: boolean): void;
  /** Sends what is queued, if the connection is up. */
  flush(): Promise<void>;
  /** Resolves when no send is running. */
  idle(): Promise<void>;
  queued(): Promise<AnalyticsEvent[]>;
  start(): void;
  stop(): void;
}

export function createAnalytics({
  store,
  send,
  connection,
  timers = browserTimers,
  now = Date.now,
  newId = () => globalThis.crypto.randomUUID(),
  batchSize = ANALYTICS_BATCH,
  maxQueued = MAX_QUEUED_EVENTS,
  intervalMs = ANALYTICS_SEND_INTERVAL_MS,
  log = (error) => console.warn("Analytics could not be sent", error),
  ready = Promise.resolve(),
}: AnalyticsOptions): Analytics {
  let enabled = true;
  let sending: Promise<void> | null = null;
  let again = false;
  let stopListening: (() => void) | null = null;
  let ticker: TimerHandle | undefined;

  const queued = async () => (await store.get<AnalyticsEvent[]>(ANALYTICS_QUEUE_KEY)) ?? [];

  async function removeSent(sent: readonly AnalyticsEvent[]): Promise<void> {
    const ids = new Set(sent.map((event) => event.id));
    await store.update(async (tx) => {
      const queue = (await tx.get<AnalyticsEvent[]>(ANALYTICS_QUEUE_KEY)) ?? [];
      tx.set(ANALYTICS_QUEUE_KEY, queue.filter((event) => !ids.has(event.id)));
    });
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (!connection.online()) return;
      const batch = (await queued()).slice(0, batchSize);
      if (batch.length === 0) return;
      try {
        await send(batch);
      } catch (error) {
        // The server read the batch and refused it: sending it again would fail again.
        if (!(error instanceof ApiError && error.status === 400)) throw error;
        log(error);
      }
      await removeSent(batch);
    }
  }

  function flush(): Promise<void> {
    if (sending) {
      again = true;
      return sending;
    }
    sending = (async () => {
      do {
        again = false;
        await drain().catch(log);
      } while (again);
    })().finally(() => (sending = null));
    return sending;
  }

  return {
    async record(category, action) {
      await ready;
      if (!enabled) return;
      const event: AnalyticsEvent = { id: newId(), category, action, occurredAt: new Date(now()).toISOString() };
      const size = await store.update(async (tx) => {
        const queue = [...((await tx.get<AnalyticsEvent[]>(ANALYTICS_QUEUE_KEY)) ?? []), event].slice(-maxQueued);
        tx.set(ANALYTICS_QUEUE_KEY, queue);
        return queue.length;
      });
      if (size >= batchSize) void flush();
    },
    setEnabled(value) {
      enabled = value;
    },
    flush,
    idle: async () => {
      while (sending) await sending;
    },
    queued,
    start() {
      if (stopListening) return;
      stopListening = connection.subscribe((online) => {
        if (online) void flush();
      });
      ticker = timers.setInterval(() => void flush(), intervalMs);
      void flush();
    },
    stop() {
      stopListening?.();
      stopListening = null;
      if (ticker !== undefined) timers.clearInterval(ticker);
      ticker = undefined;
    },
  };
}
