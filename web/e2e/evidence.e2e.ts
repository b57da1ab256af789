/**
 * Field evidence on a phone (375×812) against the real server in Chromium: offline, three
 * photos on a new deficiency (generated JPEGs through the Add Photos input, as the camera would
 * hand them) and the customer's signature on the day's visit (drawn with the mouse); the app
 * closed and opened again offline still shows both; back online, the records and the files
 * reach the server (read back through read links), and a second device shows the photos.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, download, newId, signUpByApi, uploadAll } from "./api";
import { eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, waitForServiceWorker, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

interface Stock {
  site: string;
  item: string;
}

async function stock(owner: Account): Promise<Stock> {
  const org = owner.orgId;
  const stamp = new Date().toISOString();
  const [site, type, model, item] = [newId(), newId(), newId(), newId()];
  await uploadAll(server, owner, {
    locations: [{ id: site, orgId: org, name: "Warehouse", status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: stamp }],
    equipmentTypes: [{ id: type, orgId: org, name: "Extinguisher", lastUpdated: stamp }],
    models: [{ id: model, orgId: org, name: "B500", equipmentTypeId: type, lastUpdated: stamp }],
    equipment: [{ id: item, orgId: org, locationId: site, name: "Lobby", modelId: model, lastUpdated: stamp }],
  });
  return { site, item };
}

/** A camera-sized JPEG made in the page (2,400×1,800, a colour of its own), as the input would hand it over. */
async function cameraJpeg(page: Page, hue: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (h) => {
    const canvas = new OffscreenCanvas(2400, 1800);
    const context = canvas.getContext("2d")!;
    context.fillStyle = `hsl(${h}, 70%, 50%)`;
    context.fillRect(0, 0, 2400, 1800);
    context.fillStyle = "#fff";
    context.fillRect(200, 200, 800, 600);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, hue);
  return Buffer.from(base64, "base64");
}

/** Signs on the pad with a zig-zag, as a finger would. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByRole("img", { name: "Customer Signature" });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 === 0 ? -30 : 30), { steps: 3 });
  await page.mouse.up();
}

const deficiencyUrl = (s: Stock, id = "new") => `/sites/${s.site}/equipment/${s.item}/deficiency/${id}`;

const tagUrl = (s: Stock) => `/sites/${s.site}/equipment-tag/${s.item}`;

/** The deficiency on the tag's Open Deficiencies. */
const openDeficiency = (page: Page) => page.getByRole("region", { name: "Open Deficiencies" }).getByRole("listitem", { name: "Valve corroded" });

/** The photos shown as images (loaded, not broken), by their names: on the page, or within `within`. */
async function shownPhotos(page: Page, within?: Locator): Promise<string[]> {
  const group = (within ?? page).getByRole("group", { name: "Photos" });
  return group.getByRole("img").evaluateAll((images) =>
    images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0).map((image) => image.getAttribute("alt") ?? ""),
  );
}

