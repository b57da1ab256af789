/**
 * Live sync against the real server in Chromium (docs/sync.md "Live sync"): a service performed
 * on a technician's phone shows in the office's equipment list, which is not reloaded, within
 * seconds (the periodic download would take up to a minute); the stream comes back after a
 * server restart and after the network was lost, catching up on what was written meanwhile; a
 * member removed from the organisation loses it. With FIELDTAG_TEST_POSTGRES_URL, the same
 * across two server instances on one PostgreSQL database (skipped without it).
 */
import { execFileSync } from "node:child_process";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, addMember, newId, signUpByApi, uploadAll } from "./api";
import { badgeOf, eventually, launchBrowser, newContext, type Server, signIn, startServer, uniqueEmail, VIEWPORTS } from "./harness";

/** Well within the periodic download's minute. */
const PROMPTLY_MS = 5_000;

interface Site {
  site: string;
  annual: string;
  items: string[];
}

/** A site with `count` extinguishers made two years ago, each due for its yearly inspection. */
async function stock(server: Server, owner: Account, count: number): Promise<Site> {
  const org = owner.orgId;
  const stamp = new Date().toISOString();
  const made = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString();
  const [site, type, model, annual] = [newId(), newId(), newId(), newId()];
  const items = Array.from({ length: count }, () => newId());
  await uploadAll(server, owner, {
    locations: [{ id: site, orgId: org, name: "Warehouse", status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: stamp }],
    equipmentTypes: [{ id: type, orgId: org, name: "Extinguisher", lastUpdated: stamp }],
    models: [{ id: model, orgId: org, name: "B500", equipmentTypeId: type, sku: "EXT-B500", lastUpdated: stamp }],
    serviceTypes: [{ id: annual, orgId: org, name: "Annual Inspection", equipmentTypeId: type, dueWhen: "all", frequencyType: 7, frequency: 1, inspection: true, conditions: [], lastUpdated: stamp }],
    equipment: items.map((id, n) => ({ id, orgId: org, locationId: site, name: `Extinguisher ${n + 1}`, modelId: model, barcode: `FT-${200 + n}`, manufactureDate: made, lastUpdated: stamp })),
  });
  return { site, annual, items };
}

/** Another device's service, written straight to the server. */
async function performedElsewhere(server: Server, owner: Account, site: Site, item: string): Promise<void> {
  const now = new Date().toISOString();
  await uploadAll(server, owner, {
    performedServices: [{ id: `${item}-${site.annual}`, orgId: owner.orgId, locationId: site.site, equipmentId: item, serviceTypeId: site.annual, lastDate: now, lastUpdated: now }],
  });
}

/** The office: a desktop on the site's equipment list, left open. */
async function office(browser: Browser, server: Server, account: Account, site: Site): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server, VIEWPORTS.desktop);
  const page = await context.newPage();
  await signIn(page, account);
  await page.goto(`/sites/${site.site}`);
  await eventually(() => badgeOf(page, "Inspection Due")).toBe(site.items.length);
  await eventually(() => liveChip(page).isVisible()).toBe(true);
  return { context, page };
}

const liveChip = (page: Page) => page.getByTestId("sync-status").getByText("Live", { exact: true });

/** The technician: a phone on the item's tag, performing its yearly inspection; answers when Perform Now was chosen. */
async function performOnPhone(page: Page, site: Site, item: string): Promise<number> {
  await page.goto(`/sites/${site.site}/equipment-tag/${item}`);
  const annual = page.getByRole("listitem", { name: "Annual Inspection" });
  await eventually(() => annual.isVisible()).toBe(true);
  await annual.getByRole("button", { name: "Service Options" }).click();
  const perform = page.getByRole("dialog").getByRole("button", { name: "Perform Now", exact: true });
  await perform.waitFor();
  const saved = Date.now();
  await perform.click();
  await eventually(() => annual.getByText("Not Due").isVisible()).toBe(true);
  return saved;
}

/** How long until the office's Inspection Due count is `count`, without a reload. */
async function seenWithin(page: Page, count: number): Promise<number> {
  const start = Date.now();
  await expect.poll(() => badgeOf(page, "Inspection Due"), { timeout: 60_000, interval: 50 }).toBe(count);
  return Date.now() - start;
}

