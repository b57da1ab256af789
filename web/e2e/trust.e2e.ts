/**
 * Trust on a shared phone and at the door: logging out takes the organisation's records off the
 * device, and a member who may not sign in to the web app is told why, in Chromium at 375×812.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addMember, newId, signUpByApi, uploadAll } from "./api";
import { eventually, logIn, logOut, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

/** Every value the app keeps in its IndexedDB database, as text. */
function storedText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((done, fail) => {
        const request = indexedDB.open("fieldtag");
        request.onerror = () => fail(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const [name] = [...db.objectStoreNames];
          if (!name) return done("");
          const all = db.transaction(name, "readonly").objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            done(JSON.stringify(all.result));
          };
          all.onerror = () => fail(all.error);
        };
      }),
  );
}

describe("trust", () => {
  it("logging out takes the organisation's records off the device before the next user signs in", async () => {
    const first = await signUpByApi(server, uniqueEmail("first"), "First Fire");
    const siteName = `Confidential Depot ${newId().slice(0, 6)}`;
    const site = { id: newId(), orgId: first.orgId, name: siteName, status: "active", timeZone: "America/Toronto", lastUpdated: new Date().toISOString() };
    await uploadAll(server, first, { locations: [site] });
    const second = await signUpByApi(server, uniqueEmail("second"), "Second Safety");

    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, first);
    // A phone opens the sites list on Today; the site is under All.
    await page.getByRole("tab", { name: /^All/ }).click();
    await eventually(() => page.getByText(siteName).first().isVisible()).toBe(true);
    await eventually(() => storedText(page)).toContain(siteName);

    await logOut(page);
    await page.waitForURL((url) => url.pathname === "/");
    await eventually(() => storedText(page)).not.toContain(siteName);

    await logIn(page, second.email, second.password);
    await page.waitForURL("**/sites");
    await eventually(() => page.getByText(/Up to date as of/).first().isVisible()).toBe(true);
    expect(await page.getByText(siteName).count()).toBe(0);
    expect(await storedText(page)).not.toContain(siteName);
    await context.close();
  });

  it("tells a member who may sign in only to the phone app why the web app refuses them", async () => {
    const owner = await signUpByApi(server, uniqueEmail("owner"));
    const phoneOnly = await addMember(server, owner, uniqueEmail("phone"), ["MOBILE_LOGIN", "LOCATION_READ", "EQUIPMENT_READ"]);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await page.goto("/");
    await logIn(page, phoneOnly.email, phoneOnly.password);
    await eventually(() =>
      page.getByText("Your account may not sign in to the web app. Ask an administrator for the Web Login permission.").isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });
});
