/**
 * The demo organisation in Chromium: opened from the login screen on a desktop, it lands on the
 * dashboard with the demo's sites; opened from the welcome screen of a new organisation, it asks
 * first, logs out of that organisation and opens the demo, and the user logs back in to theirs.
 */
import type { Browser } from "playwright-core";
import { describe, it } from "vitest";
import { eventually, logIn, logOut, newContext, type Server, signUp, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

describe("Explore a demo organisation", () => {
  it("opens a demo from the login screen and lands on its dashboard on a desktop", async () => {
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Explore a demo organisation" }).click();
    await page.waitForURL("**/dashboard");
    await eventually(() => page.getByText("Harbourfront Tower").first().isVisible()).toBe(true);
    await context.close();
  });

  it("leaves a new organisation for the demo from the welcome screen, and logs back in to it", async () => {
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    const who = { email: uniqueEmail("demo-leaver"), password: "correct horse 9", name: "Eve Ross", company: "Ross Fire" };
    await signUp(page, who);
    await page.getByRole("button", { name: "Explore a demo organisation" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave your organisation for the demo?" });
    await eventually(() => dialog.getByText(/You will be logged out of Ross Fire/).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Log Out and Open the Demo" }).click();
    // A phone lands on the sites list, here the demo's.
    await page.waitForURL("**/sites");
    await page.getByRole("tab", { name: /^All/ }).click();
    await eventually(() => page.getByText("Harbourfront Tower").first().isVisible()).toBe(true);

    await logOut(page);
    await page.waitForURL((url) => url.pathname === "/");
    await logIn(page, who.email, who.password);
    await page.waitForURL("**/sites");
    // Their own organisation has no sites: once its download ends, a phone says where sites
    // come from, over the list.
    await page.getByRole("dialog", { name: "No sites yet" }).getByRole("button", { name: "Ok" }).click();
    await page.getByRole("tab", { name: /^All/ }).click();
    await eventually(() => page.getByText("Harbourfront Tower").count()).toBe(0);
    await context.close();
  });
});
