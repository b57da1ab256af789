// @vitest-environment jsdom
import { act, cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../../domain/history";
import { setViewportWidth } from "../../../test/render";
import {
  type Device,
  OTHER_SITE,
  SITE,
  type Seed,
  catalogueSeeds,
  daysAgo,
  hex,
  itemSeeds,
  openDevice,
  pathOf,
  renderRoutes,
} from "../../../test/equipment/device";
import { EquipmentList } from "./EquipmentList";
import { dateTexts, rowsOf, searchRows } from "./rows";

const LOBBY = hex(0x1001);
const KITCHEN = hex(0x1002);
const STAIRS = hex(0x1003);
const DOCK = hex(0x1004);

/**
 * Lobby: inspected a year ago (inspection due). Kitchen: done yesterday but an open
 * deficiency (due on both lists). Stairwell: inspection due, but could not be serviced today
 * (hidden). Dock: done yesterday (nothing due).
 */
function dueSeeds(): Seed[] {
  return [
    ...catalogueSeeds(),
    ...itemSeeds(LOBBY, "Lobby", 365, 30, { serialNumber: "AMX-001", barcode: "100001", note: "Behind the front desk" }),
    ...itemSeeds(KITCHEN, "Kitchen", 1, 1, { serialNumber: "AMX-002", barcode: "100002" }),
    ...itemSeeds(STAIRS, "Stairwell B", 365, 30, { serialNumber: "AMX-003" }),
    ...itemSeeds(DOCK, "Loading dock", 1, 1, { serialNumber: "AMX-004", manufactureDate: "2018-03-15T12:00:00.000Z" }),
    ["deficiencies", { id: hex(0x2001), equipmentId: KITCHEN, locationId: SITE, description: "Gauge in the red", dateOpened: daysAgo(2) }],
    ["history", { id: hex(0x3001), equipmentId: STAIRS, locationId: SITE, type: HistoryType.couldNotService, description: "Could not access", date: new Date().toISOString() }],
    ["equipment", { id: hex(0x1999), name: "Boiler", locationId: OTHER_SITE, serialNumber: "ELSEWHERE-9" }],
  ];
}

// Rendering MUI lists in jsdom is slow on a shared machine; the assertions, not the clock, matter.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
const slowly = { timeout: 5_000 };

let device: Device | null = null;

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

async function show(seeds: Seed[], permissions?: string[], options?: { download?: boolean }) {
  device = await openDevice(seeds, permissions, options);
  return renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <EquipmentList locationId={SITE} /> }]);
}

/** A tab by its label; with `count`, the tab must show that badge number (its name is "Label N"). */
const tab = (name: string, count?: number) => screen.getByRole("tab", { name: count === undefined ? new RegExp(`^${name}\\b`) : `${name} ${count}` });
const rowNames = () =>
  screen
    .queryAllByRole("listitem")
    .map((item) => within(item).queryAllByRole("button")[0]?.querySelector(".equipment-row-name")?.textContent)
    .filter(Boolean);

