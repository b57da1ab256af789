// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SyncProvider, useRecords, useSyncEngine, useSyncStatus } from "./SyncProvider";
import { type TestTab, openTab, testWorld } from "../test/fakeSync";
import type { SyncEngine } from "./sync/engine";
import type { SyncStatus } from "./sync/status";

const ORG = "0000000000000000000000000000000a";
const SITE = "1111111111111111111111111111111b";
const hex = (n: number) => n.toString(16).padStart(32, "0");

interface Item {
  id: string;
  name: string;
}

function Items({ locationId }: { locationId: string }) {
  const items = useRecords<Item>("equipment", locationId);
  const status = useSyncStatus();
  return (
    <>
      <p role="status">{status.state}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>{item.name}</li>
        ))}
      </ul>
    </>
  );
}

let tab: TestTab | null = null;

afterEach(() => {
  cleanup();
  tab?.close();
  tab = null;
});

describe("SyncProvider", () => {
  it("runs the image uploader beside the engine, kicked after each successful sync run, stopped on unmount", async () => {
    const world = testWorld(new IDBFactory());
    tab = openTab(world);
    const { engine } = tab;
    const images = { start: vi.fn(), stop: vi.fn(), kick: vi.fn(), idle: vi.fn(async () => {}) };
    world.server.offline = true;
    const view = render(
      <SyncProvider engine={engine} images={images}>
        <Items locationId={SITE} />
      </SyncProvider>,
    );
    expect(images.start).toHaveBeenCalledTimes(1);
    await act(() => engine.idle());
    expect(images.kick).not.toHaveBeenCalled();
    world.server.offline = false;
    await act(() => engine.syncNow());
    expect(images.kick).toHaveBeenCalled();
    view.unmount();
    expect(images.stop).toHaveBeenCalledTimes(1);
  });

  it("renders a screen that reads one part of the status again only when that part changes", () => {
    // The status is read through the browser's store hook, which renders at once and whole: a
    // screen that showed the sync state rendered again for each clock offset a download heard.
    let current: SyncStatus = { state: "syncing", online: true, rejected: [], pending: 0 };
    const listeners = new Set<(status: SyncStatus) => void>();
    const publish = (patch: Partial<SyncStatus>) => {
      current = { ...current, ...patch };
      for (const listener of listeners) listener(current);
    };
    const engine = {
      start: () => {},
      stop: () => {},
      status: () => current,
      subscribe: (listener: (status: SyncStatus) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as SyncEngine;
    const renders = vi.fn();
    function State() {
      const state = useSyncStatus((status) => status.state);
      renders();
      return <p role="status">{state}</p>;
    }
    render(
      <SyncProvider engine={engine}>
        <State />
      </SyncProvider>,
    );
    renders.mockClear();
    act(() => publish({ clockOffset: 12 }));
    act(() => publish({ clockOffset: 15, pending: 1 }));
    expect(renders).not.toHaveBeenCalled();
    act(() => publish({ state: "upToDate" }));
    expect(screen.getByRole("status").textContent).toBe("upToDate");
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it("runs the engine and shows a site's records, re-read when they change", async () => {
    const world = testWorld(new IDBFactory());
    world.server.seed("equipment", { id: hex(1), orgId: ORG, locationId: SITE, name: "Lobby", lastUpdated: "2026-11-22T09:00:00.000Z" });
    tab = openTab(world);
    const { engine } = tab;
    render(
      <SyncProvider engine={engine}>
        <Items locationId={SITE} />
      </SyncProvider>,
    );
    expect(await screen.findByText("Lobby")).toBeTruthy();
    await act(() => engine.idle());
    expect(screen.getByRole("status").textContent).toBe("upToDate");

    await act(() => engine.put("equipment", { id: hex(2), orgId: ORG, locationId: SITE, name: "Boiler room" }));
    expect(await screen.findByText("Boiler room")).toBeTruthy();

    await act(() => engine.remove("equipment", { id: hex(1), orgId: ORG, locationId: SITE, name: "Lobby" }));
    await act(() => engine.idle());
    expect(screen.queryByText("Lobby")).toBeNull();
  });

  it("gives the engine to screens, and refuses outside the provider", () => {
    const world = testWorld(new IDBFactory());
    tab = openTab(world);
    let seen: unknown = null;
    function Probe() {
      seen = useSyncEngine();
      return null;
    }
    render(
      <SyncProvider engine={tab.engine}>
        <Probe />
      </SyncProvider>,
    );
    expect(seen).toBe(tab.engine);
    expect(() => render(<Probe />)).toThrow("useSyncEngine outside SyncProvider");
  });
});
