/**
 * Field work against the real server in Chromium. A technician's day on a phone
 * (375×812): open a site, scan (simulated on /debug), perform a service, answer a checklist
 * that opens a deficiency, could-not-service another item and transfer a third — online, then
 * the same offline, synced when the network returns. An office day on a desktop: add a site, a
 * customer and equipment. And a member without EQUIPMENT_WRITE: no add or edit in the app, and
 * the server refuses the write anyway. The catalogue is uploaded through the API, as the office
 * would have set it up.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, addMember, download, newId, patchOrganization, signUpByApi, upload, uploadAll } from "./api";
import { chooseServiceOption, eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, waitForServiceWorker, withServerAndBrowser, badgeOf } from "./harness";
import { fillPicker } from "./pickers";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

const ITEMS = ["Lobby", "Kitchen", "Garage", "Office", "Boiler room", "Stairwell"] as const;
type Item = (typeof ITEMS)[number];

interface Stock {
  warehouse: string;
  arena: string;
  model: string;
  annual: string;
  monthly: string;
  items: Record<Item, { id: string; barcode: string }>;
}

/** Two sites, an extinguisher model with a yearly inspection and a monthly check whose
 * checklist can open a deficiency, and six items made two years ago, so all are due. */
async function stock(owner: Account): Promise<Stock> {
  const org = owner.orgId;
  const stamp = new Date().toISOString();
  const made = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString();
  const [warehouse, arena, type, model, annual, monthly, question] = [newId(), newId(), newId(), newId(), newId(), newId(), newId()];
  const site = (id: string, name: string) => ({ id, orgId: org, name, status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: stamp });
  const items = Object.fromEntries(ITEMS.map((name, n) => [name, { id: newId(), barcode: `FT-${100 + n}` }])) as Stock["items"];
  await uploadAll(server, owner, {
    locations: [site(warehouse, "Warehouse"), site(arena, "Arena")],
    equipmentTypes: [{ id: type, orgId: org, name: "Extinguisher", lastUpdated: stamp }],
    models: [{ id: model, orgId: org, name: "B500", equipmentTypeId: type, sku: "EXT-B500", lastUpdated: stamp }],
    serviceTypes: [
      { id: annual, orgId: org, name: "Annual Inspection", equipmentTypeId: type, dueWhen: "all", frequencyType: 7, frequency: 1, inspection: true, conditions: [], lastUpdated: stamp },
      { id: monthly, orgId: org, name: "Monthly Check", equipmentTypeId: type, dueWhen: "all", frequencyType: 6, frequency: 1, conditions: [], lastUpdated: stamp },
    ],
    questions: [
      {
        id: question,
        orgId: org,
        serviceTypeId: monthly,
        question: "Pin in place?",
        options: [
          { id: newId(), description: "Yes", questionId: question, orgId: org },
          { id: newId(), description: "No", deficiencyToAdd: "Pin missing", questionId: question, orgId: org },
        ],
        lastUpdated: stamp,
      },
    ],
    equipment: ITEMS.map((name) => ({
      id: items[name].id,
      orgId: org,
      locationId: warehouse,
      name,
      modelId: model,
      barcode: items[name].barcode,
      manufactureDate: made,
      lastUpdated: stamp,
    })),
  });
  return { warehouse, arena, model, annual, monthly, items };
}

