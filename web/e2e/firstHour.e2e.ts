/**
 * The first hour of a new organisation, in Chromium against the real server at 1280×800: sign
 * up, add the extinguisher starter catalogue from the welcome screen's setup checklist, add a
 * first site and an item of a starter model, see it due for inspection, and find those steps
 * done on the checklist. The server holds the starter records as ordinary catalogue records.
 */
import type { Browser, Page } from "playwright-core";
import { expect, it } from "vitest";
import { type Account, download } from "./api";
import { badgeOf, eventually, newContext, type Server, signUp, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";
import { fillPicker } from "./pickers";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

const checklist = (page: Page) => page.getByRole("region", { name: "Set Up Your Organisation" });
/** A step's state, read from its link ("Add models" then "Done" or "To do"). */
const stepState = (page: Page, label: string) =>
  checklist(page)
    .getByRole("link", { name: new RegExp(`^${label}`) })
    .textContent()
    .then((text) => (text?.endsWith("Done") ? "done" : "to do"));

async function accountOf(page: Page, email: string, password: string): Promise<Account> {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem("fieldtag.session") ?? "{}") as { token: string; user: { id: string; orgId: string } });
  return { email, password, token: session.token, orgId: session.user.orgId, userId: session.user.id };
}

it("takes a new owner from sign-up through the checklist and a starter catalogue to a first due item", async () => {
  const context = await newContext(browser, server, VIEWPORTS.desktop);
  const page = await context.newPage();
  const who = { email: uniqueEmail("first-hour"), password: "correct horse 9", name: "Olu Ade", company: "First Hour Fire" };
  await signUp(page, who);
  await eventually(() => checklist(page).getByText("0 of 5 done").isVisible()).toBe(true);

  await checklist(page).getByRole("button", { name: "Add Portable Fire Extinguishers" }).click();
  await eventually(() => page.getByText("Portable Fire Extinguishers added").isVisible()).toBe(true);
  await eventually(() => stepState(page, "Add equipment types and service types")).toBe("done");
  expect(await stepState(page, "Add models")).toBe("done");

  await checklist(page).getByRole("link", { name: /^Add your first site/ }).click();
  await page.waitForURL("**/sites/new");
  await page.getByRole("textbox", { name: "Name" }).fill("Harbour Depot");
  await page.getByRole("combobox", { name: "Country" }).click();
  await page.getByRole("option", { name: "Canada" }).click();
  await page.getByRole("combobox", { name: "Time Zone" }).click();
  await page.getByRole("option", { name: /Toronto/ }).first().click();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.waitForURL((url) => /^\/sites\/[0-9a-f]{32}$/.test(url.pathname));
  const siteId = new URL(page.url()).pathname.split("/")[2];

  await page.getByRole("button", { name: "Add Equipment" }).click();
  await page.waitForURL(`**/sites/${siteId}/equipment/new`);
  await page.getByRole("textbox", { name: "Location" }).fill("Front desk");
  await fillPicker(page, "Manufactured Date", "2024-03-01");
  await page.getByRole("combobox", { name: "Model" }).click();
  await page.getByRole("option", { name: "5 lb ABC" }).click();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await eventually(() => page.getByText("Equipment Added").isVisible()).toBe(true);

  await page.goto(`/sites/${siteId}`);
  await eventually(() => badgeOf(page, "Inspection Due")).toBe(1);

  await page.goto("/welcome");
  await eventually(() => checklist(page).getByText("4 of 5 done").isVisible()).toBe(true);
  for (const step of ["Add equipment types and service types", "Add models", "Add your first site", "Import a spreadsheet of equipment"]) {
    expect(await stepState(page, step)).toBe("done");
  }
  expect(await stepState(page, "Invite technicians")).toBe("to do");

  // On the server they are ordinary catalogue records.
  const owner = await accountOf(page, who.email, who.password);
  await eventually(async () => {
    const all = await download(server, owner);
    const type = (all.equipmentTypes ?? []).find((t) => t.name === "Extinguisher - Dry Chemical (Stored Pressure)");
    const services = (all.serviceTypes ?? []).filter((s) => s.equipmentTypeId === type?.id).map((s) => s.name);
    const item = (all.equipment ?? []).find((e) => e.locationId === siteId);
    return [services.length, (all.questions ?? []).length > 0, item?.name];
  }).toEqual([4, true, "Front desk"]);
  await context.close();
});
