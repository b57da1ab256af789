/**
 * The schedule against the real server in Chromium: on a phone (375×812) the office puts a
 * site on today through the Add Sites pane, and the site shows under Today in the sites list;
 * the event reaches the server as the civil date and times the sites list reads. On a desktop,
 * a site with work due dragged from the Sites Due pane onto a day of the week view; the
 * calendar's event dots clear the dates at every width; and a report downloaded from the
 * site's location reports column.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, download, newId, signUpByApi, uploadAll } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";
import { pickerValue } from "./pickers";

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

  it("drags sites with work due from the Sites Due pane onto a day of the week and a technician's day, and the dots clear the dates", async () => {
    const owner = await signUpByApi(server, uniqueEmail("week"));
    const { warehouse } = await twoSites(owner);
    const depot = newId();
    await uploadAll(server, owner, {
      locations: [{ id: depot, orgId: owner.orgId, name: "Depot", status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: new Date().toISOString() }],
    });
    await dueAt(owner, warehouse);
    await dueAt(owner, depot);
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto("/schedule?view=week");
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
    const long = await page.evaluate(() =>
      new Date().toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" }).replace(/, (\d{4})$/, " $1"),
    );

    // The Warehouse and the Depot have work due, and no visit yet; the Arena has nothing due.
    const pane = page.getByRole("region", { name: "Sites Due" });
    await eventually(() => pane.getByText("Warehouse").isVisible()).toBe(true);
    await eventually(() => pane.getByText("Depot").isVisible()).toBe(true);
    expect(await pane.getByText("Arena").count()).toBe(0);

    const day = page.getByRole("region", { name: new RegExp(`^${long}, \\d+ scheduled$`) });
    await pane.getByText("Warehouse").dragTo(day);
    await eventually(() => day.getByRole("button", { name: /^Edit Warehouse\W+09:00 to 17:00/ }).isVisible()).toBe(true);
    await eventually(() => pane.getByText("Warehouse").count()).toBe(0);
    await eventually(async () => (await download(server, owner)).schedule?.length ?? 0).toBe(1);
    expect((await download(server, owner)).schedule?.[0]).toMatchObject({ locationId: warehouse, userId: owner.userId, date: today, startTime: "09:00", endTime: "17:00" });

    await page.reload();
    await eventually(() => page.getByRole("region", { name: `${long}, 1 scheduled` }).getByRole("button", { name: /^Edit Warehouse/ }).isVisible()).toBe(true);

    // By technician: the Depot dropped on the owner's row, on today.
    await page.getByRole("button", { name: "By Technician" }).click();
    const ownerName = (await download(server, owner)).users?.find((u) => u.id === owner.userId)?.name as string;
    const row = page.getByRole("region", { name: ownerName, exact: true });
    await eventually(() => row.getByRole("button", { name: /^Edit Warehouse/ }).isVisible()).toBe(true);
    const ownersToday = row.getByRole("region", { name: new RegExp(`^${long}, \\d+ scheduled$`) });
    await pane.getByText("Depot").dragTo(ownersToday);
    await eventually(() => ownersToday.getByRole("button", { name: /^Edit Depot\W+09:00 to 17:00/ }).isVisible()).toBe(true);
    await eventually(() => pane.getByText("Depot").count()).toBe(0);
    await eventually(async () => (await download(server, owner)).schedule?.find((e) => e.locationId === depot)).toMatchObject({ userId: owner.userId, date: today });

    // The day now has a dot, below its number at every width.
    for (const width of [375, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const cell = page.locator(`[data-day="${today}"]`);
      await eventually(() => cell.locator("[data-event-mark]").isVisible()).toBe(true);
      // Measured again until laid out: right after a resize the calendar may still be redrawn.
      await eventually(async () => {
        const number = await cell.locator("[data-date-number]").boundingBox();
        const dot = await cell.locator("[data-event-mark]").boundingBox();
        if (!number || !dot) return `not laid out at ${width} px`;
        const apart = dot.y >= number.y + number.height || dot.x >= number.x + number.width || dot.x + dot.width <= number.x;
        return apart ? "apart" : `dot ${JSON.stringify(dot)} over date ${JSON.stringify(number)} at ${width} px`;
      }).toBe("apart");
    }
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
    const reportDate = await pickerValue(dialog, /^Report Date/);
    const [file] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download" }).click()]);
    expect(file.suggestedFilename()).toBe(`Inspection Report - Warehouse - ${reportDate}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe("%PDF-");
    await eventually(() => page.getByText(`Downloaded Inspection Report - Warehouse - ${reportDate}.pdf`).isVisible()).toBe(true);
    await context.close();
  });
});

/** An extinguisher at the site whose monthly inspection was last done a year ago: overdue. */
async function dueAt(owner: Account, site: string): Promise<void> {
  const stamp = new Date().toISOString();
  const [type, model, monthly, item] = [newId(), newId(), newId(), newId()];
  const org = owner.orgId;
  await uploadAll(server, owner, {
    equipmentTypes: [{ id: type, orgId: org, name: "Extinguisher", lastUpdated: stamp }],
    models: [{ id: model, orgId: org, name: "B500", equipmentTypeId: type, lastUpdated: stamp }],
    serviceTypes: [
      {
        id: monthly,
        orgId: org,
        name: "Monthly Inspection",
        equipmentTypeId: type,
        dueWhen: "any",
        frequencyType: 6,
        frequency: 1,
        inspection: true,
        conditions: [{ id: newId(), type: "time", timeFrequencyType: 6, timeFrequency: 1, serviceTypeId: monthly, orgId: org }],
        lastUpdated: stamp,
      },
    ],
    equipment: [{ id: item, orgId: org, locationId: site, name: "Lobby", modelId: model, lastUpdated: stamp }],
    performedServices: [
      { id: `${item}-${monthly}`, orgId: org, locationId: site, equipmentId: item, serviceTypeId: monthly, lastDate: new Date(Date.now() - 365 * 86_400_000).toISOString(), overidedNextDate: "", lastUpdated: stamp },
    ],
  });
}
