// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../api/types";
import { SyncProvider } from "../../offline/SyncProvider";
import type { SyncStatus } from "../../offline/sync/status";
import { type TestTab, openTab, testWorld } from "../../test/fakeSync";
import { setViewportWidth } from "../../test/render";
import { SyncMessage } from "./SyncMessage";
import { syncModeText, syncStatusWords } from "./syncStatusWords";

const ORG = "0000000000000000000000000000000a";
const SITE = "1111111111111111111111111111111b";
const NOW = Date.parse("2026-11-22T10:00:00.000Z");
const hex = (n: number) => n.toString(16).padStart(32, "0");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function status(fields: Partial<SyncStatus> = {}): SyncStatus {
  return { state: "upToDate", online: true, rejected: [], pending: 0, lastSuccessfulDownloadDate: ago(60_000), lastSuccessfulUploadDate: ago(60_000), ...fields };
}

describe("the sync status's words", () => {
  it("keep §2's message while nothing waits", () => {
    expect(syncStatusWords(status(), NOW)).toEqual({
      text: "Up to date as of a minute ago",
      short: "Up to date as of a minute ago",
      failing: false,
      offline: false,
      syncNow: false,
    });
    expect(syncStatusWords(status({ state: "syncing" }), NOW).text).toBe("Checking for updates...");
    expect(syncStatusWords(status({ lastSuccessfulDownloadDate: undefined }), NOW).text).toBe("Up to date as of Never");
  });

  it("never say 'Up to date' while a change waits: they say how many, and when the last sync was", () => {
    expect(syncStatusWords(status({ pending: 1 }), NOW).text).toBe("1 change waiting to send · Last synced a minute ago");
    expect(syncStatusWords(status({ pending: 2, online: false, state: "error" }), NOW)).toEqual({
      text: "2 changes waiting to send · Last synced a minute ago",
      short: "2 waiting",
      failing: false,
      offline: true,
      syncNow: true,
    });
    expect(syncStatusWords(status({ pending: 2, state: "syncing" }), NOW).text).toBe("Sending 2 changes...");
    expect(syncStatusWords(status({ pending: 1, state: "syncing" }), NOW).text).toBe("Sending 1 change...");
    expect(syncStatusWords(status({ pending: 3, lastSuccessfulDownloadDate: undefined, lastSuccessfulUploadDate: undefined }), NOW).text).toBe(
      "3 changes waiting to send · Not synced yet",
    );
  });

  it("count photos waiting to upload apart from changes, and never say 'Up to date' while one waits", () => {
    expect(syncStatusWords(status({ waitingImages: 3 }), NOW)).toEqual({
      text: "3 photos waiting to send · Last synced a minute ago",
      short: "3 photos waiting",
      failing: false,
      offline: false,
      syncNow: false,
    });
    expect(syncStatusWords(status({ waitingImages: 1, pending: 2 }), NOW).text).toBe("2 changes waiting to send · 1 photo waiting to send · Last synced a minute ago");
    expect(syncStatusWords(status({ waitingImages: 1, pending: 2 }), NOW).short).toBe("2 waiting");
    expect(syncStatusWords(status({ waitingImages: 2, state: "syncing" }), NOW).text).toBe("Checking for updates... · 2 photos waiting to send");
    expect(syncStatusWords(status({ waitingImages: 2, state: "error", failureReason: "Server error" }), NOW).text).toBe("Sync failed: Server error · 2 photos waiting to send");
    expect(syncStatusWords(status({ waitingImages: 0 }), NOW).text).toBe("Up to date as of a minute ago");
  });

  it("say the last sync was the later of the last upload and the last download", () => {
    expect(syncStatusWords(status({ pending: 1, lastSuccessfulUploadDate: ago(5_000) }), NOW).text).toBe("1 change waiting to send · Last synced a few seconds ago");
  });

  it("never show a time in the future (a clock behind the stored time)", () => {
    expect(syncStatusWords(status({ lastSuccessfulDownloadDate: ago(-4_000) }), NOW).text).toBe("Up to date as of a few seconds ago");
    expect(syncStatusWords(status({ pending: 1, lastSuccessfulUploadDate: ago(-90_000) }), NOW).text).toBe("1 change waiting to send · Last synced a few seconds ago");
  });

  it("say why sync fails, with what waits, and offer Sync Now", () => {
    expect(syncStatusWords(status({ state: "error", failureReason: "Server error" }), NOW)).toEqual({
      text: "Sync failed: Server error",
      short: "Sync failed",
      detail: "Last synced a minute ago",
      failing: true,
      offline: false,
      syncNow: true,
    });
    expect(syncStatusWords(status({ state: "error", pending: 2, failureReason: "You need the EQUIPMENT_WRITE permission" }), NOW)).toMatchObject({
      text: "2 changes not sent: You need the EQUIPMENT_WRITE permission",
      short: "2 not sent",
    });
    expect(syncStatusWords(status({ state: "error", pending: 1, failureReason: "Server error" }), NOW).text).toBe("1 change not sent: Server error");
    // An earlier session failed, and did not say why.
    expect(syncStatusWords(status({ state: "error" }), NOW).text).toBe("An error happened while syncing");
  });

  it("say 'offline' when nothing answers, whatever the browser thinks, with Sync Now while changes wait", () => {
    expect(syncStatusWords(status({ state: "error", online: false, pending: 2, failureReason: "Device is offline" }), NOW)).toEqual({
      text: "2 changes waiting to send · Last synced a minute ago",
      short: "2 waiting",
      failing: false,
      offline: true,
      syncNow: true,
    });
    expect(syncStatusWords(status({ state: "error", online: false }), NOW)).toMatchObject({
      text: "Up to date as of a minute ago",
      offline: true,
      syncNow: false,
    });
  });
});

