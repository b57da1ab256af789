// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Device, ORG, SITE, type Seed, catalogueSeeds, hex, itemSeeds, openDevice, pathOf, renderRoutes } from "../../test/equipment/device";
import { setViewportWidth } from "../../test/render";
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

async function show(path: string, width: number, seeds: Seed[] = []) {
  setViewportWidth(width);
  device = await openDevice([...catalogueSeeds(), ...itemSeeds(hex(0x1001), "Lobby", 365, 30), ...seeds]);
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

  it("shows the site's reports as a third column on desktop, opening a report for this site", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}`, 1280);
    const column = await screen.findByRole("region", { name: "Site Reports" });
    expect(within(column).getAllByRole("button")).toHaveLength(9);
    await user.click(within(column).getByRole("button", { name: "Inspection Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Inspection Report" });
    // The site is this one: no site to choose.
    expect(within(dialog).queryByRole("combobox", { name: /Site/ })).toBeNull();
  });

  it("puts the site's reports a button away on mobile, and leaves them out without REPORT_READ", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}`, 375);
    expect(screen.queryByRole("region", { name: "Site Reports" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "Site Reports" }));
    expect(await screen.findByRole("region", { name: "Site Reports" })).toBeTruthy();
    cleanup();
    device?.tab.close();
    setViewportWidth(1280);
    device = await openDevice(catalogueSeeds(), ["LOCATION_READ", "EQUIPMENT_READ"]);
    renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <SitePage /> }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Harbour Tower" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Site Reports" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Site Reports" })).toBeNull();
  });

  it("offers Finish Visit, the visit of today at the site, to those who may record services", async () => {
    await show(`/sites/${SITE}`, 375);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    expect((await screen.findByRole("link", { name: "Finish Visit" })).getAttribute("href")).toBe(`/sites/${SITE}/visit/${today}`);
    cleanup();
    device?.tab.close();
    device = await openDevice(catalogueSeeds(), ["LOCATION_READ", "EQUIPMENT_READ", "SERVICE_READ"]);
    renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <SitePage /> }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Harbour Tower" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Finish Visit" })).toBeNull();
  });

  it("asks before leaving with an edit in any of the page's forms: Cancel keeps it, Leave goes", async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, "warn");
    // The site's information and its service months: two forms on one page.
    const months: Seed[] = [
      ["organization", { id: ORG, name: "Acme Fire", enabledFeatures: ["SERVICE_MONTHS"] }],
      ["serviceMonthCategories", { id: hex(0x700), name: "Extinguishers" }],
    ];
    const { router } = await show(`/sites/${SITE}`, 1280, months);
    const form = await screen.findByRole("form", { name: "Site Information" });
    const contact = within(form).getByRole("textbox", { name: "Contact" });
    await user.type(contact, "Dana");
    const away = screen.getByRole("link", { name: "Floor Plans" });
    await user.click(away);

    const dialog = await screen.findByRole("dialog", { name: "Leave page?" });
    expect(dialog.textContent).toContain("Your current changes will be discarded.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(pathOf(router)).toBe(`/sites/${SITE}`);
    expect(contact).toHaveProperty("value", "Dana");

    await user.clear(contact);
    const monthsForm = await screen.findByRole("form", { name: "Service Months" });
    await user.click(within(monthsForm).getAllByRole("checkbox")[0]!);
    await user.click(away);
    await user.click(within(await screen.findByRole("dialog", { name: "Leave page?" })).getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Elsewhere")).toBeTruthy();
    expect(warn.mock.calls.flat().join(" ")).not.toContain("one blocker");
  });

  it("shows the page loading, not 'Site not found', while the first download has not come", async () => {
    setViewportWidth(375);
    device = await openDevice([], ["*.*"], { download: false });
    device.tab.network.set(false);
    renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <SitePage /> }]);
    expect(await screen.findByRole("progressbar", { name: "Loading..." })).toBeTruthy();
    expect(screen.queryByText("Site not found")).toBeNull();
  });

  it("says 'Site not found' for a site the device does not have", async () => {
    await show(`/sites/${hex(0xbad)}`, 1280);
    expect(await screen.findByText("Site not found")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
