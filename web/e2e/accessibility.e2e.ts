/**
 * Every screen of the route table (§2) and the app's dialogs through axe-core, at 375×812 and
 * 1366×800: no serious or critical violation of WCAG 2.1 A and AA. A new screen or dialog is
 * added here with the others, so it cannot regress unseen.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, newId, signUpByApi, uploadAll } from "./api";
import { type Violation, describeViolations, violationsOn } from "./axe";
import { eventually, networkQuiet, newContext, type Server, signIn, uniqueEmail, withServerAndBrowser } from "./harness";
import { picker } from "./pickers";
import { type Seeded, seedEverything } from "./seed";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

/** Every screen of the route table, with real ids. */
function screens(s: Seeded, owner: Account): string[] {
  const item = `/sites/${s.site}/equipment/${s.item}`;
  const type = `/equipment-types/${s.type}`;
  return [
    "/welcome",
    "/sites",
    "/sites/new",
    `/customers/${s.customer}/sites/new`,
    `/sites/${s.site}`,
    `/sites/${s.site}/customer-select`,
    `/sites/${s.site}/settings/location-overrides`,
    `/sites/${s.site}/settings/location-overrides/new`,
    `/sites/${s.site}/settings/floor-plans`,
    `/sites/${s.site}/settings/floor-plans/new`,
    `/sites/${s.site}/settings/floor-plans/${s.floorPlan}`,
    `/sites/${s.site}/equipment/new`,
    item,
    `/sites/${s.site}/equipment-tag/${s.item}`,
    `/sites/${s.site}/equipment-tag/${s.item}/read-only`,
    `${item}/ReadOnlyFloorPlan`,
    `${item}/answer-questions/${s.service}/${newId()}`,
    `${item}/performed-service/${s.service}`,
    `${item}/history/new`,
    `${item}/history/${s.history}`,
    `${item}/deficiency/new`,
    `/sites/${s.site}/visit/${new Date().toISOString().slice(0, 10)}`,
    `/customers`,
    `/customers/new`,
    `/customers/${s.customer}`,
    "/dashboard",
    "/reports",
    "/schedule",
    "/schedule?view=week",
    "/schedule?view=week&by=technician",
    "/settings",
    "/profile",
    "/organization",
    "/preferences",
    "/analytics",
    "/users",
    "/users/new",
    `/users/${owner.userId}`,
    "/equipment-types",
    "/equipment-types/new",
    type,
    `${type}/models`,
    `${type}/models/new`,
    `${type}/models/${s.model}`,
    `${type}/service-types/new`,
    `${type}/service-types/${s.service}`,
    `${type}/service-types/${s.service}/questions/new`,
    `${type}/service-types/${s.service}/questions/${s.question}`,
    `/sites/${s.site}/settings/location-overrides/${s.override}`,
    `/sites/${s.site}/equipment/${s.other}/deficiency/${s.deficiency}`,
    "/site-types",
    "/site-types/new",
    `/site-types/${s.siteType}`,
    "/service-month-categories",
    "/service-month-categories/new",
    `/service-month-categories/${s.category}`,
    "/custom-fields",
    "/custom-fields/location/new",
    `/custom-fields/location/${s.fields.location}`,
    "/custom-fields/model/new",
    `/custom-fields/model/${s.fields.model}`,
    "/custom-fields/equipment/new",
    `/custom-fields/equipment/${s.fields.equipment}`,
    "/imports",
    "/imports/csv",
    "/debug",
  ];
}

