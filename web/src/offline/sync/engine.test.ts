import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/types";
import type { UploadKind } from "../kinds";
import { CLOCK_OFFSET_KEY, OUTBOX_KEY, listKey } from "../keys";
import type { SyncRecord } from "../../domain/syncRecord";
import { type TestWorld, closingTabs, testWorld } from "../../test/fakeSync";

const ORG = "0000000000000000000000000000000a";
const SITE = "1111111111111111111111111111111b";
const T0 = Date.parse("2026-11-22T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const hex = (n: number) => n.toString(16).padStart(32, "0");

function item(n: number, fields: Partial<SyncRecord> = {}) {
  return { id: hex(n), orgId: ORG, locationId: SITE, name: `Item ${n}`, ...fields };
}

const open = closingTabs();

/** A started tab that has finished its first sync. */
async function started(world: TestWorld = testWorld(new IDBFactory())) {
  const tab = open(world);
  tab.engine.start();
  await tab.engine.idle();
  return { world, tab, engine: tab.engine, server: world.server, clock: world.clock };
}

describe("saving a local change", () => {
  it("stamps, flags and stores it under its site, and tells listeners", async () => {
    const { engine, tab } = await started();
    const saved = await engine.put("equipment", item(1));
    expect(saved).toEqual({ ...item(1), lastUpdated: iso(T0), hasBeenChangedLocally: true });
    expect(await tab.store.get(listKey("equipment", SITE))).toEqual([saved]);
    expect(await engine.list("equipment", SITE)).toEqual([saved]);
    expect(await engine.get("equipment", hex(1))).toEqual(saved);
    expect(await engine.get("equipment", hex(1), SITE)).toEqual(saved);
    expect(await engine.get("equipment", hex(1), "another site")).toBeUndefined();
    expect(tab.changed).toContainEqual(["equipment"]);
  });

  it("stamps an edit later than the copy it replaces, even with the clock behind", async () => {
    const { engine, server } = await started();
    server.seed("equipment", { ...item(1), lastUpdated: iso(T0 + HOUR) });
    await engine.syncNow();
    const saved = await engine.put("equipment", { ...item(1), name: "Edited" });
    expect(saved.lastUpdated).toBe(iso(T0 + HOUR + 1));
  });

  it("refuses a location-scoped record without a site, and global alerts", async () => {
    const { engine } = await started();
    await expect(engine.put("equipment", { id: hex(1), name: "Lobby" })).rejects.toThrow("locationId is not set");
    await expect(engine.put("globalAlerts" as UploadKind, { id: hex(1) })).rejects.toThrow("download only");
  });

  it("keeps a deleted record as a tombstone that lists and get leave out", async () => {
    const { engine, server, clock, tab } = await started();
    const saved = await engine.put("equipment", item(1));
    await engine.remove("equipment", saved);
    clock.advance(300);
    await engine.idle();
    expect(await engine.list("equipment", SITE)).toEqual([]);
    expect(await engine.get("equipment", hex(1))).toBeUndefined();
    expect(await tab.store.get(listKey("equipment", SITE))).toMatchObject([{ id: hex(1), deleted: true }]);
    expect(server.stored("equipment", hex(1))).toMatchObject({ deleted: true });
  });
});

describe("reading lists", () => {
  it("shares one read between screens until the kind changes, here, by a download or in another tab", async () => {
    const world = testWorld(new IDBFactory(), { channel: "engine-test-lists" });
    const { engine, server } = await started(world);
    await engine.put("equipment", item(1));
    const first = await engine.list("equipment", SITE);
    expect(await engine.list("equipment", SITE)).toBe(first);

    await engine.put("equipment", item(2));
    const afterPut = await engine.list("equipment", SITE);
    expect(afterPut.map((r) => r.id)).toEqual([hex(1), hex(2)]);

    server.seed("equipment", { ...item(3), lastUpdated: iso(T0) });
    await engine.syncNow();
    expect((await engine.list("equipment", SITE)).map((r) => r.id)).toEqual([hex(1), hex(2), hex(3)]);

    const other = open(world);
    other.engine.start();
    await other.engine.put("equipment", item(4));
    await expect.poll(async () => (await engine.list("equipment", SITE)).length).toBe(4);
  });
});

describe("upload", () => {
  it("sends three edits made within 300 ms in one request, without the local flag", async () => {
    const { engine, server, clock } = await started();
    await engine.put("equipment", item(1));
    clock.advance(100);
    await engine.put("equipment", item(2));
    clock.advance(100);
    await engine.put("equipment", item(3));
    clock.advance(299);
    await engine.idle();
    expect(server.uploads).toHaveLength(0);

    clock.advance(1);
    await engine.idle();
    expect(server.uploads).toHaveLength(1);
    const sent = server.uploads[0]?.equipment ?? [];
    expect(sent.map((r) => r.id)).toEqual([hex(1), hex(2), hex(3)]);
    expect(sent.every((r) => !("hasBeenChangedLocally" in r))).toBe(true);

    const local = await engine.list("equipment", SITE);
    expect(local.every((r) => !r.hasBeenChangedLocally && typeof r.version === "number")).toBe(true);
    expect(engine.status()).toMatchObject({ state: "upToDate", online: true, lastTrySuccessStatus: "yes", lastSuccessfulUploadDate: iso(T0 + 500) });
  });

  it("with no changes makes no request and only moves the last upload date", async () => {
    const { engine, server, clock } = await started();
    clock.advance(5_000);
    await engine.syncNow();
    expect(server.uploads).toHaveLength(0);
    expect(engine.status()).toMatchObject({ lastSuccessfulUploadDate: iso(T0 + 5_000), lastTrySuccessStatus: "yes" });
  });

  it("replaces a stale record with the server's newer copy", async () => {
    const { engine, server, clock } = await started();
    server.seed("equipment", { ...item(1), lastUpdated: iso(T0 - 1_000) });
    await engine.syncNow();
    // Another device, its clock a minute ahead, edits it meanwhile.
    server.seed("equipment", { ...item(1), name: "Office copy", lastUpdated: iso(T0 + 60_000) });
    await engine.put("equipment", { ...item(1), name: "My copy" });
    clock.advance(300);
    await engine.idle();
    expect(server.uploads).toHaveLength(1);
    expect(await engine.get("equipment", hex(1))).toMatchObject({ name: "Office copy", version: 2 });
    expect((await engine.get("equipment", hex(1)))?.hasBeenChangedLocally).toBeUndefined();
  });

  it("keeps a record under the server's stamp when it was kept under the time of receipt", async () => {
    // The device clock runs an hour ahead and no download has told it yet.
    const world = testWorld(new IDBFactory(), { serverAhead: -HOUR });
    const tab = open(world);
    const saved = await tab.engine.put("equipment", item(1));
    expect(saved.lastUpdated).toBe(iso(T0));
    await tab.engine.syncNow();
    const kept = world.server.stored("equipment", hex(1));
    expect(kept?.lastUpdated).toBe(iso(T0 - HOUR));
    expect(await tab.engine.get("equipment", hex(1))).toEqual({ ...item(1), lastUpdated: iso(T0 - HOUR), version: kept?.version });

    // A later edit on the device is stamped after the server's copy, and goes through.
    const edited = await tab.engine.put("equipment", item(1, { name: "Edited" }));
    expect(Date.parse(edited.lastUpdated)).toBeGreaterThan(T0 - HOUR);
    await tab.engine.syncNow();
    expect(world.server.stored("equipment", hex(1))).toMatchObject({ name: "Edited" });
  });

  it("leaves the local copy as it is when the server's copy changed again meanwhile", async () => {
    const world = testWorld(new IDBFactory(), { serverAhead: -HOUR });
    const tab = open(world);
    await tab.engine.put("equipment", item(1, { note: "first" }));
    const release = world.server.hold();
    const sync = tab.engine.syncNow();
    await vi.waitFor(() => expect(world.server.uploads).toHaveLength(1));
    const again = await tab.engine.put("equipment", item(1, { note: "second" }));
    release();
    await sync;
    expect(await tab.engine.get("equipment", hex(1))).toEqual(again);
  });

  it("keeps a stale record it may not read the newer copy of, unflagged, and says so", async () => {
    const { engine, server, clock } = await started();
    server.unreadable.add("history");
    const record = { id: hex(9), orgId: ORG, locationId: SITE, equipmentId: hex(1), type: 7, description: "Mine" };
    server.seed("history", { ...record, description: "Theirs", lastUpdated: iso(T0 + HOUR) });
    const saved = await engine.put("history", record);
    clock.advance(300);
    await engine.idle();
    const { hasBeenChangedLocally, ...unflagged } = saved;
    expect(hasBeenChangedLocally).toBe(true);
    expect(await engine.get("history", hex(9))).toEqual(unflagged);
    expect(await engine.pendingChanges()).toBe(0);
    expect(engine.status().rejected).toEqual([
      { kind: "history", id: hex(9), reason: "A newer change to this record is on the server, so this change was not saved.", at: iso(T0 + 300) },
    ]);
  });

  it("keeps a rejected record, unflagged, lists the reason, and does not send it again", async () => {
    const { engine, server, clock } = await started();
    await engine.put("equipment", item(1, { name: "" }));
    clock.advance(300);
    await engine.idle();
    expect(await engine.get("equipment", hex(1))).toMatchObject({ name: "" });
    expect((await engine.get("equipment", hex(1)))?.hasBeenChangedLocally).toBeUndefined();
    expect(engine.status().rejected).toEqual([{ kind: "equipment", id: hex(1), reason: "name: is required", at: iso(T0 + 300) }]);

    await engine.syncNow();
    expect(server.uploads).toHaveLength(1);

    // Fixed and accepted: no longer listed as refused.
    await engine.put("equipment", item(1, { name: "Lobby" }));
    clock.advance(300);
    await engine.idle();
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Lobby" });
    expect(engine.status().rejected).toEqual([]);
  });

  it("shows what was refused in a later session too", async () => {
    const { world, engine, clock } = await started();
    await engine.put("equipment", item(1, { name: "" }));
    clock.advance(300);
    await engine.idle();

    const later = open(world);
    later.engine.start();
    await later.engine.idle();
    expect(later.engine.status().rejected).toMatchObject([{ id: hex(1), reason: "name: is required" }]);
  });

  it("keeps an edit made while the upload was in flight flagged, and sends it next", async () => {
    const { engine, server, clock, tab } = await started();
    await engine.put("equipment", item(1, { note: "first" }));
    const release = server.hold();
    clock.advance(300);
    await vi.waitFor(() => expect(server.uploads).toHaveLength(1));

    await engine.put("equipment", item(1, { note: "second" }));
    release();
    await engine.idle();
    expect(server.stored("equipment", hex(1))).toMatchObject({ note: "first" });
    expect(await engine.get("equipment", hex(1))).toMatchObject({ note: "second", hasBeenChangedLocally: true });
    expect(await tab.store.get(OUTBOX_KEY)).toEqual([{ kind: "equipment", id: hex(1) }]);

    clock.advance(300);
    await engine.idle();
    expect(server.uploads[1]?.equipment).toMatchObject([{ id: hex(1), note: "second" }]);
    expect(server.stored("equipment", hex(1))).toMatchObject({ note: "second" });
    expect((await engine.get("equipment", hex(1)))?.hasBeenChangedLocally).toBeUndefined();
    expect(await tab.store.get(OUTBOX_KEY)).toEqual([]);
  });

  it("sends large uploads in batches", async () => {
    const world = testWorld(new IDBFactory());
    const tab = open(world, { uploadBatch: 2 });
    tab.engine.start();
    await tab.engine.idle();
    for (const n of [1, 2, 3, 4, 5]) await tab.engine.put("equipment", item(n));
    world.clock.advance(300);
    await tab.engine.idle();
    expect(world.server.uploads.map((body) => body.equipment?.length)).toEqual([2, 2, 1]);
    expect((await tab.engine.list("equipment")).some((r) => r.hasBeenChangedLocally)).toBe(false);
  });

  it("uploads what an earlier session left unsent when it starts", async () => {
    const world = testWorld(new IDBFactory());
    const first = open(world);
    await first.engine.put("equipment", item(1)); // not started: nothing is sent
    first.close();
    expect(world.server.uploads).toHaveLength(0);

    const second = open(world);
    second.engine.start();
    await second.engine.idle();
    expect(world.server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
  });
});

describe("offline", () => {
  it("sets the error state and offline, loses nothing, and sends it when back", async () => {
    const { engine, server, clock, tab } = await started();
    server.offline = true;
    await engine.put("equipment", item(1));
    clock.advance(300);
    await engine.idle();
    expect(engine.status()).toMatchObject({ state: "error", online: false, lastTrySuccessStatus: "no" });
    expect(tab.errors).toHaveLength(1);
    expect(await engine.get("equipment", hex(1))).toMatchObject({ hasBeenChangedLocally: true });

    server.offline = false;
    tab.network.set(true);
    await engine.idle();
    expect(engine.status()).toMatchObject({ state: "upToDate", online: true, lastTrySuccessStatus: "yes" });
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
  });

  it("counts the changes that have not reached the server", async () => {
    const { engine, server, clock } = await started();
    server.offline = true;
    await engine.put("equipment", item(1));
    await engine.put("equipment", item(2));
    await engine.put("equipment", item(1, { name: "Again" }));
    expect(await engine.pendingChanges()).toBe(2);
    server.offline = false;
    clock.advance(300);
    await engine.idle();
    expect(await engine.pendingChanges()).toBe(0);
  });

  it("tries an upload the server failed again after 2 s, then 4 s (no answer at all: reconnect.test.ts)", async () => {
    const { engine, server, clock } = await started();
    server.failWith = new ApiError("server", "Server error", 500);
    await engine.put("equipment", item(1));
    clock.advance(300);
    await engine.idle();
    clock.advance(2_000);
    await engine.idle();
    expect(engine.status().state).toBe("error");

    server.failWith = null;
    clock.advance(3_999);
    await engine.idle();
    expect(server.stored("equipment", hex(1))).toBeUndefined();
    clock.advance(1);
    await engine.idle();
    expect(server.stored("equipment", hex(1))).toMatchObject({ name: "Item 1" });
    expect(engine.status().state).toBe("upToDate");
  });

  it("follows the browser's offline event", async () => {
    const { engine, tab } = await started();
    tab.network.set(false);
    expect(engine.status().online).toBe(false);
  });
});

describe("clock", () => {
  it("stamps local changes with the server's time, learned from each download", async () => {
    const world = testWorld(new IDBFactory(), { serverAhead: HOUR });
    const { engine, tab } = await started(world);
    expect(await tab.store.get(CLOCK_OFFSET_KEY)).toBe(HOUR);
    expect((await engine.put("equipment", item(1))).lastUpdated).toBe(iso(T0 + HOUR));

    // The offset outlives the page: a new session stamps with it before any download.
    const later = open(world);
    expect((await later.engine.put("equipment", item(2))).lastUpdated).toBe(iso(T0 + HOUR));
  });
});

describe("clock offset in the status", () => {
  it("says how far the device clock is off, learned from each answer and kept for the next session", async () => {
    const world = testWorld(new IDBFactory(), { serverAhead: 12 * 60_000 });
    const { engine } = await started(world);
    expect(engine.status().clockOffset).toBe(12 * 60_000);

    const later = open(world);
    later.engine.start();
    await vi.waitFor(() => expect(later.engine.status().clockOffset).toBe(12 * 60_000));
    await later.engine.idle();
  });

  it("is unknown until the server has answered once", () => {
    const { engine } = open(testWorld(new IDBFactory()));
    expect(engine.status().clockOffset).toBeUndefined();
  });
});

describe("status", () => {
  it("tells subscribers it is syncing, then up to date", async () => {
    const { engine } = await started();
    const states: string[] = [];
    engine.subscribe((status) => states.push(status.state));
    await engine.syncNow();
    expect(states[0]).toBe("syncing");
    expect(states.at(-1)).toBe("upToDate");
  });

  it("starts in the error state when the last try of an earlier session failed", async () => {
    const world = testWorld(new IDBFactory());
    const first = open(world);
    world.server.offline = true;
    await first.engine.syncNow();
    expect(first.engine.status().lastTrySuccessStatus).toBe("no");

    const second = open(world);
    const hold = world.server.hold();
    second.engine.start();
    await vi.waitFor(() => expect(second.engine.status().lastTrySuccessStatus).toBe("no"));
    hold();
    await second.engine.idle();
  });
});

describe("lifecycle", () => {
  it("clears the device's records and stops when destroyed (sign-out)", async () => {
    const { engine, server, clock, tab } = await started();
    server.seed("equipment", { ...item(1), lastUpdated: iso(T0) });
    await engine.syncNow();
    expect(await tab.store.keys()).not.toEqual([]);
    await engine.destroy();
    expect(await tab.store.keys()).toEqual([]);
    await expect(engine.put("equipment", item(2))).rejects.toThrow("database is destroyed");
    const downloads = server.downloads.length;
    clock.advance(120_000);
    await engine.idle();
    expect(server.downloads).toHaveLength(downloads);
  });

  it("survives start, stop, start in one go (React's strict mode) and stops for good", async () => {
    const world = testWorld(new IDBFactory());
    const { engine } = open(world);
    engine.start();
    engine.stop();
    engine.start();
    await engine.idle();
    const first = world.server.downloads.length;
    expect(first).toBe(1);

    world.clock.advance(60_000);
    await engine.idle();
    expect(world.server.downloads).toHaveLength(first + 1);

    engine.stop();
    await engine.put("equipment", item(1));
    world.clock.advance(120_000);
    await engine.idle();
    expect(world.server.downloads).toHaveLength(first + 1);
    expect(world.server.uploads).toHaveLength(0);
  });
});
