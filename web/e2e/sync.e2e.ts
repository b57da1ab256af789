/**
 * The header's sync status against the real server in Chromium, on a phone
 * (375×812): offline, two changes queued ('2 changes waiting to send', never 'Up to date');
 * then the network back but the server unreachable (the browser thinks it is online: every
 * call to the server is aborted), so sync fails with the reason and offers Sync Now; then the
 * server reachable again, noticed without any event from the browser, and synced ('Up to date
 * as of …' with nothing waiting), the changes on the server. The header never changes height.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { download, signUpByApi } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, waitForServiceWorker, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

/** Every call to the server: the API and the health check the app probes while offline. */
const SERVER_CALLS = /\/(api\/|healthz)/;

interface Seen {
  text: string;
  height: number;
}

/** Records every text the header's status shows, with the header's height then, across page loads. */
async function recordStatus(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const read = (): { text: string; height: number }[] => JSON.parse(sessionStorage.getItem("fieldtag.e2e.status") ?? "[]");
    const look = () => {
      const header = document.querySelector("header");
      const text = header?.querySelector("[role=status]")?.textContent;
      if (!header || !text) return;
      const seen = read();
      if (seen.at(-1)?.text === text) return;
      seen.push({ text, height: header.getBoundingClientRect().height });
      sessionStorage.setItem("fieldtag.e2e.status", JSON.stringify(seen));
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const seenStatus = (page: Page): Promise<Seen[]> => page.evaluate(() => JSON.parse(sessionStorage.getItem("fieldtag.e2e.status") ?? "[]"));

const header = (page: Page) => page.locator("header");
/** The whole status, as screen readers hear it (a phone's bar shows a word or two of it). */
const status = (page: Page) => header(page).getByRole("status");
/** What the phone's bar shows; a tap opens the whole status, with Sync Now. */
const statusButton = (page: Page) => page.getByTestId("sync-status").getByRole("button");
const details = (page: Page) => page.getByRole("dialog", { name: "Sync" });

async function closeDetails(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await eventually(() => details(page).count()).toBe(0);
}

describe("the sync status on a phone", () => {
  it("goes offline → two changes waiting → failing with the reason and Sync Now → synced, the changes on the server", async () => {
    const owner = await signUpByApi(server, uniqueEmail("sync-status"), "Status Co");
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    await recordStatus(context);
    const page = await context.newPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);
    expect(await page.getByTestId("sync-status").evaluate((e) => e.getBoundingClientRect().height)).toBe(32);

    // Offline: two changes saved on the device.
    await context.setOffline(true);
    await eventually(() => header(page).getByText("offline", { exact: true }).isVisible()).toBe(true);
    await page.goto("/profile");
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await eventually(() => name.inputValue()).toBe("Olive Office");
    await name.fill("Olive Offline");
    await page.getByRole("button", { name: "Save" }).click();
    await eventually(() => status(page).textContent()).toMatch(/^1 change waiting to send · Last synced .+ offline$/);

    await page.goto("/equipment-types/new");
    await page.getByRole("textbox", { name: "Name" }).fill("Pump");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.waitForURL(/\/equipment-types\/[0-9a-f]{32}$/);
    const waitingOffline = /^2 changes waiting to send · Last synced .+ offline$/;
    await eventually(() => status(page).textContent()).toMatch(waitingOffline);
    expect(await statusButton(page).textContent()).toBe("offline2 waiting");
    expect(await download(server, owner).then((all) => all.equipmentTypes ?? [])).toEqual([]);

    // The network is back, but nothing answers (the browser thinks it is online): the app
    // tries at once (the online event), keeps asking, says offline, and Sync Now tries again.
    let refused = 0;
    await page.route(SERVER_CALLS, (route) => {
      refused += 1;
      return route.abort("connectionrefused");
    });
    await context.setOffline(false);
    await eventually(() => refused).toBeGreaterThanOrEqual(3);
    await eventually(() => status(page).textContent()).toMatch(waitingOffline);
    await statusButton(page).click();
    expect(await details(page).textContent()).toMatch(/^2 changes waiting to send · Last synced /);
    const beforeClick = refused;
    await details(page).getByRole("button", { name: "Sync Now" }).click();
    await eventually(() => refused).toBeGreaterThan(beforeClick);
    await closeDetails(page);
    await eventually(() => status(page).textContent()).toMatch(waitingOffline);

    // The server answers again, but with an error: sync fails, and says what the server said.
    // No event comes from the browser: the app's probe notices by itself. The error route goes
    // in first (a later route wins), so no call slips through to the real server in between.
    await page.route("**/api/**", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "Unavailable", message: "Fieldtag is down for maintenance", contextId: "e2e" }) }),
    );
    await page.unroute(SERVER_CALLS);
    const answering = Date.now();
    await eventually(() => status(page).textContent()).toBe("2 changes not sent: Fieldtag is down for maintenance");
    const noticed = Date.now() - answering;
    expect(await statusButton(page).textContent()).toBe("2 not sent");

    // The server is well again: Sync Now sends everything. The details are read while it still
    // fails, since once it is well a retry of the app's own may send the changes first.
    await statusButton(page).click();
    expect(await details(page).textContent()).toMatch(/^2 changes not sent: Fieldtag is down for maintenance/);
    await page.unroute("**/api/**");
    await details(page).getByRole("button", { name: "Sync Now" }).click();
    await eventually(() => details(page).textContent()).toMatch(/^Up to date as of a few seconds ago/);
    await closeDetails(page);
    await eventually(() => status(page).textContent()).toMatch(/^Up to date as of a few seconds ago$/);

    const onServer = await download(server, owner);
    expect(onServer.users?.find((user) => user.id === owner.userId)).toMatchObject({ name: "Olive Offline" });
    expect(onServer.equipmentTypes).toMatchObject([{ name: "Pump" }]);

    // From the first change waiting to the last moment anything waited, nothing said 'Up to
    // date'; after it, it did (later runs, a live notice's download, may check again meanwhile).
    const seen = (await seenStatus(page)).map((s) => s.text);
    const waits = (text: string) => /waiting to send|not sent|^Sending/.test(text);
    const firstWaiting = seen.findIndex(waits);
    const lastWaiting = seen.length - 1 - [...seen].reverse().findIndex(waits);
    expect(firstWaiting, JSON.stringify(seen)).toBeGreaterThan(0);
    const whileWaiting = seen.slice(firstWaiting, lastWaiting + 1);
    expect(whileWaiting.filter((text) => text.includes("Up to date")), JSON.stringify(seen)).toEqual([]);
    expect(seen.slice(lastWaiting + 1), JSON.stringify(seen)).toContain("Up to date as of a few seconds ago");
    expect(new Set((await seenStatus(page)).map((s) => s.height)).size).toBe(1);
    // Noticed within 2 s, plus the time to upload and fail on a busy test machine.
    expect(noticed).toBeLessThan(5_000);
    await context.close();
  });
});
