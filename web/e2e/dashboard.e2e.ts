/**
 * The dashboard against the real server in Chromium at 1366×800: records seeded through the
 * API (two items a year overdue, one with an open deficiency, one that could not be serviced
 * today, one done, a visit today; another organisation's overdue item), the numbers the device
 * works out, and each number opening the list behind it with the same count.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, newId, signUpByApi, uploadAll } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const ITEMS = ["Lobby", "Kitchen", "Garage", "Stairwell", "Dock"];

/** A site of `owner` with an extinguisher type, a monthly inspection and the five items above. */
async function seed(owner: Account, siteName: string): Promise<string> {
  const org = owner.orgId;
  const stamp = new Date().toISOString();
  const [site, type, model, monthly] = [newId(), newId(), newId(), newId()];
  const items = Object.fromEntries(ITEMS.map((name) => [name, newId()]));
  const id = (name: string) => items[name] ?? "";
  const inspected = (name: string, lastDate: string) => ({
    id: `${id(name)}-${monthly}`,
    orgId: org,
    locationId: site,
    equipmentId: id(name),
    serviceTypeId: monthly,
    lastDate,
    overidedNextDate: "",
    lastUpdated: stamp,
  });
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
  await uploadAll(server, owner, {
    locations: [{ id: site, orgId: org, name: siteName, status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: stamp }],
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
    equipment: ITEMS.map((name) => ({ id: id(name), orgId: org, locationId: site, name, modelId: model, lastUpdated: stamp })),
    performedServices: [inspected("Lobby", ago(365)), inspected("Kitchen", ago(365)), inspected("Garage", ago(0)), inspected("Stairwell", ago(365)), inspected("Dock", ago(0))],
    deficiencies: [
      { id: newId(), orgId: org, locationId: site, happenedAtLocationId: site, equipmentId: id("Garage"), serviceTypeId: monthly, description: "Pin missing", dateOpened: ago(1), dateClosed: "", lastUpdated: stamp },
    ],
    history: [
      { id: newId(), orgId: org, locationId: site, happenedAtLocationId: site, equipmentId: id("Stairwell"), type: 4, date: stamp, description: "Locked room", userId: owner.userId, lastUpdated: stamp },
    ],
    schedule: [{ id: newId(), orgId: org, locationId: site, userId: owner.userId, date: day, startTime: "09:00", endTime: "17:00", lastUpdated: stamp }],
  });
  return site;
}

/** The items the equipment list shows, by their row buttons. */
function listedItems(page: Page): Promise<number> {
  return page.getByRole("button", { name: new RegExp(`^(${ITEMS.join("|")})`) }).count();
}

describe("the dashboard", () => {
  it("shows the numbers the due engine gives, and each opens the list with the same count", async () => {
    const owner = await signUpByApi(server, uniqueEmail("dashboard"));
    const site = await seed(owner, "Harbour Tower");
    const stranger = await signUpByApi(server, uniqueEmail("dashboard-other"), "Other Fire");
    await seed(stranger, "Elsewhere Plaza");

    const context = await newContext(browser, server, { width: 1366, height: 800 });
    const page = await context.newPage();
    await signIn(page, owner);
    await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL("**/dashboard");

    const row = page.getByRole("table", { name: "Sites" }).getByRole("row", { name: /Harbour Tower/ });
    await eventually(() => row.getByRole("cell").allTextContents()).toEqual(["2", "0", "1", "1"]);
    expect(await page.getByText("Elsewhere Plaza").count()).toBe(0);
    expect(await page.getByText("09:00–17:00 · Olive Office").isVisible()).toBe(true);

    const opens = async (link: string, show: string, count: number) => {
      await page.getByRole("link", { name: link }).click();
      await page.waitForURL((url) => url.pathname === `/sites/${site}` && url.searchParams.get("show") === show);
      await eventually(() => listedItems(page)).toBe(count);
      await page.goBack();
      await page.waitForURL("**/dashboard");
    };
    await opens("2 overdue at Harbour Tower", "overdue", 2);
    await opens("1 with open deficiencies at Harbour Tower", "openDeficiency", 1);
    await opens("1 could not be serviced at Harbour Tower", "couldNotService", 1);

    // Show all brings back the whole list.
    await page.getByRole("link", { name: "2 overdue at Harbour Tower" }).click();
    await eventually(() => listedItems(page)).toBe(2);
    await page.getByRole("button", { name: "Show all" }).click();
    await eventually(() => listedItems(page)).toBe(5);

    await page.goto("/dashboard");
    await page.getByRole("link", { name: "1 visit today" }).click();
    await page.waitForURL((url) => url.pathname === "/schedule" && url.searchParams.has("day"));
    await eventually(() => page.getByText("Harbour Tower").first().isVisible()).toBe(true);
    await context.close();
  }, 120_000);
});
