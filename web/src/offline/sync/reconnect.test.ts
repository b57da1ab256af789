import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/types";
import type { SyncRecord } from "../../domain/syncRecord";
import { type TestTab, type TestWorld, closingTabs, testWorld } from "../../test/fakeSync";

const ORG = "0000000000000000000000000000000a";
const SITE = "1111111111111111111111111111111b";
const hex = (n: number) => n.toString(16).padStart(32, "0");

function item(n: number, fields: Partial<SyncRecord> = {}) {
  return { id: hex(n), orgId: ORG, locationId: SITE, name: `Item ${n}`, ...fields };
}

const open = closingTabs();

async function started(world: TestWorld = testWorld(new IDBFactory())) {
  const tab = open(world);
  tab.engine.start();
  await tab.engine.idle();
  return { world, tab, engine: tab.engine, server: world.server, clock: world.clock, network: tab.network };
}

/** Moves the clock on a second at a time, letting each timer's work finish, as real time would. */
async function pass(clock: TestWorld["clock"], tab: TestTab, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= Math.min(left, 100)) {
    clock.advance(Math.min(left, 100));
    await tab.engine.idle();
  }
}

describe("noticing the network is back", () => {
  it("uploads at once on the browser's online event", async () => {
    const { engine, server, clock, tab, network } = await started();
    network.set(false);
    server.offline = true;
    await engine.put("equipment", item(1));
    await pass(clock, tab, 75_000);

    server.offline = false;
    network.set(true);
    await engine.idle();
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
    expect(engine.status()).toMatchObject({ state: "upToDate", online: true, pending: 0 });
  });

  it("after 75 s with no answer, uploads within 2 s of the server answering again, with no online event", async () => {
    const { engine, server, clock, tab } = await started();
    server.offline = true;
    await engine.put("equipment", item(1));
    await pass(clock, tab, 75_000);
    expect(engine.status()).toMatchObject({ online: false, pending: 1 });

    server.offline = false;
    await pass(clock, tab, 2_000);
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
    expect(engine.status()).toMatchObject({ state: "upToDate", online: true, pending: 0 });
  });

  it("after 75 s with the browser offline, uploads within 2 s of its network coming back silently", async () => {
    const { engine, server, clock, tab, network } = await started();
    network.set(false);
    server.offline = true;
    await engine.put("equipment", item(1));
    await pass(clock, tab, 75_000);

    network.set(true, { event: false });
    server.offline = false;
    await pass(clock, tab, 2_000);
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
  });

  it("asks cheaply while offline: a probe every 1 to 2 s, no sync run, no 'syncing' flicker", async () => {
    const { engine, server, clock, tab } = await started();
    server.offline = true;
    await engine.put("equipment", item(1));
    await pass(clock, tab, 1_000);
    const uploads = server.uploads.length;
    const pings = server.pings;
    const states: string[] = [];
    engine.subscribe((status) => states.push(status.state));

    await pass(clock, tab, 60_000);
    expect(server.uploads).toHaveLength(uploads);
    expect(server.pings - pings).toBeGreaterThanOrEqual(30);
    expect(server.pings - pings).toBeLessThanOrEqual(60);
    expect(states).not.toContain("syncing");
  });

  it("probes slowly while the page is hidden, and at once when it is shown again", async () => {
    const { engine, server, clock, tab, network } = await started();
    server.offline = true;
    await engine.put("equipment", item(1));
    await pass(clock, tab, 5_000);
    network.setVisible(false);
    const pings = server.pings;
    await pass(clock, tab, 60_000);
    expect(server.pings - pings).toBeLessThanOrEqual(3);

    server.offline = false;
    network.setVisible(true);
    await pass(clock, tab, 100);
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
  });

  it("sends what waits when the page is shown again, without waiting for timers a frozen page missed", async () => {
    const { engine, server, network } = await started();
    network.setVisible(false);
    await engine.put("equipment", item(1));
    // The clock does not move: the page was frozen before its debounced upload.
    network.setVisible(true);
    await engine.idle();
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
  });

  it("keeps retrying a server that answers with an error, at least every 30 s", async () => {
    const { engine, server, clock, tab } = await started();
    server.failWith = new ApiError("server", "Server error", 500);
    await engine.put("equipment", item(1));
    await pass(clock, tab, 10 * 60_000);
    const uploads = server.uploads.length;
    await pass(clock, tab, 30_000);
    expect(server.uploads.length).toBeGreaterThan(uploads);

    server.failWith = null;
    await pass(clock, tab, 30_000);
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
  });

  it("shares what one tab learns: a hidden tab is back as soon as the shown one notices", async () => {
    const world = testWorld(new IDBFactory(), { channel: `reconnect-test-${Date.now()}` });
    const { tab: shown, server, clock } = await started(world);
    const { tab: hidden } = await started(world);
    hidden.network.setVisible(false);
    server.offline = true;
    await shown.engine.syncNow();
    await vi.waitFor(() => expect(hidden.engine.status().online).toBe(false));
    await pass(clock, shown, 5_000);

    server.offline = false;
    await pass(clock, shown, 2_000);
    await vi.waitFor(() => expect(hidden.engine.status()).toMatchObject({ online: true }));
    expect(server.pings).toBeGreaterThan(0);
  });

  it("leaves the periodic sync alone while offline: the probe brings it back", async () => {
    const { server, clock, tab, network } = await started();
    network.set(false);
    server.offline = true;
    const downloads = server.downloads.length;
    await pass(clock, tab, 180_000);
    expect(server.downloads).toHaveLength(downloads);
  });
});
