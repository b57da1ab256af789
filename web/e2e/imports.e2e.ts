/**
 * The CSV import against the real server in Chromium, on a phone (375×812): the office checks
 * a file of sites (one row rejected, with its line and reason), imports it, imports a file of
 * equipment at the new site, follows the link to /imports and sees both imports done, and the
 * new site in the sites list. The files' headers are the fields' labels as the server lists
 * them, so the screen's own matching maps every column.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, download, signUpByApi } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

interface Field {
  name: string;
  label: string;
  required: boolean;
}

async function csvFields(account: Account): Promise<Record<"sites" | "equipment" | "history", Field[]>> {
  const answer = await fetch(`${server.url}/api/organizations/${account.orgId}/imports/csv/fields`, { headers: { Authorization: `Bearer ${account.token}` } });
  if (!answer.ok) throw new Error(`GET csv/fields: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { data: Record<"sites" | "equipment" | "history", Field[]> }).data;
}

const SITE = "Harbour Depot";

/** A value for a field, by what its key says it is; the site's name where an item names its site. */
function valueFor(kind: "sites" | "equipment", field: Field): string | undefined {
  const key = field.name.toLowerCase();
  if (kind === "sites" && key === "name") return SITE;
  if (kind === "equipment" && /site|location/.test(key)) return SITE;
  if (key === "name") return "Lobby extinguisher";
  if (key.includes("barcode")) return "HD-0001";
  if (key.includes("timezone")) return "America/Toronto";
  if (key === "country") return "CA";
  if (key.includes("province") || key === "state") return "ON";
  if (key === "city") return "Halifax";
  if (key.includes("address")) return "1 Water St";
  if (key.includes("status")) return "active";
  return undefined;
}

/** A CSV of the fields we have values for (every required one), each row from `row`. */
function csvOf(kind: "sites" | "equipment", fields: Field[], rows: ((field: Field) => string | undefined)[]): string {
  const used = fields.filter((field) => valueFor(kind, field) !== undefined);
  const unknown = fields.filter((field) => field.required && valueFor(kind, field) === undefined);
  if (unknown.length > 0) throw new Error(`no test value for required ${kind} field(s) ${unknown.map((field) => field.name).join(", ")}`);
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  return [used.map((field) => quote(field.label)).join(","), ...rows.map((row) => used.map((field) => quote(row(field) ?? "")).join(","))].join("\n") + "\n";
}

async function chooseKind(page: Page, label: string) {
  await page.getByRole("combobox", { name: /^The file holds/ }).click();
  await page.getByRole("option", { name: label }).click();
}

async function chooseFile(page: Page, name: string, text: string) {
  await page.locator('input[type="file"][aria-label="CSV file"]').setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await eventually(() => page.getByText(new RegExp(`^${name.replace(".", "\\.")}:`)).isVisible()).toBe(true);
}

describe("CSV import at 375 px", () => {
  it("checks a file of sites (one row rejected), imports sites and equipment, and sees them in /imports and the sites list", async () => {
    const owner = await signUpByApi(server, uniqueEmail("imports"));
    const fields = await csvFields(owner);
    // Line 3 has no site name: the check rejects it, the import skips it.
    const sitesCsv = csvOf("sites", fields.sites, [(field) => valueFor("sites", field), (field) => (field.name === "name" ? "" : valueFor("sites", field))]);
    const equipmentCsv = csvOf("equipment", fields.equipment, [(field) => valueFor("equipment", field)]);

    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto("/settings");
    await page.getByRole("link", { name: "CSV Import" }).click();
    await page.waitForURL("**/imports/csv");

    await chooseFile(page, "sites.csv", sitesCsv);
    const siteName = fields.sites.find((field) => field.name === "name")!;
    await expect(page.getByRole("combobox", { name: new RegExp(`^${siteName.label}`) }).textContent()).resolves.toBe(siteName.label);
    await page.getByRole("button", { name: "Check File" }).click();
    const check = page.getByRole("region", { name: "Check result" });
    await eventually(() => check.getByText("2 row(s): 1 would be imported, 1 rejected.").isVisible()).toBe(true);
    const rejected = await check.getByRole("list", { name: "Rejected rows" }).getByRole("listitem").allTextContents();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatch(/^Line 3: /);
    // The check wrote nothing.
    expect((await download(server, owner)).locations ?? []).toHaveLength(0);

    await page.getByRole("button", { name: "Import" }).click();
    await eventually(() => page.getByRole("region", { name: "Import result" }).getByText("2 row(s): 1 imported, 1 skipped.").isVisible()).toBe(true);
    expect(((await download(server, owner)).locations ?? []).map((site) => site.name)).toEqual([SITE]);

    await chooseKind(page, "Equipment");
    await chooseFile(page, "equipment.csv", equipmentCsv);
    await page.getByRole("button", { name: "Import" }).click();
    const imported = page.getByRole("region", { name: "Import result" });
    await eventually(() => imported.getByText("1 row(s): 1 imported, 0 skipped.").isVisible()).toBe(true);
    expect(((await download(server, owner)).equipment ?? []).length).toBe(1);

    await imported.getByRole("link", { name: "See it under Imports" }).click();
    await page.waitForURL("**/imports");
    // At 375 px, one card per import, newest first: the equipment file, nothing skipped; then
    // the sites file, one row skipped.
    const cards = page.getByRole("list", { name: "Imports" }).getByRole("listitem");
    await eventually(() => cards.count()).toBe(2);
    const [equipmentCard, sitesCard] = await cards.allTextContents();
    for (const card of [equipmentCard, sitesCard]) expect(card).toContain("Source: CSV file");
    expect(equipmentCard).toMatch(/Done: [1-9]\d* records written, 0 rows skipped/);
    expect(sitesCard).toMatch(/Done: [1-9]\d* records written, 1 rows skipped/);
    // Nothing runs off the side of the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto("/sites?tab=all");
    await eventually(() => page.getByRole("tabpanel").getByRole("link", { name: new RegExp(`^${SITE}`) }).isVisible()).toBe(true);
    await context.close();
  });
});
