/**
 * The schedule against the real server in Chromium: on a phone (375×812) the office puts a
 * site on today through the Add Sites pane, and the site shows under Today in the sites list;
 * the event reaches the server as the civil date and times the sites list reads. And on a
 * desktop, a report downloaded from the site's location reports column.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, download, newId, signUpByApi, uploadAll } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

async function twoSites(owner: Account): Promise<{ warehouse: string; arena: string }> {
  const stamp = new Date().toISOString();
  const [warehouse, arena] = [newId(), newId()];
  const site = (id: string, name: string) => ({ id, orgId: owner.orgId, name, status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: stamp });
  await uploadAll(server, owner, { locations: [site(warehouse, "Warehouse"), site(arena, "Arena")] });
  return { warehouse, arena };
}

describe("schedule", () => {
  it("puts a site on today on a phone, and the sites list shows it under Today", async () => {
    const owner = await signUpByApi(server, uniqueEmail("schedule"));
    const { warehouse } = await twoSites(owner);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);

    // Nothing is scheduled yet: Today is empty.
    await eventually(() => page.getByText("No sites are scheduled for you today.").isVisible()).toBe(true);

    await page.goto("/schedule");
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
    const label = await page.evaluate(() => new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" }).replace(",", ""));
    const pane = page.getByRole("region", { name: "Add Sites" });
    await pane.getByRole("searchbox", { name: "Search" }).fill("ware");
    await pane.getByRole("button", { name: `Add Warehouse to ${label}` }).click();
    await eventually(() => page.getByText(`Added Warehouse to ${label}`).isVisible()).toBe(true);
    await eventually(() => page.getByRole("button", { name: /^Edit Warehouse\W+09:00 to 17:00/ }).isVisible()).toBe(true);

    // The event is the owner's (the only user), today, 09:00 to 17:00, on the server too.
    await eventually(async () => (await download(server, owner)).schedule?.length ?? 0).toBe(1);
    const [event] = (await download(server, owner)).schedule ?? [];
    expect(event).toMatchObject({ locationId: warehouse, userId: owner.userId, date: today, startTime: "09:00", endTime: "17:00" });

    await page.goto("/sites");
    const list = page.getByRole("tabpanel");
    await eventually(() => list.getByRole("link", { name: /^Warehouse/ }).isVisible()).toBe(true);
    expect(await list.getByRole("link", { name: /^Arena/ }).count()).toBe(0);
    await expect(page.getByRole("tab", { name: /^Today/ }).getAttribute("aria-selected")).resolves.toBe("true");
    await context.close();
  });

  it("downloads the inspection report from the site's location reports column on a desktop", async () => {
    const owner = await signUpByApi(server, uniqueEmail("report"));
    await twoSites(owner);
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.getByRole("link", { name: /^Warehouse/ }).click();
    const column = page.getByRole("region", { name: "Site Reports" });
    await column.getByRole("button", { name: "Inspection Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Inspection Report" });
    const reportDate = await dialog.getByLabel(/^Report Date/).inputValue();
    const [file] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download" }).click()]);
    expect(file.suggestedFilename()).toBe(`Inspection Report - Warehouse - ${reportDate}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe("%PDF-");
    await eventually(() => page.getByText(`Downloaded Inspection Report - Warehouse - ${reportDate}.pdf`).isVisible()).toBe(true);
    await context.close();
  });
});
