/**
 * The app on a phone (375×812), in Chromium against the real server: a one-line bar whose
 * height never changes with the sync message, logout and the footer's lines in the menu
 * (each menu entry once), the list's tabs pinned to the bottom of the screen, and Back on a
 * sub-screen. A tablet (820×1180, 1024×1366) gets none of the phone-only parts.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newId, signUpByApi, uploadAll } from "./api";
import { VIEWPORTS, eventually, newContext, type Server, signIn, uniqueEmail, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

const barHeight = async (page: Page) => (await page.getByRole("banner").boundingBox())?.height;

describe("on a phone", () => {
  it("keeps a one-line bar, pinned tabs, the menu's entries once, and Back on a sub-screen", async () => {
    const owner = await signUpByApi(server, uniqueEmail("phone-layout"));
    const stamp = new Date().toISOString();
    const sites = Array.from({ length: 30 }, (_, n) => ({
      id: newId(),
      orgId: owner.orgId,
      name: `Site ${String(n).padStart(2, "0")}`,
      address: `${n} Dock Street`,
      status: "active",
      timeZone: "America/Toronto",
      lastUpdated: stamp,
    }));
    await uploadAll(server, owner, { locations: sites });
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);

    // One line: MUI's phone toolbar, with no footer below the page.
    expect(await barHeight(page)).toBe(56);
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    expect(await page.getByRole("banner").getByRole("button", { name: "Logout" }).count()).toBe(0);

    // The tabs stay at the bottom of the screen while the list scrolls under them.
    await page.getByRole("tab", { name: /^All/ }).click();
    await eventually(() => page.getByText("Site 29").count()).toBe(1);
    const tabsBottom = async () => {
      const box = await page.getByRole("tablist").boundingBox();
      return box ? Math.round(box.y + box.height) : undefined;
    };
    expect(await tabsBottom()).toBe(VIEWPORTS.mobile.height);
    await page.mouse.wheel(0, 2000);
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await tabsBottom()).toBe(VIEWPORTS.mobile.height);

    // The sync message changes with the network; the bar's height does not.
    await context.setOffline(true);
    await eventually(() => page.getByRole("banner").getByText(/offline/i).first().isVisible()).toBe(true);
    expect(await barHeight(page)).toBe(56);
    await context.setOffline(false);

    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Navigation" });
    const entries = await menu.getByRole("link").allTextContents();
    expect(entries.filter((entry) => entry === "Settings")).toHaveLength(1);
    expect(new Set(entries).size).toBe(entries.length);
    const drawer = page.locator(".MuiDrawer-paper");
    expect(await drawer.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    expect(await drawer.getByText(/^Version /).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await eventually(() => drawer.count()).toBe(0);

    // A sub-screen: Back in the bar, to where the user came from.
    // A row reads as its name, then its address line, apart.
    await page.getByRole("link", { name: "Site 00 0 Dock Street", exact: true }).click();
    await page.waitForURL(`**/sites/${sites[0]!.id}`);
    expect(await barHeight(page)).toBe(56);
    await page.getByRole("banner").getByRole("button", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/sites");
    expect(await page.getByRole("banner").getByRole("button", { name: "Back" }).count()).toBe(0);
    await context.close();
  });
});

describe("on a tablet", () => {
  // §2's phone-only parts (Today / This Month, Scan Barcode, no Add Site) are not a tablet's.
  for (const viewport of [
    { width: 820, height: 1180 },
    { width: 1024, height: 1366 },
  ]) {
    it(`at ${viewport.width}×${viewport.height} has no phone-only tabs or Scan Barcode, and adds sites`, async () => {
      const owner = await signUpByApi(server, uniqueEmail("tablet-layout"));
      const site = { id: newId(), orgId: owner.orgId, name: "Harbour Depot", status: "active", timeZone: "America/Toronto", lastUpdated: new Date().toISOString() };
      await uploadAll(server, owner, { locations: [site] });
      const context = await newContext(browser, server, viewport);
      const page = await context.newPage();
      await signIn(page, owner);

      await eventually(() => page.getByRole("link", { name: /^Harbour Depot/ }).count()).toBe(1);
      expect(await page.getByRole("tab", { name: /^Today/ }).count()).toBe(0);
      expect(await page.getByRole("tab", { name: /^This Month/ }).count()).toBe(0);

      await page.getByRole("link", { name: /^Harbour Depot/ }).click();
      await page.waitForURL(`**/sites/${site.id}`);
      await eventually(() => page.getByRole("button", { name: "Add Equipment" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Scan Barcode" }).count()).toBe(0);

      await page.goto(`${server.url}/sites`);
      await page.getByRole("button", { name: "Add Site" }).first().click();
      await page.waitForURL("**/sites/new");
      await page.getByRole("heading", { name: "Add Site" }).waitFor();
      expect(await page.getByText("Locations can only be added on a desktop browser").count()).toBe(0);
      await context.close();
    });
  }
});