async function readLink(owner: Account, folderName: string, fileName: string): Promise<Response> {
  const signed = await fetch(`${server.url}/api/organizations/${owner.orgId}/signed-urls`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${owner.token}`, "X-Fieldtag-Client": "web" },
    body: JSON.stringify({ action: "read", folderName, fileName }),
  });
  if (!signed.ok) throw new Error(`read link for ${fileName}: ${signed.status} ${await signed.text()}`);
  const { url } = (await signed.json()) as { url: string };
  return fetch(new URL(url, server.url));
}

/** The visit report's PDF as text (pdftotext, as the server's report tests read it). */
async function visitReportText(owner: Account, locationId: string, date: string): Promise<string> {
  const query = new URLSearchParams({ date, locationId, output: "pdf", layout: "portrait" });
  const answer = await fetch(`${server.url}/api/reports/visitReport?${query}`, {
    headers: { Authorization: `Bearer ${owner.token}`, "X-Fieldtag-Client": "web" },
  });
  if (!answer.ok) throw new Error(`visit report: ${answer.status} ${await answer.text()}`);
  const folder = mkdtempSync(join(tmpdir(), "fieldtag-visit-"));
  try {
    const file = join(folder, "visit.pdf");
    writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function openOffline(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

describe("photos and a signature taken offline (375×812)", () => {
  it("keeps them on the phone through a restart, sends them when online, and a second device shows them", async () => {
    const owner = await signUpByApi(server, uniqueEmail("evidence"));
    const goods = await stock(owner);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    let page = await context.newPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto(`/sites/${goods.site}`);
    await eventually(() => page.getByRole("button", { name: /^Lobby\b/ }).first().isVisible()).toBe(true);
    const photos = [await cameraJpeg(page, 0), await cameraJpeg(page, 120), await cameraJpeg(page, 240)];

    await context.setOffline(true);
    await page.goto(deficiencyUrl(goods));
    await page.getByRole("textbox", { name: "Description" }).fill("Valve corroded");
    await page
      .getByRole("group", { name: "Photos" })
      .locator('input[type="file"]')
      .setInputFiles(photos.map((buffer, i) => ({ name: `IMG_000${i + 1}.jpg`, mimeType: "image/jpeg", buffer })));
    await eventually(() => shownPhotos(page)).toEqual(["Photo 1", "Photo 2", "Photo 3"]);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/deficiency/new"));
    await page.goto(tagUrl(goods));
    await eventually(() => shownPhotos(page, openDeficiency(page))).toEqual(["Photo 1", "Photo 2", "Photo 3"]);

    await page.goto(`/sites/${goods.site}`);
    await page.getByRole("link", { name: "Finish Visit" }).click();
    await page.waitForURL(/\/visit\/\d{4}-\d{2}-\d{2}$/);
    const visitPath = new URL(page.url()).pathname;
    await eventually(() => page.getByRole("region", { name: "Deficiencies Found" }).getByText("Valve corroded").isVisible()).toBe(true);
    await page.getByRole("textbox", { name: "Customer Name" }).fill("Pat Customer");
    await sign(page);
    await page.getByRole("button", { name: "Save" }).click();
    await eventually(() => page.getByRole("img", { name: /^Signature of Pat Customer/ }).isVisible()).toBe(true);

    // The phone closes the app and opens it again, still with no network.
    await page.close();
    page = await openOffline(context, visitPath);
    await eventually(() => page.getByRole("img", { name: /^Signature of Pat Customer/ }).evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole("textbox", { name: "Customer Name" }).inputValue()).toBe("Pat Customer");
    await page.goto(tagUrl(goods));
    await eventually(() => shownPhotos(page, openDeficiency(page))).toEqual(["Photo 1", "Photo 2", "Photo 3"]);

    await context.setOffline(false);
    const onServer = async () => {
      const all = await download(server, owner);
      return {
        deficiencies: (all.deficiencies ?? []).filter((d) => d.description === "Valve corroded"),
        visits: all.visits ?? [],
      };
    };
    await expect.poll(async () => (await onServer()).visits.length, { timeout: 30_000, interval: 500 }).toBe(1);
    const { deficiencies, visits } = await onServer();
    expect(deficiencies).toHaveLength(1);
    const deficiency = deficiencies[0]!;
    const names = deficiency.photos as string[];
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);
    const visit = visits[0]!;
    expect(visit).toMatchObject({
      locationId: goods.site,
      date: visitPath.split("/").at(-1),
      userId: owner.userId,
      deficiencyIds: [deficiency.id],
      signerName: "Pat Customer",
      signature: expect.stringMatching(/^signatures\/[0-9a-f]{32}\.png$/),
    });

    // The files arrive after the records, a few at a time.
    for (const name of names) {
      await expect.poll(async () => (await readLink(owner, "photos", name)).status, { timeout: 30_000, interval: 500 }).toBe(200);
      const answer = await readLink(owner, "photos", name);
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      // Resized on the phone: far smaller than what the camera gave.
      expect((await answer.arrayBuffer()).byteLength).toBeLessThan(photos[0]!.byteLength);
    }
    await expect.poll(async () => (await readLink(owner, "signatures", visit.signature as string)).status, { timeout: 30_000, interval: 500 }).toBe(200);
    expect((await readLink(owner, "signatures", visit.signature as string)).headers.get("content-type")).toBe("image/png");
    await eventually(() => page.getByText(/Up to date as of/).first().isVisible()).toBe(true);
    await context.close();

    // The visit report of that site and day: what was found, and who signed.
    const report = await visitReportText(owner, goods.site, visit.date as string);
    expect(report).toContain("Valve corroded");
    expect(report).toContain("Pat Customer");

    // A second device of the same organisation shows the photos from the server.
    const second = await newContext(browser, server, VIEWPORTS.mobile);
    const other = await second.newPage();
    await signIn(other, owner);
    await other.goto(deficiencyUrl(goods, deficiency.id as string));
    await eventually(() => shownPhotos(other)).toEqual(["Photo 1", "Photo 2", "Photo 3"]);
    await other.goto(visitPath);
    await eventually(() => other.getByRole("img", { name: /^Signature of Pat Customer/ }).evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await second.close();
  });
});