/** A scan at the site, as /debug simulates it: the tag of the item opens. */
async function scan(page: Page, site: string, barcode: string): Promise<void> {
  await page.goto("/debug");
  await page.getByRole("combobox", { name: "Site" }).click();
  await page.getByRole("option", { name: site }).click();
  await page.getByRole("textbox", { name: "Barcode" }).fill(barcode);
  await page.getByRole("button", { name: "Simulate scan" }).click();
  await page.waitForURL(/\/equipment-tag\//);
}

async function service(page: Page, name: string) {
  return page.getByRole("listitem", { name });
}

/** Scan, perform the yearly inspection, and answer the monthly checklist with "No". */
async function inspect(page: Page, stock: Stock, item: Item): Promise<void> {
  await scan(page, "Warehouse", stock.items[item].barcode);
  const annual = await service(page, "Annual Inspection");
  await chooseServiceOption(page, annual, "Perform Now");
  await eventually(() => annual.getByText("Not Due").isVisible()).toBe(true);

  await chooseServiceOption(page, await service(page, "Monthly Check"), "Perform Now");
  await page.waitForURL(/\/answer-questions\//);
  await page.getByRole("radiogroup", { name: "Pin in place?" }).getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/equipment-tag\//);
  await eventually(async () => (await service(page, "Monthly Check")).getByText("Not Due").isVisible()).toBe(true);
}

/** From the site's equipment list, the item's options. */
/** The item's options: on a phone a row opens the item's tag, whose Options button opens them. */
async function options(page: Page, stock: Stock, item: Item): Promise<void> {
  await page.goto(`/sites/${stock.warehouse}`);
  await page.getByRole("button", { name: new RegExp(`^${item}\\b`) }).first().click();
  await page.waitForURL(/\/equipment-tag\//);
  await page.getByRole("main").getByRole("button", { name: "Options", exact: true }).click();
  await eventually(() => page.getByRole("dialog").isVisible()).toBe(true);
}

async function couldNotService(page: Page, stock: Stock, item: Item): Promise<void> {
  await options(page, stock, item);
  await page.getByRole("button", { name: "Could Not Service" }).click();
  await page.getByRole("radio", { name: "Could not access" }).check();
  await page.getByRole("textbox", { name: "Reason" }).fill("Could not access: locked room");
  await page.getByRole("button", { name: "Save" }).click();
  await eventually(() => page.getByRole("dialog").count()).toBe(0);
}

async function transfer(page: Page, stock: Stock, item: Item): Promise<void> {
  await options(page, stock, item);
  await page.getByRole("button", { name: "Transfer Equipment" }).click();
  await page.getByRole("searchbox", { name: "Search sites" }).fill("Are");
  await page.getByRole("radio", { name: "Arena" }).check();
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await eventually(() => page.getByText("Equipment transferred").isVisible()).toBe(true);
}

/** What the server holds about the technician's work on these items. */
async function expectWorkOnServer(owner: Account, stock: Stock, inspected: Item, skipped: Item, moved: Item): Promise<void> {
  await expect
    .poll(
      async () => {
        const all = await download(server, owner);
        const history = (all.history ?? []).filter((h) => !h.deleted);
        const typesOf = (item: Item) => history.filter((h) => h.equipmentId === stock.items[item].id).map((h) => h.type as number);
        const performed = (all.performedServices ?? []).filter((p) => p.equipmentId === stock.items[inspected].id && p.lastDate);
        const deficiency = (all.deficiencies ?? []).find((d) => d.equipmentId === stock.items[inspected].id && !d.dateClosed);
        const item = (all.equipment ?? []).find((e) => e.id === stock.items[moved].id);
        return {
          performed: performed.map((p) => p.serviceTypeId).sort(),
          inspectedHistory: [...new Set(typesOf(inspected))].sort((a, b) => a - b),
          deficiency: deficiency?.description,
          skippedHistory: typesOf(skipped),
          movedTo: item?.locationId,
          movedHistory: history.filter((h) => h.equipmentId === stock.items[moved].id).every((h) => h.locationId === stock.arena),
        };
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual({
      performed: [stock.annual, stock.monthly].sort(),
      inspectedHistory: [2, 11],
      deficiency: "Pin missing",
      skippedHistory: [4],
      movedTo: stock.arena,
      movedHistory: true,
    });
}

describe("a technician's day on a phone (375×812)", () => {
  it("scans, services, answers a checklist, could-not-services and transfers — online, then offline and synced", async () => {
    const owner = await signUpByApi(server, uniqueEmail("tech"));
    const goods = await stock(owner);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);

    // A phone opens on Today (sites scheduled for the user); these sites are under All.
    await page.getByRole("tab", { name: /^All/ }).click();
    await page.getByRole("link", { name: /Warehouse/ }).first().click();
    await page.waitForURL(`**/sites/${goods.warehouse}`);
    await eventually(() => badgeOf(page, "Inspection Due")).toBe(6);

    await inspect(page, goods, "Lobby");
    await couldNotService(page, goods, "Kitchen");
    await transfer(page, goods, "Garage");
    await expectWorkOnServer(owner, goods, "Lobby", "Kitchen", "Garage");

    await context.setOffline(true);
    await inspect(page, goods, "Office");
    await couldNotService(page, goods, "Boiler room");
    await transfer(page, goods, "Stairwell");
    await page.goto(`/sites/${goods.warehouse}`);
    // Two skipped today and two moved away; the two inspected stay due for their open deficiency.
    await eventually(() => badgeOf(page, "Inspection Due")).toBe(2);
    await context.setOffline(false);
    await expectWorkOnServer(owner, goods, "Office", "Boiler room", "Stairwell");
    await context.close();
  });
});

describe("an office day on a desktop (1280×800)", () => {
  it("adds a site, a customer and equipment", async () => {
    const owner = await signUpByApi(server, uniqueEmail("office"));
    const goods = await stock(owner);
    await patchOrganization(server, owner, { enabledFeatures: ["BILLING"], showBilling: true });
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);

    await page.getByRole("button", { name: "Add Site" }).click();
    await page.waitForURL("**/sites/new");
    await page.getByRole("textbox", { name: "Name" }).fill("Harbour Depot");
    await page.getByRole("combobox", { name: "Country" }).click();
    await page.getByRole("option", { name: "Canada" }).click();
    await page.getByRole("combobox", { name: "Time Zone" }).click();
    await page.getByRole("option", { name: /Halifax/ }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.waitForURL((url) => /^\/sites\/[0-9a-f]{32}$/.test(url.pathname));
    const siteId = new URL(page.url()).pathname.split("/")[2];

    await page.getByRole("button", { name: "Add Equipment" }).click();
    await page.waitForURL(`**/sites/${siteId}/equipment/new`);
    await page.getByRole("textbox", { name: "Location" }).fill("Front desk");
    await fillPicker(page, "Manufactured Date", "2025-06-01");
    await page.getByRole("combobox", { name: "Model" }).click();
    await page.getByRole("option", { name: /B500/ }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await eventually(() => page.getByText("Equipment Added").isVisible()).toBe(true);

    await page.goto("/customers");
    await page.getByRole("link", { name: "Add Customer" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Harbour Authority");
    await page.getByRole("textbox", { name: "Account Number" }).fill("HA-1");
    await page.getByRole("button", { name: /^(Add|Save)$/ }).click();
    await eventually(() => page.getByText("Customer added").isVisible()).toBe(true);

    await expect
      .poll(
        async () => {
          const all = await download(server, owner);
          const site = (all.locations ?? []).find((s) => s.id === siteId);
          const item = (all.equipment ?? []).find((e) => e.locationId === siteId);
          const customer = (all.customers ?? []).find((c) => c.name === "Harbour Authority");
          const added = (all.history ?? []).find((h) => h.equipmentId === item?.id && h.type === 5);
          return [site?.name, site?.timeZone, item?.name, item?.modelId, customer?.accountNumber, added !== undefined];
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual(["Harbour Depot", "America/Halifax", "Front desk", goods.model, "HA-1", true]);
    await context.close();
  });
});

describe("a member without EQUIPMENT_WRITE", () => {
  it("sees no add or edit, and the server refuses the write anyway", async () => {
    const owner = await signUpByApi(server, uniqueEmail("owner"));
    const goods = await stock(owner);
    const viewer = await addMember(server, owner, uniqueEmail("viewer"), ["WEB_LOGIN", "LOCATION_READ", "EQUIPMENT_READ", "SERVICE_READ"]);
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, viewer);

    await page.goto(`/sites/${goods.warehouse}`);
    await eventually(() => page.getByRole("button", { name: /^Lobby\b/ }).first().isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Add Equipment" }).count()).toBe(0);
    await page.getByRole("button", { name: /^Lobby\b/ }).first().click();
    await eventually(() => page.getByRole("button", { name: "Preview Details" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Edit Equipment" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Delete Equipment" }).count()).toBe(0);
    // Preview Details: the read-only tag, where a scan of the item's barcode opens its tag.
    await page.getByRole("button", { name: "Preview Details" }).click();
    await page.waitForURL(`**/sites/${goods.warehouse}/equipment-tag/${goods.items.Lobby.id}/read-only`);
    await eventually(() => page.getByText("Scan barcode to make changes").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Service Options" }).count()).toBe(0);
    await page.getByRole("button", { name: "Scan Barcode" }).click();
    await page.getByRole("textbox", { name: "Barcode" }).fill(goods.items.Lobby.barcode);
    await page.getByRole("textbox", { name: "Barcode" }).press("Enter");
    await page.waitForURL((url) => url.pathname === `/sites/${goods.warehouse}/equipment-tag/${goods.items.Lobby.id}`);
    await eventually(() => page.getByText("Scan barcode to make changes").count()).toBe(0);

    const lobby = { id: goods.items.Lobby.id, orgId: owner.orgId, locationId: goods.warehouse, name: "Renamed", lastUpdated: new Date().toISOString() };
    const answer = await upload(server, viewer, { equipment: [lobby] });
    expect(answer.equipment?.[0]).toMatchObject({ status: "rejected", reason: "You need the EQUIPMENT_WRITE permission" });
    const stored = (await download(server, owner)).equipment?.find((e) => e.id === goods.items.Lobby.id);
    expect(stored?.name).toBe("Lobby");
    await context.close();
  });
});
