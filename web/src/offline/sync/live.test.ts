import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/types";
import { type LiveFakeSyncServer, type TestTab, type TestWorld, closingTabs, testWorld } from "../../test/fakeSync";
import { hex, siteRecord as site } from "../../test/syncRecords";
import { LIVE_RETRY_MAX_MS, LIVE_SILENCE_MS, liveRetryDelay } from "./live";

let worlds = 0;
const openClosing = closingTabs();

function liveWorld(): TestWorld & { server: LiveFakeSyncServer } {
  return testWorld(new IDBFactory(), { live: true, channel: `live-test-${++worlds}` }) as TestWorld & { server: LiveFakeSyncServer };
}

function open(world: TestWorld): TestTab {
  return openClosing(world, { random: () => 0.5 });
}

/** Moves the clock on in steps, letting the engines settle after each. */
async function pass(world: TestWorld, ms: number, ...all: TestTab[]): Promise<void> {
  for (let left = ms; left > 0; left -= Math.min(left, 100)) {
    world.clock.advance(Math.min(left, 100));
    await settle(...all);
  }
}

async function settle(...all: TestTab[]): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(all.map((tab) => tab.engine.idle()));
  }
}

/** Lets the event loop turn `n` times (the store's reads answer in a turn), without waiting for runs. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A started tab holding the stream, its first sync done. */
async function live(world = liveWorld()) {
  const tab = open(world);
  tab.engine.start();
  await vi.waitFor(() => expect(tab.engine.status().live).toBe(true));
  await settle(tab);
  return { world, tab, server: world.server };
}

/** A live tab whose Sync Now has asked for its download, the server holding the answer until `release`. */
async function heldDownload() {
  const { world, tab, server } = await live();
  const downloads = server.downloads.length;
  const release = server.hold();
  const run = tab.engine.syncNow();
  await vi.waitFor(() => expect(server.downloads).toHaveLength(downloads + 1));
  return { world, tab, server, downloads, release, run };
}

describe("liveRetryDelay", () => {
  it("waits anything from nothing to a doubling pause, 1 s, 2 s, 4 s … up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => liveRetryDelay(failures, () => 0.999_999))).toEqual([999, 1_999, 3_999, 7_999, 15_999, 29_999, 29_999, 29_999]);
    expect(liveRetryDelay(6, () => 0)).toBe(0);
    expect(liveRetryDelay(3, () => 0.5)).toBe(2_000);
  });
});