let tab: TestTab | null = null;

afterEach(() => {
  cleanup();
  tab?.close();
  tab = null;
  setViewportWidth(1280);
});

describe("the sync status in the header", () => {
  it("follows the engine: waiting, failing with the reason and Sync Now, then up to date", async () => {
    const world = testWorld(new IDBFactory());
    tab = openTab(world);
    const { engine } = tab;
    render(
      <SyncProvider engine={engine}>
        <SyncMessage />
      </SyncProvider>,
    );
    await act(() => engine.idle());
    expect(screen.getByRole("status").textContent).toMatch(/^Up to date as of /);
    expect(screen.queryByRole("button", { name: "Sync Now" })).toBeNull();

    world.server.failWith = new ApiError("server", "The database is down for maintenance", 503);
    await act(() => engine.put("equipment", { id: hex(1), orgId: ORG, locationId: SITE, name: "Lobby" }));
    await act(() => engine.put("equipment", { id: hex(2), orgId: ORG, locationId: SITE, name: "Boiler room" }));
    expect(screen.getByRole("status").textContent).toMatch(/^2 changes waiting to send · Last synced /);

    await act(() => engine.syncNow());
    expect(screen.getByRole("status").textContent).toBe("2 changes not sent: The database is down for maintenance");

    world.server.failWith = null;
    fireEvent.click(screen.getByRole("button", { name: "Sync Now" }));
    await act(() => engine.idle());
    expect(screen.getByRole("status").textContent).toMatch(/^Up to date as of /);
    expect(world.server.stored("equipment", hex(2))).toBeDefined();
    expect(screen.queryByRole("button", { name: "Sync Now" })).toBeNull();
  });

  it("says offline when the browser does", async () => {
    const world = testWorld(new IDBFactory());
    tab = openTab(world);
    const { engine, network } = tab;
    render(
      <SyncProvider engine={engine}>
        <SyncMessage />
      </SyncProvider>,
    );
    await act(() => engine.idle());
    world.server.offline = true;
    act(() => network.set(false));
    await act(() => engine.put("equipment", { id: hex(1), orgId: ORG, locationId: SITE, name: "Lobby" }));
    expect(screen.getByRole("status").textContent).toMatch(/^1 change waiting to send · Last synced .* offline$/);
    expect(screen.getByText("offline", { exact: true })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sync Now" })).toBeTruthy();
  });

  it("on a phone, says how many wait in a word or two, and opens the whole of it with Sync Now", async () => {
    setViewportWidth(375);
    const world = testWorld(new IDBFactory());
    tab = openTab(world);
    const { engine } = tab;
    render(
      <SyncProvider engine={engine}>
        <SyncMessage />
      </SyncProvider>,
    );
    await act(() => engine.idle());
    world.server.failWith = new ApiError("server", "The database is down for maintenance", 503);
    await act(() => engine.put("equipment", { id: hex(1), orgId: ORG, locationId: SITE, name: "Lobby" }));
    await act(() => engine.put("equipment", { id: hex(2), orgId: ORG, locationId: SITE, name: "Boiler room" }));
    expect(screen.getByRole("button", { name: "2 waiting" })).toBeTruthy();
    await act(() => engine.syncNow());
    expect(screen.getByRole("status").textContent).toBe("2 changes not sent: The database is down for maintenance");

    fireEvent.click(screen.getByRole("button", { name: "2 not sent" }));
    const details = await screen.findByRole("dialog", { name: "Sync" });
    expect(details.textContent).toMatch(/^2 changes not sent: The database is down for maintenanceLast synced /);
    world.server.failWith = null;
    fireEvent.click(within(details).getByRole("button", { name: "Sync Now" }));
    await act(() => engine.idle());
    expect(details.textContent).toMatch(/^Up to date as of /);
    expect(world.server.stored("equipment", hex(2))).toBeDefined();
    fireEvent.keyDown(details, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("status").textContent).toMatch(/^Up to date as of /);
  });

  it("keeps one line of a fixed height, whatever it says", async () => {
    const world = testWorld(new IDBFactory());
    tab = openTab(world);
    render(
      <SyncProvider engine={tab.engine}>
        <SyncMessage />
      </SyncProvider>,
    );
    await act(() => tab?.engine.idle());
    const strip = screen.getByTestId("sync-status");
    expect(getComputedStyle(strip).height).toBe("32px");
    const text = screen.getByRole("status").querySelector("p, span");
    expect(getComputedStyle(text as Element).whiteSpace).toBe("nowrap");
    expect(getComputedStyle(text as Element).textOverflow).toBe("ellipsis");
  });
});

describe("the sync mode", () => {
  it("says whether changes come live or at the minute's check, and nothing while offline", () => {
    expect(syncModeText(status({ live: true }))).toBe("Live updates");
    expect(syncModeText(status({ live: false }))).toBe("Checks for updates every minute");
    expect(syncModeText(status())).toBe("Checks for updates every minute");
    expect(syncModeText(status({ live: true, online: false }))).toBeUndefined();
  });

  it("shows Live beside the status while the stream is held, and the mode in the phone's details", async () => {
    const world = testWorld(new IDBFactory(), { live: true });
    tab = openTab(world);
    const { engine } = tab;
    engine.start();
    render(
      <SyncProvider engine={engine}>
        <SyncMessage />
      </SyncProvider>,
    );
    await waitFor(() => expect(screen.getByText("Live", { exact: true })).toBeTruthy());
    expect(screen.getByRole("status").textContent).toMatch(/^(Up to date as of|Checking for updates)/);
    cleanup();

    setViewportWidth(375);
    render(
      <SyncProvider engine={engine}>
        <SyncMessage />
      </SyncProvider>,
    );
    await act(() => engine.idle());
    fireEvent.click(screen.getByRole("button", { name: /Up to date as of/ }));
    const details = await screen.findByRole("dialog", { name: "Sync" });
    expect(details.textContent).toContain("Live updates");
  });
});
