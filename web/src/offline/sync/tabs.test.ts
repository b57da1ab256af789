import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it, vi } from "vitest";
import { type TestTab, type TestWorld, closingTabs, testWorld } from "../../test/fakeSync";
import { ORG, hex, siteRecord as site } from "../../test/syncRecords";

const SITE = "1111111111111111111111111111111b";

let worlds = 0;
const open = closingTabs();

/** Two tabs of one browser: one IndexedDB, one lock manager, one channel. */
function twoTabs(): { world: TestWorld; a: TestTab; b: TestTab } {
  const world = testWorld(new IDBFactory(), { channel: `tabs-test-${++worlds}` });
  const a = open(world);
  const b = open(world);
  return { world, a, b };
}

async function idle(...all: TestTab[]) {
  await Promise.all(all.map((tab) => tab.engine.idle()));
}

describe("two tabs", () => {
  it("sync one at a time", async () => {
    const { world, a, b } = twoTabs();
    world.server.seed("locations", site(1));
    const release = world.server.hold();
    const first = a.engine.syncNow();
    const second = b.engine.syncNow();
    await vi.waitFor(() => expect(world.server.downloads).toHaveLength(1));
    release();
    await Promise.all([first, second]);
    expect(world.server.downloads).toHaveLength(2);
    expect(world.server.mostAtOnce).toBe(1);
  });

  it("skip a periodic sync while the other tab is syncing", async () => {
    const { world, a, b } = twoTabs();
    a.engine.start();
    b.engine.start();
    await idle(a, b);
    expect(world.server.downloads).toHaveLength(1);
    const release = world.server.hold();
    const run = b.engine.syncNow();
    await vi.waitFor(() => expect(world.server.downloads).toHaveLength(2));
    world.clock.advance(60_000); // the leader's turn, while the other tab holds the sync lock
    release();
    await run;
    await idle(a, b);
    expect(world.server.downloads).toHaveLength(2);
  });

  it("re-read what the other tab merged, without downloading it again", async () => {
    const { world, a, b } = twoTabs();
    a.engine.start();
    b.engine.start();
    await idle(a, b);
    world.server.seed("locations", site(1));
    await a.engine.syncNow();
    await vi.waitFor(() => expect(b.changed).toContainEqual(expect.arrayContaining(["locations"])));
    expect(await b.engine.list("locations")).toMatchObject([{ id: hex(1) }]);
    // The leader's first sync and its Sync Now; none from the other tab.
    expect(world.server.downloads).toHaveLength(2);
  });

  it("patch the other tab's lists with the records one saved, without reading the store", async () => {
    const { a, b } = twoTabs();
    b.engine.start();
    await idle(b);
    const equipment = (n: number, name: string) => ({ id: hex(n), orgId: ORG, locationId: SITE, name });
    await a.engine.put("equipment", equipment(1, "Extinguisher 1"));
    await expect.poll(async () => (await b.engine.list("equipment", SITE)).map((r) => r.name)).toEqual(["Extinguisher 1"]);

    const readList = vi.spyOn(b.store, "readList");
    await a.engine.put("equipment", equipment(1, "Extinguisher 1 (lobby)"));
    await a.engine.put("equipment", equipment(2, "Extinguisher 2"));
    await expect
      .poll(async () => (await b.engine.list("equipment", SITE)).map((r) => r.name))
      .toEqual(["Extinguisher 1 (lobby)", "Extinguisher 2"]);
    expect(readList).not.toHaveBeenCalled();
    // And what the other tab shows is what is stored.
    expect(await b.engine.list("equipment", SITE)).toEqual(await a.store.readList([`equipment:${SITE}`]));
  });

  it("show the syncing tab's status and dates", async () => {
    const { world, a, b } = twoTabs();
    b.engine.start();
    await idle(b);
    world.clock.advance(1_000);
    await a.engine.syncNow();
    await vi.waitFor(() =>
      expect(b.engine.status()).toMatchObject({ state: "upToDate", lastTrySuccessStatus: "yes", lastSuccessfulDownloadDate: a.engine.status().lastSuccessfulDownloadDate }),
    );
  });

  it("upload a change made in the tab that does not lead", async () => {
    const { world, a, b } = twoTabs();
    a.engine.start();
    b.engine.start();
    await idle(a, b);
    await b.engine.put("equipment", { id: hex(7), orgId: ORG, locationId: SITE, name: "Lobby" });
    world.clock.advance(300);
    await idle(a, b);
    expect(world.server.stored("equipment", hex(7))).toMatchObject({ name: "Lobby" });
    await vi.waitFor(() => expect(a.changed).toContainEqual(["equipment"]));
  });

  it("keep both of two changes saved at once to the same site", async () => {
    const { a, b } = twoTabs();
    await Promise.all([
      a.engine.put("equipment", { id: hex(1), orgId: ORG, locationId: SITE, name: "From A" }),
      b.engine.put("equipment", { id: hex(2), orgId: ORG, locationId: SITE, name: "From B" }),
    ]);
    expect((await a.engine.list("equipment", SITE)).map((r) => r.name).sort()).toEqual(["From A", "From B"]);
  });

  it("leave the periodic downloads to one tab, until it stops", async () => {
    const { world, a, b } = twoTabs();
    a.engine.start();
    b.engine.start();
    await idle(a, b);
    expect(world.server.downloads).toHaveLength(1);

    world.clock.advance(60_000);
    await idle(a, b);
    expect(world.server.downloads).toHaveLength(2);

    a.engine.stop();
    await vi.waitFor(() => expect(world.server.downloads).toHaveLength(3));
    await idle(b);
    world.clock.advance(60_000);
    await idle(b);
    expect(world.server.downloads).toHaveLength(4);
  });
});