describe("EquipmentList tabs and due counts", () => {
  it("counts and lists what the due engine says, leaving out items hidden by Could Not Service", async () => {
    const user = userEvent.setup();
    await show(dueSeeds());
    await screen.findByText("Lobby");
    await waitFor(() => expect(tab("Inspection Due", 2)).toBeTruthy(), slowly);
    expect(tab("Service Due", 1)).toBeTruthy();
    expect(rowNames()).toEqual(["Kitchen", "Loading dock", "Lobby", "Stairwell B"]);

    await user.click(tab("Inspection Due"));
    expect(rowNames()).toEqual(["Kitchen", "Lobby"]);
    await user.click(tab("Service Due"));
    expect(rowNames()).toEqual(["Kitchen"]);
  });

  it("marks no item overdue before the records the due engine reads are on screen", async () => {
    device = await openDevice(dueSeeds());
    // Performed services are read after the rows paint; hold them back to see that moment.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const list = device.engine.list.bind(device.engine);
    vi.spyOn(device.engine, "list").mockImplementation(async (kind, locationId) => {
      if (kind === "performedServices") await held;
      return list(kind, locationId);
    });
    renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <EquipmentList locationId={SITE} /> }]);
    const dock = await screen.findByText("Loading dock");
    const row = dock.closest("li") as HTMLElement;
    // Held: the dock (done yesterday) would read as never performed, due since 2018.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(row.querySelector(".equipment-row-when.overdue")).toBeNull();
    expect(tab("Inspection Due").textContent).not.toMatch(/\d/);
    release();
    await waitFor(() => expect(tab("Inspection Due", 2)).toBeTruthy(), slowly);
    expect(row.querySelector(".equipment-row-when.overdue")).toBeNull();
  });

  it("shows the empty message of each tab", async () => {
    const user = userEvent.setup();
    await show(catalogueSeeds());
    expect(await screen.findByText("No Equipment")).toBeTruthy();
    await user.click(tab("Inspection Due"));
    expect(await screen.findByText("Nothing to Inspect")).toBeTruthy();
    await user.click(tab("Service Due"));
    expect(await screen.findByText("Nothing to Service")).toBeTruthy();
  });

  it("takes an item off the due list after Could Not Service", async () => {
    const user = userEvent.setup();
    await show(dueSeeds());
    await waitFor(() => expect(tab("Inspection Due", 2)).toBeTruthy(), slowly);
    await user.click(screen.getByText("Lobby"));
    const options = await screen.findByRole("dialog", { name: "Lobby" });
    await user.click(within(options).getByRole("button", { name: "Could Not Service" }));
    const dialog = await screen.findByRole("dialog", { name: "Could Not Service" });
    await user.click(within(dialog).getByRole("radio", { name: "Did not want done" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(tab("Inspection Due", 1)).toBeTruthy(), slowly);
    await user.click(tab("Inspection Due"));
    expect(rowNames()).toEqual(["Kitchen"]);
  });
});

describe("EquipmentList search", () => {
  it("searches every §2 field, every word somewhere, sorted by name", async () => {
    const user = userEvent.setup();
    await show(dueSeeds());
    await screen.findByText("Lobby");
    const search = screen.getByRole("searchbox", { name: "Search" });
    const expectRows = async (query: string, names: string[]) => {
      await user.clear(search);
      if (query) await user.paste(query);
      expect(rowNames()).toEqual(names);
    };
    await expectRows("lobby", ["Lobby"]);
    await expectRows("front desk", ["Lobby"]);
    await expectRows("amx-002", ["Kitchen"]);
    await expectRows("100001", ["Lobby"]);
    await expectRows("march 15 2018", ["Loading dock"]);
    await expectRows("2018-03-15", ["Loading dock"]);
    await expectRows("amerex st", ["Stairwell B"]);
    await expectRows("extinguisher red cylinder", ["Kitchen", "Loading dock", "Lobby", "Stairwell B"]);
    await expectRows("lobby kitchen", []);
    expect(screen.getByText("No equipment matches this search.")).toBeTruthy();
  });

  it("keeps search a filter over prepared text: a word cannot span two fields", () => {
    const rows = rowsOf(
      [{ id: "a", name: "Lobby", note: "north", locationId: SITE, lastUpdated: "" }],
      { models: new Map(), equipmentTypes: new Map(), serviceTypesByType: new Map(), modelFields: [], equipmentFields: [] },
      "America/Toronto",
    );
    expect(searchRows(rows, "LOBBY")).toHaveLength(1);
    expect(searchRows(rows, "bbynor")).toHaveLength(0);
    expect(searchRows(rows, "  ")).toBe(rows);
  });

  it("reads manufacture dates in the site's zone", () => {
    expect(dateTexts("America/Toronto")("2020-05-01T02:00:00.000Z")).toEqual(["April 30 2020", "2020-04-30"]);
    expect(dateTexts("Europe/Paris")("2020-05-01T02:00:00.000Z")).toEqual(["May 1 2020", "2020-05-01"]);
    expect(dateTexts("Not/AZone")("2020-05-01")).toEqual(["May 1 2020", "2020-05-01"]);
  });
});