/**
 * An office on `deskServer` watches a site's equipment list while a phone on `phoneServer`
 * performs an item's inspection: the office's Inspection Due count drops within PROMPTLY_MS of
 * the Save, without a reload.
 */
async function performedShowsPromptly(browser: Browser, phoneServer: Server, deskServer: Server, label: string): Promise<void> {
  const owner = await signUpByApi(phoneServer, uniqueEmail(label));
  const site = await stock(phoneServer, owner, 2);
  const desk = await office(browser, deskServer, owner, site);
  const phone = await newContext(browser, phoneServer, VIEWPORTS.mobile);
  const tech = await phone.newPage();
  await signIn(tech, owner);

  const saved = await performOnPhone(tech, site, site.items[0] as string);
  await seenWithin(desk.page, 1);
  expect(Date.now() - saved).toBeLessThan(PROMPTLY_MS);
  await phone.close();
  await desk.context.close();
}

describe("live sync on one server", () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows a service performed on the phone in the office's open equipment list within seconds", { timeout: 180_000 }, async () => {
    await performedShowsPromptly(browser, server, server, "live");
  });

  it("reconnects after a server restart and catches up on what was written meanwhile", { timeout: 180_000 }, async () => {
    const owner = await signUpByApi(server, uniqueEmail("live-restart"));
    const site = await stock(server, owner, 2);
    const desk = await office(browser, server, owner, site);

    await server.restart();
    await performedElsewhere(server, owner, site, site.items[0] as string);
    expect(await seenWithin(desk.page, 1)).toBeLessThan(30_000);
    await eventually(() => liveChip(desk.page).isVisible()).toBe(true);
    // Live again: the next change comes at once.
    await performedElsewhere(server, owner, site, site.items[1] as string);
    expect(await seenWithin(desk.page, 0)).toBeLessThan(PROMPTLY_MS);
    await desk.context.close();
  });

  it("goes without the stream while offline, and catches up when back online", { timeout: 180_000 }, async () => {
    const owner = await signUpByApi(server, uniqueEmail("live-offline"));
    const site = await stock(server, owner, 2);
    const desk = await office(browser, server, owner, site);

    await desk.context.setOffline(true);
    await eventually(() => liveChip(desk.page).isVisible()).toBe(false);
    await performedElsewhere(server, owner, site, site.items[0] as string);
    await desk.context.setOffline(false);
    expect(await seenWithin(desk.page, 1)).toBeLessThan(PROMPTLY_MS);
    await eventually(() => liveChip(desk.page).isVisible()).toBe(true);
    await desk.context.close();
  });

  it("ends the stream of a member removed from the organisation", { timeout: 180_000 }, async () => {
    const owner = await signUpByApi(server, uniqueEmail("live-owner"));
    const site = await stock(server, owner, 1);
    const member = await addMember(server, owner, uniqueEmail("live-member"), ["WEB_LOGIN", "LOCATION_READ", "EQUIPMENT_READ", "SERVICE_READ"]);
    const desk = await office(browser, server, member, site);

    await uploadAll(server, owner, {
      users: [{ id: member.userId, orgId: owner.orgId, name: "Tess Tech", email: member.email, permissions: [], invitationStatus: 0, deleted: true, lastUpdated: new Date().toISOString() }],
    });
    await eventually(() => liveChip(desk.page).isVisible()).toBe(false);
    await desk.context.close();
  });
});

/** A fresh schema in the test database, as the Rust tests make one: the URL that uses it. */
function freshSchema(url: string): string {
  const schema = `e2e_live_${process.pid}_${Date.now().toString(36)}`;
  execFileSync("psql", [url, "-qtA", "-c", `CREATE SCHEMA ${schema}`]);
  return `${url}${url.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
}

const POSTGRES = process.env.FIELDTAG_TEST_POSTGRES_URL;

describe.skipIf(!POSTGRES)("live sync across two servers on one PostgreSQL", () => {
  let first: Server;
  let second: Server;
  let browser: Browser;
  beforeAll(async () => {
    const database = freshSchema(POSTGRES as string);
    first = await startServer({ FIELDTAG_DATABASE_URL: database });
    second = await startServer({ FIELDTAG_DATABASE_URL: database });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await first?.stop();
    await second?.stop();
  });

  it("shows a service performed through one server in the office's list held by the other", { timeout: 180_000 }, async () => {
    await performedShowsPromptly(browser, first, second, "live-pg");
  });
});
