// @vitest-environment jsdom
import { cleanup, configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Device, SITE, catalogueSeeds, hex, itemSeeds, openDevice, renderRoutes } from "../../features/equipment/actions/testing";
import { setViewportWidth } from "../../ui/test/render";
import { SitePage } from "./SitePage";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

let device: Device | null = null;

afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

async function show(path: string, width: number) {
  setViewportWidth(width);
  device = await openDevice([...catalogueSeeds(), ...itemSeeds(hex(0x1001), "Lobby", 365, 30)]);
  return renderRoutes(device, path, [{ path: "/sites/:locationId", element: <SitePage /> }]);
}

describe("SitePage", () => {
  it("shows the site's information beside its equipment on desktop", async () => {
    await show(`/sites/${SITE}`, 1280);
    expect(await screen.findByRole("heading", { level: 1, name: "Harbour Tower" })).toBeTruthy();
    expect(await screen.findByRole("form", { name: "Site Information" })).toBeTruthy();
    expect(await screen.findByText("Lobby")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Site Information" })).toBeNull();
  });

  it("shows the equipment on mobile, with the site information a button away", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}`, 375);
    expect(await screen.findByText("Lobby")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Site Information" })).toBeNull();
    const button = screen.getByRole("button", { name: "Site Information" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    const form = await screen.findByRole("form", { name: "Site Information" });
    expect(within(form).getByRole("textbox", { name: /Name/ })).toHaveProperty("value", "Harbour Tower");
    expect(button.getAttribute("aria-expanded")).toBe("true");
  });

  it("shows the site's location reports as a third column on desktop, opening a report for this site", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}`, 1280);
    const column = await screen.findByRole("region", { name: "Location Reports" });
    expect(within(column).getAllByRole("button")).toHaveLength(8);
    await user.click(within(column).getByRole("button", { name: "Inspection Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Inspection Report" });
    // The site is this one: no site to choose.
    expect(within(dialog).queryByRole("combobox", { name: /Site/ })).toBeNull();
  });

  it("puts the location reports a button away on mobile, and leaves them out without REPORT_READ", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}`, 375);
    expect(screen.queryByRole("region", { name: "Location Reports" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Location Reports" }));
    expect(await screen.findByRole("region", { name: "Location Reports" })).toBeTruthy();
    cleanup();
    device?.tab.close();
    setViewportWidth(1280);
    device = await openDevice(catalogueSeeds(), ["LOCATION_READ", "EQUIPMENT_READ"]);
    renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <SitePage /> }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Harbour Tower" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Location Reports" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Location Reports" })).toBeNull();
  });

  it("says 'Site not found' for a site the device does not have", async () => {
    await show(`/sites/${hex(0xbad)}`, 1280);
    expect(await screen.findByText("Site not found")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