describe("EquipmentList banners and buttons", () => {
  it("tells the site's zone on desktop when it differs from the device's, and when data came down", async () => {
    await show(dueSeeds());
    expect(await screen.findByText("Dates are displayed in America/Toronto time")).toBeTruthy();
    const upToDate = screen.getByText(/^Up to date as of /);
    expect(upToDate.textContent).not.toContain("Never");
    expect(upToDate.textContent).toMatch(/\d{4} \d{1,2}:\d{2}(AM|PM)$/);
  });

  it("says Never before the first download, and has no zone banner on mobile", async () => {
    setViewportWidth(375);
    await show(dueSeeds(), ["*.*"], { download: false });
    expect(await screen.findByText("Up to date as of Never")).toBeTruthy();
    expect(screen.queryByText(/Dates are displayed in/)).toBeNull();
  });

  it("offers Scan Barcode on phones only (under 600 px), not on tablets or desktops", async () => {
    setViewportWidth(599);
    await show(dueSeeds());
    expect(await screen.findByRole("button", { name: "Scan Barcode" })).toBeTruthy();
    for (const width of [600, 900, 1280]) {
      cleanup();
      setViewportWidth(width);
      renderRoutes(device!, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <EquipmentList locationId={SITE} /> }]);
      await screen.findByText("Lobby");
      expect(screen.queryByRole("button", { name: "Scan Barcode" })).toBeNull();
    }
  });

  it("adds equipment with EQUIPMENT_WRITE", async () => {
    const user = userEvent.setup();
    const { router } = await show(dueSeeds());
    await user.click(await screen.findByRole("button", { name: "Add Equipment" }));
    expect(pathOf(router)).toBe(`/sites/${SITE}/equipment/new`);
  });

  it("has no Add Equipment without EQUIPMENT_WRITE", async () => {
    await show(dueSeeds(), ["EQUIPMENT_READ", "LOCATION_READ"]);
    await screen.findByText("Lobby");
    expect(screen.queryByRole("button", { name: "Add Equipment" })).toBeNull();
  });

  it("shows nothing of the list without EQUIPMENT_READ", async () => {
    await show(dueSeeds(), ["LOCATION_READ"]);
    expect(await screen.findByText("Viewing equipment needs the equipment read permission.")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.queryByText("Lobby")).toBeNull();
  });

  it("renders 50 rows of a long list, then 50 more", async () => {
    const user = userEvent.setup();
    const many: Seed[] = Array.from({ length: 120 }, (_, i) => ["equipment", { id: hex(0x5000 + i), name: `Item ${String(i).padStart(3, "0")}`, locationId: SITE }]);
    await show([...catalogueSeeds(), ...many]);
    await screen.findByText("Item 000");
    expect(rowNames()).toHaveLength(50);
    await user.click(screen.getByRole("button", { name: "See More" }));
    expect(rowNames()).toHaveLength(100);
  });
});

describe("Find by serial number", () => {
  it("asks for a serial, says when none matches, and opens the item it finds", async () => {
    const user = userEvent.setup();
    await show(dueSeeds());
    await screen.findByText("Lobby");
    await user.click(screen.getByRole("button", { name: "Find by Serial Number" }));
    const dialog = await screen.findByRole("dialog", { name: "Find by Serial Number" });
    await user.click(within(dialog).getByRole("button", { name: "Find" }));
    expect(within(dialog).getByText("Enter a serial number")).toBeTruthy();

    await user.type(within(dialog).getByRole("textbox", { name: "Serial Number" }), "NOPE-1");
    await user.click(within(dialog).getByRole("button", { name: "Find" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Equipment not found");

    const field = within(dialog).getByRole("textbox", { name: "Serial Number" });
    await user.clear(field);
    await user.type(field, " elsewhere-9 ");
    await user.click(within(dialog).getByRole("button", { name: "Find" }));
    const options = await screen.findByRole("dialog", { name: "Boiler" });
    expect(within(options).getByRole("button", { name: "Preview Details" })).toBeTruthy();
  });
});

describe("rows", () => {
  it("opens the options of a row", async () => {
    const user = userEvent.setup();
    await show(dueSeeds());
    await user.click(await screen.findByText("Kitchen"));
    const options = await screen.findByRole("dialog", { name: "Kitchen" });
    await user.click(within(options).getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("follows changes made elsewhere", async () => {
    await show(dueSeeds());
    await screen.findByText("Lobby");
    await act(() => device!.engine.put("equipment", { id: hex(0x1010), orgId: hex(0xa), name: "Attic", locationId: SITE }));
    expect(await screen.findByText("Attic")).toBeTruthy();
  });
});
