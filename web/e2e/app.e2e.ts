/**
 * The web app against the real server in Chromium: sign up, log in, reload; the
 * auth guard; offline start from the precached shell; an edit made offline reaches the
 * server when the network returns and shows in a second browser context. At 375×812 and
 * 1280×800.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn, logOut, newContext, type Server, signUp, uniqueEmail, VIEWPORTS, waitForServiceWorker, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

/** The record the server holds for this user, read through the API as another client would. */
async function serverUser(email: string, password: string): Promise<{ name: string }> {
  const login = await fetch(`${server.url}/api/token`, { method: "POST", headers: { Authorization: `Basic ${btoa(`${email}:${password}`)}` } });
  const { user, token } = (await login.json()) as { user: { id: string; orgId: string }; token: string };
  const sync = await fetch(`${server.url}/api/organizations/${user.orgId}/sync`, { headers: { Authorization: `Bearer ${token}` } });
  const { users } = (await sync.json()) as { users: { id: string; name: string }[] };
  const found = users.find((u) => u.id === user.id);
  if (!found) throw new Error("the user is not in the sync download");
  return found;
}

async function shellReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByText(/Up to date as of|Checking for updates/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  describe(`at ${viewport.width}×${viewport.height} (${label})`, () => {
    it("signs up, logs out, logs in, and stays signed in across a reload", async () => {
      const context = await newContext(browser, server, viewport);
      const page = await context.newPage();
      const who = { email: uniqueEmail(label), password: "correct horse 1", name: "Ann Lee", company: "Acme Fire" };
      await signUp(page, who);
      await expect.poll(() => page.getByRole("heading", { name: "Welcome to Fieldtag" }).isVisible()).toBe(true);
      await shellReady(page);

      await logOut(page);
      await page.waitForURL((url) => url.pathname === "/");
      await logIn(page, who.email, "wrong password");
      await expect.poll(() => page.getByText("Credentials are not valid").isVisible()).toBe(true);
      await expect.poll(() => page.getByText("Login Failed").isVisible()).toBe(true);

      // The landing: the dashboard on a desktop for a user who may read reports, else the sites list.
      const landing = label === "desktop" ? "/dashboard" : "/sites";
      await logIn(page, who.email, who.password);
      await page.waitForURL(`**${landing}`);
      await page.reload();
      await shellReady(page);
      expect(new URL(page.url()).pathname).toBe(landing);
      await context.close();
    });

    it("sends a visitor without a session to login with 'from', then on to that page", async () => {
      const context = await newContext(browser, server, viewport);
      const page = await context.newPage();
      const who = { email: uniqueEmail(`${label}-guard`), password: "correct horse 2", name: "Bo Chan", company: "Guard Co" };
      await signUp(page, who);
      await logOut(page);
      await page.waitForURL((url) => url.pathname === "/");

      await page.goto("/settings");
      await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("from") === "/settings");
      await logIn(page, who.email, who.password);
      await page.waitForURL("**/settings");
      await expect.poll(() => page.getByRole("button", { name: /Sync Now|Syncing/ }).isVisible()).toBe(true);
      await context.close();
    });

    it("starts offline from the precached shell, and an offline edit reaches the server and a second browser", async () => {
      const context = await newContext(browser, server, viewport);
      const page = await context.newPage();
      const who = { email: uniqueEmail(`${label}-offline`), password: "correct horse 3", name: "Cy Dube", company: "Offline Co" };
      await signUp(page, who);
      await waitForServiceWorker(page);
      await page.goto("/profile");
      await expect.poll(() => page.getByRole("textbox", { name: "Name", exact: true }).inputValue(), { timeout: 15_000 }).toBe(who.name);

      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.getByRole("textbox", { name: "Name", exact: true }).inputValue(), { timeout: 15_000 }).toBe(who.name);
      await expect.poll(() => page.getByText("offline", { exact: true }).first().isVisible()).toBe(true);

      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Cy Dube-Offline");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByText("Successfully updated profile").isVisible()).toBe(true);
      // Still offline: the server has not heard of it.
      expect((await serverUser(who.email, who.password)).name).toBe(who.name);
      // The edit survives a reload while offline (it lives in IndexedDB, flagged).
      await page.reload();
      await expect.poll(() => page.getByRole("textbox", { name: "Name", exact: true }).inputValue(), { timeout: 15_000 }).toBe("Cy Dube-Offline");

      // Logging out clears the device, so it would lose the change: the app asks first.
      await logOut(page, { clears: false });
      await expect.poll(() => page.getByRole("dialog", { name: "Changes not sent yet" }).isVisible()).toBe(true);
      await page.getByRole("button", { name: "Cancel" }).click();
      expect(new URL(page.url()).pathname).toBe("/profile");

      await context.setOffline(false);
      await expect.poll(async () => (await serverUser(who.email, who.password)).name, { timeout: 20_000 }).toBe("Cy Dube-Offline");

      const other = await newContext(browser, server, viewport);
      const second = await other.newPage();
      await second.goto("/");
      await logIn(second, who.email, who.password);
      await second.waitForURL(label === "desktop" ? "**/dashboard" : "**/sites");
      await second.goto("/profile");
      await expect.poll(() => second.getByRole("textbox", { name: "Name", exact: true }).inputValue(), { timeout: 15_000 }).toBe("Cy Dube-Offline");
      await other.close();
      await context.close();
    });
  });
}
