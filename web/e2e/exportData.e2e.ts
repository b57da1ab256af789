/**
 * Export Data from Settings against the real server in Chromium: the whole organisation
 * (here 300 sites) is downloaded through the dialog and saved under the server's name as a JSON
 * file holding the organisation's records.
 */
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newId, signUpByApi, uploadAll } from "./api";
import { newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

describe("Export Data", () => {
  it("downloads the organisation's export from Settings as a JSON file named by the server", async () => {
    const owner = await signUpByApi(server, uniqueEmail("exporter"), "Export Fire");
    const stamp = new Date().toISOString();
    const sites = Array.from({ length: 300 }, (_, n) => ({
      id: newId(),
      orgId: owner.orgId,
      name: `Export Site ${n + 1}`,
      status: "active",
      timeZone: "America/Toronto",
      lastUpdated: stamp,
    }));
    await uploadAll(server, owner, { locations: sites });

    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Export Data" }).click();
    const dialog = page.getByRole("dialog", { name: "Export Data" });
    const saved = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download" }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/^Export Fire - Export - \d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), "utf8")) as { locations?: { name: string }[] };
    expect(exported.locations?.length).toBe(300);
    expect(exported.locations?.some((site) => site.name === "Export Site 300")).toBe(true);
    await context.close();
  });
});
