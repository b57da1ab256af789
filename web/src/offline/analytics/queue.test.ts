import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../api/types";
import { ANALYTICS_QUEUE_KEY } from "../keys";
import { type KeyValueStore, openStore } from "../store";
import { type Analytics, type Connection, createAnalytics } from "./queue";
import type { AnalyticsEvent } from "./events";

const T0 = Date.parse("2026-11-22T10:00:00.000Z");

class FakeConnection implements Connection {
  private listeners = new Set<(online: boolean) => void>();
  constructor(private state: boolean) {}
  online = () => this.state;
  subscribe = (listener: (online: boolean) => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(online: boolean) {
    this.state = online;
    for (const listener of this.listeners) listener(online);
  }
}

class FakeServer {
  batches: AnalyticsEvent[][] = [];
  failWith: Error | null = null;
  send = async (events: AnalyticsEvent[]) => {
    if (this.failWith) throw this.failWith;
    this.batches.push(events);
  };
  get sent() {
    return this.batches.flat();
  }
}

const opened: { store: KeyValueStore; analytics: Analytics }[] = [];

function setup({ online = false, batchSize = 100, maxQueued = 1000, factory = new IDBFactory() } = {}) {
  const store = openStore({ indexedDB: factory, channel: null, reload: () => {} });
  const connection = new FakeConnection(online);
  const server = new FakeServer();
  let n = 0;
  const analytics = createAnalytics({ store, send: server.send, connection, now: () => T0 + n * 1000, newId: () => `event-${++n}`, batchSize, maxQueued, log: () => {} });
  analytics.start();
  opened.push({ store, analytics });
  return { store, connection, server, analytics, factory };
}

afterEach(() => {
  for (const { store, analytics } of opened.splice(0)) {
    analytics.stop();
    store.close();
  }
});

describe("analytics on the device", () => {
  it("queues events in the store while offline, sending nothing", async () => {
    const { store, server, analytics } = setup();
    await analytics.record("NAVIGATION", "sites");
    await analytics.record("SERVICE", "perform");
    await analytics.flush();
    expect(server.batches).toEqual([]);
    expect(await store.get(ANALYTICS_QUEUE_KEY)).toEqual([
      { id: "event-1", category: "NAVIGATION", action: "sites", occurredAt: new Date(T0 + 1000).toISOString() },
      { id: "event-2", category: "SERVICE", action: "perform", occurredAt: new Date(T0 + 2000).toISOString() },
    ]);
  });

  it("drains the queue in batches when the connection comes back", async () => {
    const { store, connection, server, analytics } = setup({ batchSize: 2 });
    for (const action of ["sites", "site", "schedule"] as const) await analytics.record("NAVIGATION", action);
    connection.set(true);
    await analytics.idle();
    expect(server.batches.map((batch) => batch.map((event) => event.action))).toEqual([["sites", "site"], ["schedule"]]);
    expect(await store.get(ANALYTICS_QUEUE_KEY)).toEqual([]);
  });

  it("keeps the queue when a send fails for want of a network, and sends it later", async () => {
    const { connection, server, analytics } = setup();
    await analytics.record("EDIT", "site");
    server.failWith = new ApiError("offline", "Device is offline");
    connection.set(true);
    await analytics.idle();
    expect(await analytics.queued()).toHaveLength(1);
    server.failWith = null;
    await analytics.flush();
    expect(server.sent.map((event) => event.id)).toEqual(["event-1"]);
    expect(await analytics.queued()).toEqual([]);
  });

  it("drops a batch the server refuses as malformed, so it does not block the queue", async () => {
    const { connection, server, analytics } = setup();
    await analytics.record("EDIT", "site");
    server.failWith = new ApiError("api", "Unknown action", 400, "ValidationFailed");
    connection.set(true);
    await analytics.idle();
    expect(await analytics.queued()).toEqual([]);
  });

  it("sends what an earlier page queued", async () => {
    const factory = new IDBFactory();
    const first = setup({ factory });
    await first.analytics.record("REPORTS", "run_pdf");
    first.analytics.stop();
    const second = setup({ factory, online: true });
    await second.analytics.idle();
    expect(second.server.sent.map((event) => event.action)).toEqual(["run_pdf"]);
  });

  it("stops recording when the organisation turns analytics off, and still drains what was queued", async () => {
    const { connection, server, analytics } = setup();
    await analytics.record("EQUIPMENT", "add");
    analytics.setEnabled(false);
    await analytics.record("EQUIPMENT", "move");
    expect(await analytics.queued()).toHaveLength(1);
    connection.set(true);
    await analytics.idle();
    expect(server.sent.map((event) => event.action)).toEqual(["add"]);
    analytics.setEnabled(true);
    await analytics.record("EQUIPMENT", "change");
    await analytics.flush();
    expect(server.sent.map((event) => event.action)).toEqual(["add", "change"]);
  });

  it("keeps only the newest events when a device stays offline long", async () => {
    const { analytics } = setup({ maxQueued: 3 });
    for (const action of ["sites", "site", "schedule", "reports", "users"] as const) await analytics.record("NAVIGATION", action);
    expect((await analytics.queued()).map((event) => event.action)).toEqual(["schedule", "reports", "users"]);
  });
});
