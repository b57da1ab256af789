// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { SyncProvider } from "../../offline/SyncProvider";
import { type TestTab, openTab, testWorld } from "../../test/fakeSync";
import { ClockWarning, clockWarning } from "./ClockWarning";

const MINUTE = 60_000;
const ADVICE = "Set the date and time to automatic so your work is dated correctly.";

let tab: TestTab | null = null;

afterEach(() => {
  cleanup();
  tab?.close();
  tab = null;
});

describe("the device clock warning", () => {
  it("says nothing within 5 minutes either way, or before the server has answered", () => {
    expect(clockWarning(undefined)).toBeNull();
    expect(clockWarning(0)).toBeNull();
    expect(clockWarning(5 * MINUTE)).toBeNull();
    expect(clockWarning(-5 * MINUTE)).toBeNull();
  });

  it("says how far fast or slow, in minutes, hours or days", () => {
    // The offset is the server's clock minus the device's: negative when the device runs ahead.
    expect(clockWarning(-12 * MINUTE)).toBe(`This device's clock is 12 minutes fast. ${ADVICE}`);
    expect(clockWarning(5 * MINUTE + 1_000)).toBe(`This device's clock is 5 minutes slow. ${ADVICE}`);
    expect(clockWarning(-61 * MINUTE)).toBe(`This device's clock is 1 hour fast. ${ADVICE}`);
    expect(clockWarning(3 * 60 * MINUTE + 20 * MINUTE)).toBe(`This device's clock is 3 hours slow. ${ADVICE}`);
    expect(clockWarning(-26 * 60 * MINUTE)).toBe(`This device's clock is 1 day fast. ${ADVICE}`);
    expect(clockWarning(-400 * 24 * 60 * MINUTE)).toBe(`This device's clock is 400 days fast. ${ADVICE}`);
  });

  it("shows in the shell once a sync has told the offset", async () => {
    const world = testWorld(new IDBFactory(), { serverAhead: 12 * MINUTE });
    tab = openTab(world);
    const engine = tab.engine;
    render(
      <SyncProvider engine={engine}>
        <ClockWarning />
      </SyncProvider>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    await act(() => engine.syncNow());
    expect((await screen.findByRole("alert")).textContent).toBe(`This device's clock is 12 minutes slow. ${ADVICE}`);
  });
});