/** Lets the screen settle: its records read, the first download merged, animations done. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.waitForTimeout(400);
}

async function check(page: Page, screen: string, found: Violation[]): Promise<void> {
  await settle(page);
  found.push(...(await violationsOn(page, screen)));
}

const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1366, height: 800 } } as const;

describe("accessibility (axe-core, WCAG 2.1 A and AA)", () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no serious or critical violation on any screen or dialog at ${viewport.width}×${viewport.height} (${label})`, async () => {
      const found: Violation[] = [];
      const context = await newContext(browser, server, viewport);
      const page = await context.newPage();
      for (const path of ["/", "/sign-up", "/accept-invite?userId=0&token=0"]) {
        await page.goto(path);
        await check(page, `${label} ${path}`, found);
      }

      const owner = await signUpByApi(server, uniqueEmail(`axe-${label}`));
      const seeded = await seedEverything(server, owner);
      await signIn(page, owner);
      for (const path of screens(seeded, owner)) {
        await page.goto(path);
        await check(page, `${label} ${path}`, found);
      }

      // Dialogs: a service's options and the equipment options from the tag, what they open, a report's form.
      await page.goto(`/sites/${seeded.site}/equipment-tag/${seeded.item}`);
      await page.getByRole("button", { name: "Service Options" }).first().click();
      await check(page, `${label} service options dialog`, found);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Options", exact: true }).click();
      await check(page, `${label} equipment options dialog`, found);
      await page.getByRole("button", { name: "Could Not Service" }).click();
      await check(page, `${label} could-not-service dialog`, found);
      await page.keyboard.press("Escape");
      await page.goto(`/equipment-types/${seeded.type}/service-types/${seeded.service}`);
      await page.getByRole("button", { name: "Help: Conditions" }).click();
      await check(page, `${label} tooltip dialog`, found);
      await page.keyboard.press("Escape");
      await page.goto("/reports");
      await page.getByRole("button", { name: /Inspection Report/ }).first().click();
      await check(page, `${label} report dialog`, found);
      // The date picker's calendar and its year page, and the time picker's hour and minute lists.
      await picker(page.getByRole("dialog"), /^Report Date/).getByRole("button").click();
      await check(page, `${label} date picker`, found);
      await page.getByRole("button", { name: /switch to year view/ }).click();
      await check(page, `${label} date picker's year page`, found);
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await page.goto("/preferences");
      await picker(page, "Work Day Start").getByRole("button").click();
      await check(page, `${label} time picker`, found);
      await page.keyboard.press("Escape");
      await page.goto("/settings");
      await page.getByRole("button", { name: "Export Data" }).click();
      await check(page, `${label} export data dialog`, found);
      await page.keyboard.press("Escape");
      // The leave-page dialog: an edited form, then a link away.
      await page.goto("/profile");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Changed Name");
      if (label === "phone") await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Navigation" }).getByRole("link", { name: "Schedule" }).click();
      await eventually(() => page.getByRole("dialog", { name: "Leave page?" }).isVisible()).toBe(true);
      await check(page, `${label} leave-page dialog`, found);
      await context.close();

      // A new organisation's first screens: the setup checklist with the starter catalogues,
      // and New Equipment with no models yet.
      const fresh = await signUpByApi(server, uniqueEmail(`axe-new-${label}`));
      const firstSite = newId();
      await uploadAll(server, fresh, {
        locations: [{ id: firstSite, orgId: fresh.orgId, name: "First Site", status: "active", timeZone: "America/Toronto", lastUpdated: new Date().toISOString() }],
      });
      const freshContext = await newContext(browser, server, viewport);
      const freshPage = await freshContext.newPage();
      await signIn(freshPage, fresh);
      for (const path of ["/welcome", "/sites", "/equipment-types", `/sites/${firstSite}/equipment/new`]) {
        await freshPage.goto(path);
        await check(freshPage, `${label} new organisation ${path}`, found);
      }
      // Leaving for the demo: the welcome screen's dialog.
      await freshPage.goto("/welcome");
      await freshPage.getByRole("button", { name: "Explore a demo organisation" }).click();
      await eventually(() => freshPage.getByRole("dialog", { name: "Leave your organisation for the demo?" }).isVisible()).toBe(true);
      await check(freshPage, `${label} leave for the demo dialog`, found);
      await freshContext.close();

      expect(describeViolations(found), `${found.length} serious or critical violations`).toBe("");
    }, 300_000);
  }
});
