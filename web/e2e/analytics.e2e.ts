/**
 * Analytics against the real server in Chromium: the screens an owner opens reach the server
 * as NAVIGATION events and show in Settings → Analytics, whose switch turns analytics off for
 * the organisation; the page passes axe on a phone.
 */
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpByApi } from "./api";
import { describeViolations, violationsOn } from "./axe";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

async function counts(token: string, orgId: string): Promise<{ enabled: boolean; counts: Record<string, number> }> {
  const response = await fetch(`${server.url}/api/analytics/counts?orgId=${orgId}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as { enabled: boolean; counts: Record<string, number> };
}

describe("Analytics", () => {
  it("counts the screens opened, shows them to the owner, and turns off", async () => {
    const owner = await signUpByApi(server, uniqueEmail("analytics"));
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto("/schedule");
    await eventually(async () => (await counts(owner.token, owner.orgId)).counts.NAVIGATION).toBeGreaterThanOrEqual(2);

    await page.goto("/settings");
    await page.getByRole("link", { name: "Analytics" }).click();
    const table = page.getByRole("table", { name: "Events per category" });
    await eventually(async () => Number(await table.getByRole("row", { name: /^Navigation/ }).getByRole("cell").last().textContent())).toBeGreaterThanOrEqual(2);
    const violations = await violationsOn(page, "phone /analytics");
    expect(violations, describeViolations(violations)).toEqual([]);

    const toggle = page.getByRole("switch", { name: "Collect analytics for this organization" });
    await toggle.click();
    await eventually(async () => (await counts(owner.token, owner.orgId)).enabled).toBe(false);
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await context.close();
  });
});
