/**
 * The leave-page guard (§2, §4 Forms) on every form page of the route table, in Chromium
 * against the real server: edit a field, try to leave by a link, and the 'Leave page?' dialog
 * opens; Cancel keeps the draft on the page, Leave goes. On a phone (375×812), leaving by the
 * menu's links; on a desktop, the site page's three columns and the pages only a desktop has.
 * The records the forms edit are uploaded through the API, with every optional feature on.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, newId, signUpByApi } from "./api";
import { VIEWPORTS, eventually, newContext, type Server, signIn, uniqueEmail, withServerAndBrowser } from "./harness";
import { fillPicker, picker, pickerValue } from "./pickers";
import { type Seeded, seedEverything } from "./seed";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

/** How a case edits its form: the control it changed, and how to tell the edit is still there. */
interface Edit {
  control: Locator;
  kept: () => Promise<boolean>;
}

const main = (page: Page) => page.getByRole("main");

/** Types into a text field (the first one of `name`, or the form's first). */
async function typeInto(page: Page, name?: string | RegExp, text = "Edited before leaving"): Promise<Edit> {
  const scope = main(page);
  const control = (name ? scope.getByRole("textbox", { name }) : scope.getByRole("textbox")).first();
  await eventually(() => control.isEditable()).toBe(true);
  await control.fill(text);
  return { control, kept: async () => (await control.inputValue()) === text };
}

async function toggle(control: Locator): Promise<Edit> {
  await eventually(() => control.isEnabled()).toBe(true);
  const before = await control.isChecked();
  await control.click();
  await eventually(() => control.isChecked()).toBe(!before);
  return { control, kept: async () => (await control.isChecked()) !== before };
}

interface Case {
  path: string;
  edit: (page: Page) => Promise<Edit>;
}

/** Every form page of the route table (§2) with the app's routes, each with an edit. */
function phoneCases(s: Seeded, owner: Account): Case[] {
  const item = `/sites/${s.site}/equipment/${s.item}`;
  const type = `/equipment-types/${s.type}`;
  const service = `${type}/service-types/${s.service}`;
  const text = (path: string, name?: string | RegExp): Case => ({ path, edit: (page) => typeInto(page, name) });
  return [
    {
      path: `/sites/${s.site}`,
      edit: async (page) => {
        await page.getByRole("button", { name: "Site Information" }).click();
        return typeInto(page, "Contact");
      },
    },
    {
      path: `/sites/${s.site}`,
      edit: async (page) => {
        await page.getByRole("button", { name: "Site Information" }).click();
        return toggle(main(page).getByRole("group", { name: "Extinguishers" }).getByRole("checkbox").first());
      },
    },
    { path: `/sites/${s.site}/settings/location-overrides/new`, edit: (page) => typeInto(page, /^Override Frequency/, "4") },
    { path: `/sites/${s.site}/settings/location-overrides/${s.override}`, edit: (page) => typeInto(page, /^Override Frequency/, "5") },
    text(`/sites/${s.site}/settings/floor-plans/new`, /^Name/),
    text(`/sites/${s.site}/settings/floor-plans/${s.floorPlan}`, /^Name/),
    text(`/sites/${s.site}/equipment/new`, /^Location/),
    text(item, /^Location/),
    { path: `${item}/answer-questions/${s.service}/${newId()}`, edit: (page) => toggle(main(page).getByRole("radio", { name: "Yes" })) },
    {
      path: `${item}/performed-service/${s.service}`,
      edit: async (page) => {
        const control = picker(main(page), /^Overriding Next Date/);
        await eventually(() => control.getByRole("spinbutton").first().isEditable()).toBe(true);
        await fillPicker(main(page), /^Overriding Next Date/, "2031-02-03 04:05");
        return { control, kept: async () => (await pickerValue(main(page), /^Overriding Next Date/)) === "2031-02-03 04:05" };
      },
    },
    text(`${item}/history/new`, "Description"),
    text(`${item}/history/${s.history}`, "Description"),
    text(`${item}/deficiency/new`, /^Description/),
    text(`/sites/${s.site}/equipment/${s.other}/deficiency/${s.deficiency}`, /^Description/),
    text("/customers/new", /^Name/),
    text(`/customers/${s.customer}`, /^Name/),
    text("/profile", /^Name/),
    text("/organization", /^Company Name/),
    { path: "/preferences", edit: (page) => toggle(main(page).getByRole("switch").first()) },
    text("/users/new", /^Name/),
    text(`/users/${owner.userId}`, /^Name/),
    text("/equipment-types/new", /^Name/),
    text(type, /^Name/),
    text(`${type}/models/new`),
    text(`${type}/models/${s.model}`),
    text(`${type}/service-types/new`, /^Name/),
    text(service, /^Name/),
    text(`${service}/questions/new`),
    text(`${service}/questions/${s.question}`),
    text("/site-types/new", /^Name/),
    text(`/site-types/${s.siteType}`, /^Name/),
    text("/service-month-categories/new", /^Name/),
    text(`/service-month-categories/${s.category}`, /^Name/),
    text("/custom-fields/location/new", /^Name/),
    text(`/custom-fields/location/${s.fields.location}`, /^Name/),
    text("/custom-fields/model/new", /^Name/),
    text(`/custom-fields/model/${s.fields.model}`, /^Name/),
    text("/custom-fields/equipment/new", /^Name/),
    text(`/custom-fields/equipment/${s.fields.equipment}`, /^Name/),
  ];
}

