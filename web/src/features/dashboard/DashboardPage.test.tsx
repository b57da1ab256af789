// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../domain/history";
import { setViewportWidth } from "../../test/render";
import { type Device, SITE, USER, catalogueSeeds, daysAgo, hex, itemSeeds, openDevice, pathOf, renderRoutes } from "../../test/equipment/device";
import { DashboardPage } from "./DashboardPage";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

let device: Device | null = null;
afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

const routes = [{ path: "/dashboard", element: <DashboardPage /> }];

describe("DashboardPage", () => {
  it("shows each site's numbers and today's visits, each opening the list behind it", async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    device = await openDevice([
      ...catalogueSeeds(),
      ...itemSeeds(hex(0x1001), "Lobby", 365, 30),
      ...itemSeeds(hex(0x1002), "Stairwell", 365, 30),
      ...itemSeeds(hex(0x1003), "Dock", 0, 0),
      ["history", { id: hex(0x3001), equipmentId: hex(0x1002), locationId: SITE, type: HistoryType.couldNotService, description: "Locked", date: daysAgo(0) }],
      ["deficiencies", { id: hex(0x2001), equipmentId: hex(0x1003), locationId: SITE, description: "Pin missing", dateOpened: daysAgo(1), dateClosed: "" }],
      ["schedule", { id: hex(0x5001), locationId: SITE, userId: USER, date: dayjs().format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00" }],
      ["users", { id: USER, name: "Tess Tech" }],
    ]);
    const { router } = renderRoutes(device, "/dashboard", routes);
    const table = await screen.findByRole("table", { name: "Sites" });
    const row = within(table).getByRole("row", { name: /Harbour Tower/ });
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["1", "0", "1", "1"]);
    expect(screen.getByText("1 other site has nothing due.")).toBeTruthy();
    expect(screen.getByText("09:00–17:00 · Tess Tech")).toBeTruthy();
    expect(within(table).queryByRole("row", { name: /Maple Mall/ })).toBeNull();

    await user.click(screen.getByRole("link", { name: "1 overdue at Harbour Tower" }));
    await waitFor(() => expect(pathOf(router)).toBe(`/sites/${SITE}?show=overdue`));
  });

  it("counts nothing overdue before the records the due engine reads are on screen", async () => {
    setViewportWidth(1280);
    device = await openDevice([...catalogueSeeds(), ...itemSeeds(hex(0x1003), "Dock", 0, 0)]);
    // Held back: the dock (done today) would read as never performed, overdue since it was made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const list = device.engine.list.bind(device.engine);
    vi.spyOn(device.engine, "list").mockImplementation(async (kind, locationId) => {
      if (kind === "performedServices") await held;
      return list(kind, locationId);
    });
    renderRoutes(device, "/dashboard", routes);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole("link", { name: /overdue at/ })).toBeNull();
    release();
    expect(await screen.findByText("Nothing is overdue or due this month, and no deficiency is open.", undefined, { timeout: 8_000 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /overdue at/ })).toBeNull();
  });

  it("opens today's schedule from the visits' count", async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    device = await openDevice([...catalogueSeeds(), ["schedule", { id: hex(0x5001), locationId: SITE, userId: USER, date: dayjs().format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00" }]]);
    const { router } = renderRoutes(device, "/dashboard", routes);
    await user.click(await screen.findByRole("link", { name: "1 visit today" }));
    await waitFor(() => expect(pathOf(router)).toBe(`/schedule?day=${dayjs().format("YYYY-MM-DD")}`));
  });

  it("needs REPORT_READ", async () => {
    device = await openDevice(catalogueSeeds(), ["LOCATION_READ"]);
    renderRoutes(device, "/dashboard", routes);
    expect(await screen.findByText("The dashboard needs the View Reports permission.")).toBeTruthy();
  });
});