describe("live sync", () => {
  it("downloads a change as soon as the server announces it, once", async () => {
    const { world, tab, server } = await live();
    const downloads = server.downloads.length;
    server.seed("locations", site(1));
    await pass(world, 1_000, tab);
    expect(server.downloads).toHaveLength(downloads + 1);
    expect(await tab.engine.list("locations")).toMatchObject([{ id: hex(1) }]);
    expect(tab.engine.status().state).toBe("upToDate");
  });

  it("runs exactly once more for every notice heard during a run whose answer came before them", async () => {
    const { world, tab, server, downloads, release, run } = await heldDownload();
    release();
    // The answer is made (it takes a turn); the run is still saving it when the notices come.
    await turns(2);
    server.seed("locations", site(1));
    server.seed("locations", site(2));
    await turns(1);
    server.seed("locations", site(3));
    await run;
    await pass(world, 1_000, tab);
    expect(server.downloads).toHaveLength(downloads + 2);
    expect((await tab.engine.list("locations")).map((s) => s.id).sort()).toEqual([hex(1), hex(2), hex(3)]);
  });

  it("does not download again for notices the run under way brought down (a first download)", async () => {
    const { world, tab, server, downloads, release, run } = await heldDownload();
    server.seed("locations", site(1));
    server.seed("locations", site(2));
    await turns(20);
    release();
    await run;
    await pass(world, 1_000, tab);
    expect(server.downloads).toHaveLength(downloads + 1);
    expect((await tab.engine.list("locations")).map((s) => s.id).sort()).toEqual([hex(1), hex(2)]);
    expect(tab.engine.status().state).toBe("upToDate");
  });

  it("still downloads when Sync Now joins a notice's queued download", async () => {
    const { world, tab, server, downloads, release, run: first } = await heldDownload();
    server.seed("locations", site(1));
    await turns(20);
    const second = tab.engine.syncNow();
    release();
    await Promise.all([first, second]);
    await pass(world, 1_000, tab);
    expect(server.downloads).toHaveLength(downloads + 2);
  });

  it("does not download for a version the device already has", async () => {
    const { world, tab, server } = await live();
    const downloads = server.downloads.length;
    server.cut();
    await pass(world, LIVE_RETRY_MAX_MS, tab);
    expect(server.connects).toBe(2);
    expect(server.downloads).toHaveLength(downloads);
  });

  it("sends what waited as soon as a notice's download hears the server again, before the probe does", async () => {
    const { world, tab, server } = await live();
    server.offline = true;
    await tab.engine.put("locations", site(2));
    await pass(world, 500, tab);
    expect(tab.engine.status()).toMatchObject({ online: false, pending: 1 });

    // The server answers again, and the stream (still open) tells of another device's change.
    server.offline = false;
    server.seed("locations", site(1));
    await pass(world, 300, tab);
    expect(server.stored("locations", hex(2))).toMatchObject({ id: hex(2) });
    expect(tab.engine.status()).toMatchObject({ online: true, pending: 0 });
  });

  it("sends what waited with the retry when that download hears the server again but fails", async () => {
    const { world, tab, server } = await live();
    server.offline = true;
    await tab.engine.put("locations", site(2));
    await pass(world, 500, tab);

    server.offline = false;
    server.failWith = new ApiError("api", "Internal error", 500);
    server.seed("locations", site(1));
    await pass(world, 300, tab);
    expect(tab.engine.status()).toMatchObject({ online: true, pending: 1 });
    server.failWith = null;
    // The retry comes 2 s later; the periodic sync would be minutes away.
    await pass(world, 2_500, tab);
    expect(server.stored("locations", hex(2))).toMatchObject({ id: hex(2) });
    expect(tab.engine.status()).toMatchObject({ online: true, pending: 0 });
  });

  it("reconnects after the stream is cut and catches up on what was written meanwhile", async () => {
    const { world, tab, server } = await live();
    server.cut();
    await settle(tab);
    expect(tab.engine.status().live).toBe(false);
    server.seed("locations", site(1));
    await pass(world, 1_000, tab);
    expect(server.streams).toBe(1);
    expect(tab.engine.status().live).toBe(true);
    expect(await tab.engine.list("locations")).toMatchObject([{ id: hex(1) }]);
  });

  it("asks again at once, with a refreshed token, when the server ends the stream because the token expired", async () => {
    const { world, tab, server } = await live();
    server.seed("locations", site(1));
    server.cut("tokenExpired");
    await vi.waitFor(() => expect(server.connects).toBe(2));
    await pass(world, 1_000, tab);
    expect(tab.engine.status().live).toBe(true);
    expect(await tab.engine.list("locations")).toMatchObject([{ id: hex(1) }]);
  });

  it("tries again after growing pauses while the server has no stream, downloading every minute meanwhile", async () => {
    const { world, tab, server } = await live();
    server.refuseStreams = new ApiError("api", "Not found", 404);
    server.cut();
    const downloads = server.downloads.length;
    await pass(world, 5 * 60_000, tab);
    // 0.5 of 1, 2, 4, 8, 16, then 30 s: 15 s, then every 15 s.
    expect(server.connects).toBeGreaterThanOrEqual(1 + 5 + 16);
    expect(server.connects).toBeLessThanOrEqual(1 + 5 + 20);
    expect(server.downloads.length - downloads).toBe(5);
    expect(tab.engine.status().live).toBe(false);

    server.refuseStreams = null;
    await pass(world, 15_000, tab);
    expect(tab.engine.status().live).toBe(true);
  });

  it("slows the periodic download to every 5 minutes while the stream is held, without stopping it", async () => {
    const { world, tab, server } = await live();
    const downloads = server.downloads.length;
    await pass(world, 10 * 60_000, tab);
    expect(server.downloads.length - downloads).toBe(2);
  });

  it("gives the stream up when the server refuses this user (session ended, access removed), and downloads every minute", async () => {
    const { world, tab, server } = await live();
    server.refuseStreams = new ApiError("api", "You are no longer a member of this organization", 403);
    server.cut("access removed");
    await pass(world, 10 * 60_000, tab);
    expect(server.connects).toBe(2);
    expect(tab.engine.status().live).toBe(false);
  });

  it("takes a silent stream for dead and asks again; keep-alives keep it", async () => {
    const { world, tab, server } = await live();
    for (let i = 0; i < 8; i++) {
      await pass(world, 15_000, tab);
      server.keepAlive();
    }
    expect(server.connects).toBe(1);
    await pass(world, LIVE_SILENCE_MS + 1_000, tab);
    expect(server.connects).toBe(2);
    expect(tab.engine.status().live).toBe(true);
  });

  it("lets the stream go offline and asks at once when the browser is back online", async () => {
    const { world, tab, server } = await live();
    tab.network.set(false);
    server.offline = true;
    await pass(world, 2 * 60_000, tab);
    expect(tab.engine.status().live).toBe(false);
    expect(server.streams).toBe(0);
    expect(server.connects).toBeLessThanOrEqual(1 + 4);

    server.offline = false;
    server.seed("locations", site(1));
    tab.network.set(true);
    await pass(world, 1_000, tab);
    expect(tab.engine.status().live).toBe(true);
    expect(await tab.engine.list("locations")).toMatchObject([{ id: hex(1) }]);
  });
});

describe("live sync across tabs", () => {
  it("holds one stream for every tab, tells the others, and hands it over when its tab closes", async () => {
    const { world, tab: first, server } = await live();
    const second = open(world);
    second.engine.start();
    await vi.waitFor(() => expect(second.engine.status().live).toBe(true));
    expect(server.streams).toBe(1);

    server.seed("locations", site(1));
    await pass(world, 1_000, first, second);
    await vi.waitFor(async () => expect(await second.engine.list("locations")).toMatchObject([{ id: hex(1) }]));

    first.close();
    await vi.waitFor(() => expect(server.connects).toBe(2));
    await vi.waitFor(() => expect(server.streams).toBe(1));
    expect(second.engine.status().live).toBe(true);
    server.seed("locations", site(2));
    await pass(world, 1_000, second);
    expect((await second.engine.list("locations")).map((s) => s.id).sort()).toEqual([hex(1), hex(2)]);
  });
});
