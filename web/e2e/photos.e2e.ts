/**
 * Photos taken offline on a phone (375×812): three photos on a new deficiency (a generated JPEG
 * stands in for the camera), kept on the device through a reload while offline; back online the
 * record goes up at once while the photos' uploads are cut off, so a second device shows 'Photo not
 * yet uploaded'; the uploads then resume, the files are on the server (read back through read
 * links), the status no longer counts them, and the second device shows them.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, download, signUpByApi } from "./api";
import { type Server, VIEWPORTS, eventually, newContext, signIn, uniqueEmail, waitForServiceWorker, withServerAndBrowser } from "./harness";
import { seedEverything } from "./seed";

let server: Server;
let browser: import("playwright-core").Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A photo as a phone's camera hands it over: a JPEG, made in the page with a canvas. */
async function cameraJpeg(page: Page, n: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(async (n) => {
    const canvas = document.createElement("canvas");
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext("2d")!;
    const gradient = context.createLinearGradient(0, 0, 2400, 1800);
    gradient.addColorStop(0, `hsl(${n * 90}, 70%, 40%)`);
    gradient.addColorStop(1, "#eee");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1800);
    context.fillStyle = "#000";
    context.font = "200px sans-serif";
    context.fillText(`Valve ${n}`, 200, 900);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }, n);
  return { name: `IMG_000${n}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") };
}

/** The server's copy of a file, read through a read link as any member may. */
async function serverFile(account: Account, fileName: string): Promise<{ status: number; type: string | null; bytes: number }> {
  const signed = await fetch(`${server.url}/api/organizations/${account.orgId}/signed-urls`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${account.token}`, "X-Fieldtag-Client": "web" },
    body: JSON.stringify({ action: "read", folderName: "photos", fileName }),
  });
  if (!signed.ok) return { status: signed.status, type: null, bytes: 0 };
  const { url } = (await signed.json()) as { url: string };
  const file = await fetch(new URL(url, server.url), { headers: { "X-Fieldtag-Client": "web" } });
  return { status: file.status, type: file.headers.get("content-type"), bytes: (await file.arrayBuffer()).byteLength };
}

const photos = (page: Page) => page.getByRole("group", { name: "Photos" }).getByRole("img");

describe("photos on a deficiency, taken offline on a phone", () => {
  it("are kept through a reload offline, go up after the record, resume after a cut, and show on a second device", async () => {
    const owner = await signUpByApi(server, uniqueEmail("photos"));
    const seeded = await seedEverything(server, owner);
    const item = `/sites/${seeded.site}/equipment/${seeded.item}`;
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);
    const files = [await cameraJpeg(page, 1), await cameraJpeg(page, 2), await cameraJpeg(page, 3)];

    await page.goto(`${item}/deficiency/new`);
    await page.getByRole("textbox", { name: /^Description/ }).waitFor();
    await context.setOffline(true);
    await page.getByRole("textbox", { name: /^Description/ }).fill("Corroded valve");
    await page.locator('input[type="file"][capture="environment"]').setInputFiles(files);
    await eventually(() => photos(page).count()).toBe(3);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/deficiency/new"));

    // Offline, the record has the photos' names; the images wait on the device, counted apart.
    const deficiency = await page.evaluate(async (site) => {
      const db = await new Promise<IDBDatabase>((ok) => (indexedDB.open("fieldtag").onsuccess = (e) => ok((e.target as IDBOpenDBRequest).result)));
      const list = await new Promise<{ id: string; description: string; photos?: string[] }[]>(
        (ok) => (db.transaction("keyval").objectStore("keyval").get(`deficiencies:${site}`).onsuccess = (e) => ok((e.target as IDBRequest).result ?? [])),
      );
      db.close();
      return list.find((d) => d.description === "Corroded valve")!;
    }, seeded.site);
    const names = deficiency.photos ?? [];
    const first = names[0] ?? "";
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^photos\/[0-9a-f]{32}\.jpg$/);

    await page.goto(`${item}/deficiency/${deficiency.id}`);
    await page.reload();
    await eventually(() => photos(page).count()).toBe(3);
    await eventually(() => page.getByRole("img", { name: "Photo 3" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const status = page.locator("header [role=status]");
    await eventually(() => status.textContent()).toMatch(/3 photos waiting to send/);

    // Back online with every photo upload cut off: the record goes up regardless.
    const cut: string[] = [];
    const photoFiles = (url: URL) => url.pathname.startsWith(`/api/files/${owner.orgId}/photos/`);
    await page.route(photoFiles, (route) => (route.request().method() === "PUT" ? (cut.push(route.request().url()), route.abort("connectionreset")) : route.continue()));
    await context.setOffline(false);
    await eventually(async () => ((await download(server, owner)).deficiencies ?? []).find((d) => d.id === deficiency.id)?.photos).toEqual(names);
    await eventually(() => cut.length).toBeGreaterThan(0);
    expect((await serverFile(owner, first)).status).not.toBe(200);

    // A second device has the record but not yet the photos.
    const other = await newContext(browser, server, VIEWPORTS.mobile);
    const second = await other.newPage();
    await signIn(second, owner);
    await second.goto(`${item}/deficiency/${deficiency.id}`);
    await eventually(() => second.getByText("Photo not yet uploaded").count()).toBe(3);

    // The cut ends: the next sync run sends the photos, and the device lets go of their bytes.
    await page.unroute(photoFiles);
    await page.goto(item);
    for (const name of names) await eventually(() => serverFile(owner, name)).toMatchObject({ status: 200, type: "image/jpeg" });
    const stored = await serverFile(owner, first);
    expect(stored.bytes).toBeLessThan((files[0]?.buffer.byteLength ?? 0));
    await eventually(() => status.textContent()).toMatch(/^Up to date as of/);

    await second.reload();
    await eventually(() => photos(second).count()).toBe(3);
    await eventually(() => second.getByRole("img", { name: "Photo 1" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await other.close();
    await context.close();
  });
});