/** The pages whose form only a desktop shows: the site page's first column, adding a site. */
function desktopCases(s: Seeded): Case[] {
  return [
    { path: `/sites/${s.site}`, edit: (page) => typeInto(page, "Contact") },
    { path: `/sites/${s.site}`, edit: (page) => toggle(main(page).getByRole("group", { name: "Extinguishers" }).getByRole("checkbox").first()) },
    { path: "/sites/new", edit: (page) => typeInto(page, /^Name/) },
    { path: `/customers/${s.customer}/sites/new`, edit: (page) => typeInto(page, /^Name/) },
  ];
}

/** Follows the Schedule link: in the bar on a desktop, in the menu on a phone. */
async function followScheduleLink(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Schedule" }).click();
}

async function checkGuard(page: Page, phone: boolean, { path, edit }: Case): Promise<void> {
  await page.goto(path);
  const edited = await edit(page);

  await followScheduleLink(page, phone);
  const dialog = page.getByRole("dialog", { name: "Leave page?" });
  await eventually(() => dialog.isVisible()).toBe(true);
  expect(await dialog.textContent(), path).toContain("Your current changes will be discarded.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await eventually(() => dialog.count()).toBe(0);
  expect(new URL(page.url()).pathname, path).toBe(path);
  expect(await edited.kept(), `${path}: the draft is kept`).toBe(true);

  await followScheduleLink(page, phone);
  await page.getByRole("dialog", { name: "Leave page?" }).getByRole("button", { name: "Leave" }).click();
  await page.waitForURL("**/schedule");
}

describe("the leave-page guard", () => {
  it("on a phone, guards every form page: Cancel keeps the draft, Leave goes", { timeout: 600_000 }, async () => {
    const owner = await signUpByApi(server, uniqueEmail("guard-phone"));
    const seeded = await seedEverything(server, owner);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (message) => warnings.push(message.text()));
    await signIn(page, owner);
    for (const form of phoneCases(seeded, owner)) await checkGuard(page, true, form);
    expect(warnings.filter((text) => text.includes("one blocker"))).toEqual([]);
    await context.close();
  });

  it("on a desktop, guards both forms of the site page and adding a site", { timeout: 300_000 }, async () => {
    const owner = await signUpByApi(server, uniqueEmail("guard-desktop"));
    const seeded = await seedEverything(server, owner);
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);
    for (const form of desktopCases(seeded)) await checkGuard(page, false, form);
    await context.close();
  });

  it("lets a page with no edits go without asking", async () => {
    const owner = await signUpByApi(server, uniqueEmail("guard-clean"));
    const seeded = await seedEverything(server, owner);
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto(`/sites/${seeded.site}`);
    await eventually(() => main(page).getByRole("textbox", { name: "Contact" }).inputValue()).toBe("Pat Lee");
    await followScheduleLink(page, false);
    await page.waitForURL("**/schedule");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });
});
