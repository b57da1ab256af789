// @vitest-environment jsdom
// The list, its badges and the tag screen read one due rule (the due engine's `dueLists`), so
// they cannot contradict each other on the same records.
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../../domain/history";
import { setViewportWidth } from "../../../test/render";
import { type Device, SITE, type Seed, catalogueSeeds, daysAgo, hex, itemSeeds, openDevice, pathOf, renderRoutes } from "../../../test/equipment/device";
import { scanningRoutes } from "../barcodes/routes";
import { EquipmentList } from "./EquipmentList";

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 8_000 });

const LOBBY = hex(0x1001);
const KITCHEN = hex(0x1002);
const STAIRS = hex(0x1003);
const DOCK = hex(0x1004);

/**
 * Lobby: inspected a year ago (inspection due, overdue). Kitchen: both services done yesterday
 * but a deficiency is open (due on both lists). Stairwell: inspection due, but could not be
 * serviced today (off the due lists, shown under All). Dock: done yesterday (nothing due).
 */
function seeds(): Seed[] {
  return [
    ...catalogueSeeds(),
    ...itemSeeds(LOBBY, "Lobby", 365, 30),
    ...itemSeeds(KITCHEN, "Kitchen", 1, 1),
    ...itemSeeds(STAIRS, "Stairwell B", 365, 30),
    ...itemSeeds(DOCK, "Loading dock", 1, 1),
    ["deficiencies", { id: hex(0x2001), equipmentId: KITCHEN, locationId: SITE, description: "Gauge in the red", dateOpened: daysAgo(2), dateClosed: "" }],
    ["history", { id: hex(0x3001), equipmentId: STAIRS, locationId: SITE, type: HistoryType.couldNotService, description: "Could not access", date: new Date().toISOString() }],
  ];
}

let device: Device | null = null;
afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

const routes = [{ path: "/sites/:locationId", element: <EquipmentList locationId={SITE} /> }, ...scanningRoutes];
const tab = (name: RegExp) => screen.getByRole("tab", { name });
const row = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });

/** What the tag screen says of the item's due state: its lines, one per due list it is on. */
async function tagSays(user: ReturnType<typeof userEvent.setup>, name: string): Promise<string[]> {
  await user.click(row(name));
  const status = await screen.findByRole("region", { name: "Due status" });
  const lines = within(status)
    .getAllByRole("paragraph")
    .map((item) => item.textContent ?? "");
  await user.click(screen.getByRole("button", { name: "Back" }));
  await screen.findByRole("tab", { name: /^Inspection Due/ });
  return lines;
}

describe("the due state on a phone: list rows, badges and tag screen agree", () => {
  it("counts, marks and explains the same items the same way", async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    device = await openDevice(seeds());
    const { router } = renderRoutes(device, `/sites/${SITE}`, routes);
    await screen.findByText("Lobby");
    await waitFor(() => expect(tab(/^Inspection Due 2$/)).toBeTruthy());
    expect(tab(/^Service Due 1$/)).toBeTruthy();

    // Rows: the markers of the lists the item is counted on, an open deficiency, could not service today.
    const markers = (name: string) => [...row(name).querySelectorAll(".equipment-row-marker")].map((m) => m.textContent);
    // All four read from one render: the rows may be drawn again while the records are read.
    await waitFor(() =>
      expect(["Kitchen", "Lobby", "Stairwell B", "Loading dock"].map(markers)).toEqual([
        ["Inspection Due", "Service Due", "Open deficiency"],
        ["Inspection Due"],
        ["Could not service today"],
        [],
      ]),
    );
    expect(tab(/^Inspection Due 2$/)).toBeTruthy();
    // Each row's date: overdue for Lobby's inspection, the next date for the others.
    const when = (name: string) => row(name).querySelector(".equipment-row-when")?.textContent;
    expect(when("Lobby")).toMatch(/^Overdue \d+ days$/);
    expect(when("Kitchen")).toMatch(/^Due [A-Z][a-z]{2} \d{1,2}( \d{4})?$/);
    expect(when("Loading dock")).toMatch(/^Due [A-Z][a-z]{2} \d{1,2}( \d{4})?$/);

    // The tag screen, opened by tapping the row (no scan), says what the list counts and why.
    await user.click(row("Kitchen"));
    await waitFor(() => expect(pathOf(router)).toBe(`/sites/${SITE}/equipment-tag/${KITCHEN}`));
    await user.click(await screen.findByRole("button", { name: "Back" }));
    await screen.findByText("Lobby");
    expect(await tagSays(user, "Kitchen")).toEqual(["Inspection due: open deficiency", "Service due: open deficiency"]);
    expect(await tagSays(user, "Lobby")).toEqual(["Inspection due: Monthly Inspection"]);
    const stairs = await tagSays(user, "Stairwell B");
    expect(stairs).toHaveLength(1);
    expect(stairs[0]).toMatch(/^Could not service today: off the due lists until /);
    expect(await tagSays(user, "Loading dock")).toEqual(["Not due"]);

    // The due tab says why an item due today is not on it.
    await user.click(tab(/^Inspection Due/));
    expect(screen.getByText("Left off this list: 1 could not be serviced today (it shows under All).")).toBeTruthy();
  });
});

describe("?show= narrows the list to what the dashboard counted", () => {
  const names = () => screen.queryAllByRole("button", { name: /^(Lobby|Kitchen|Stairwell B|Loading dock)/ }).map((b) => b.textContent);

  it("shows only the overdue, deficient or could-not-service items, and Show all brings the rest back", async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    device = await openDevice(seeds());
    const { unmount } = renderRoutes(device, `/sites/${SITE}?show=overdue`, routes);
    expect(await screen.findByText("Showing only items overdue.")).toBeTruthy();
    // The rows paint before the due engine's records are read; until then every item looks overdue.
    await waitFor(() => expect(names()).toEqual([expect.stringMatching(/^Lobby/)]));
    unmount();

    for (const [show, item] of [
      ["openDeficiency", /^Kitchen/],
      ["couldNotService", /^Stairwell B/],
    ] as const) {
      const view = renderRoutes(device, `/sites/${SITE}?show=${show}`, routes);
      await waitFor(() => expect(names()).toEqual([expect.stringMatching(item)]));
      view.unmount();
    }

    const last = renderRoutes(device, `/sites/${SITE}?show=couldNotService`, routes);
    await waitFor(() => expect(names()).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Show all" }));
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(pathOf(last.router)).toBe(`/sites/${SITE}`);
  });
});
