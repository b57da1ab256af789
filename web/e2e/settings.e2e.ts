/**
 * Settings against the real server in Chromium: an office manager uploads the
 * organisation's logo (white label) and a floor plan image through signed URLs, places an
 * item on the plan by clicking it and sees it on the item's read-only floor plan; a member
 * without SETTINGS_WRITE sees the settings read-only, and the server refuses the change anyway.
 */
import { deflateSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addMember, download, newId, patchOrganization, signUpByApi, uploadAll } from "./api";
import { newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

/** A solid-colour RGB PNG of the given size: real bytes, as the server checks them. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

const fileInput = (page: Page, label: string) => page.locator(`input[type="file"][aria-label="${label}"]`);

describe("settings in the browser", () => {
  it("uploads a logo and a floor plan, and places an item on the plan", async () => {
    const owner = await signUpByApi(server, uniqueEmail("office"));
    await patchOrganization(server, owner, { enabledFeatures: ["WHITE_LABEL"] });
    const [site, lobby] = [newId(), newId()];
    const stamp = new Date().toISOString();
    await uploadAll(server, owner, {
      locations: [{ id: site, orgId: owner.orgId, name: "Warehouse", status: "active", country: "CA", timeZone: "America/Toronto", lastUpdated: stamp }],
      equipment: [{ id: lobby, orgId: owner.orgId, locationId: site, name: "Lobby", lastUpdated: stamp }],
    });

    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);

    // The logo, through a signed write URL; the shell shows it once saved.
    await page.goto("/organization");
    await expect.poll(() => page.getByLabel("Company Name").inputValue()).toBe("Acme Fire");
    await fileInput(page, "Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(165, 33, [200, 30, 30]) });
    await page.getByRole("button", { name: "Remove Logo" }).waitFor();
    await page.getByRole("img", { name: "Logo" }).waitFor();
    // A wrong type is refused before anything is sent.
    await fileInput(page, "Portrait Letterhead").setInputFiles({ name: "letter.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByText("Choose a PNG or JPEG image.").waitFor();
    await fileInput(page, "Portrait Letterhead").setInputFiles({ name: "letter.png", mimeType: "image/png", buffer: png(850, 100, [30, 30, 200]) });
    await expect.poll(() => page.getByLabel("Portrait Letterhead Width (px)").inputValue()).toBe("850");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved the organization").waitFor();
    const org = (await download(server, owner)).organization?.[0] ?? {};
    expect(org.logo).toMatch(/^logos\//);
    expect(org).toMatchObject({ letterHeadWidth: 850, letterHeadHeight: 100 });
    // Once the device has the saved organisation, the shell shows the logo in place of the product's.
    await page.getByRole("banner").getByRole("img", { name: "Acme Fire" }).waitFor({ timeout: 20_000 });

    // A floor plan from the site page, its image, and the item placed by a click.
    await page.goto(`/sites/${site}`);
    await page.getByRole("link", { name: "Floor Plans" }).click();
    await page.getByRole("link", { name: "Add Floor Plan" }).click();
    await page.getByLabel("Name").fill("Ground Floor");
    await fileInput(page, "Floor Plan Image").setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: png(400, 300, [240, 240, 240]) });
    await page.getByRole("button", { name: "Remove Floor Plan Image" }).waitFor();
    await page.getByRole("button", { name: "Add" }).click();
    await page.waitForURL(/\/settings\/floor-plans\/[0-9a-f]{32}$/);
    await expect.poll(() => page.getByRole("combobox", { name: "Equipment to place" }).textContent()).toBe("Lobby");
    const plan = page.getByRole("img", { name: "Ground Floor" });
    await plan.waitFor();
    const box = await plan.boundingBox();
    if (!box) throw new Error("the plan is not shown");
    await plan.click({ position: { x: box.width / 4, y: box.height / 2 } });
    await page.getByText("Placed Lobby on Ground Floor").waitFor();
    await page.getByRole("img", { name: "Lobby" }).waitFor();

    await expect
      .poll(async () => (await download(server, owner)).equipment?.find((item) => item.id === lobby), { timeout: 15_000 })
      .toMatchObject({ floorPlanLocation: expect.stringMatching(/^\d+x\d+$/) });
    const placed = (await download(server, owner)).equipment?.find((item) => item.id === lobby) ?? {};
    const [x, y] = String(placed.floorPlanLocation).split("x").map(Number);
    expect(Math.abs((x as number) - 100)).toBeLessThanOrEqual(3);
    expect(Math.abs((y as number) - 150)).toBeLessThanOrEqual(3);
    expect(placed.floorId).toBe(page.url().split("/").at(-1));

    // The item's read-only floor plan.
    await page.goto(`/sites/${site}/equipment/${lobby}/ReadOnlyFloorPlan`);
    await page.getByRole("heading", { name: "Lobby on Ground Floor" }).waitFor();
    await page.getByRole("img", { name: "Lobby" }).waitFor();
    await context.close();
  });

  it("shows settings read-only to a member without SETTINGS_WRITE, and the server refuses the change", async () => {
    const owner = await signUpByApi(server, uniqueEmail("owner"));
    const member = await addMember(server, owner, uniqueEmail("viewer"), ["WEB_LOGIN", "LOCATION_READ", "SETTINGS_READ"]);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, member);

    await page.goto("/organization");
    await page.getByText("You can view these settings. Changing them needs the Edit Settings permission.").waitFor();
    expect(await page.getByLabel("Company Name").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);

    await page.goto("/preferences");
    expect(await page.getByRole("switch", { name: "Show Site Selector" }).isDisabled()).toBe(true);

    await page.goto("/users");
    await page.getByRole("link", { name: /Olive Office/ }).waitFor();
    expect(await page.getByRole("link", { name: "Add User" }).count()).toBe(0);
    await page.getByRole("link", { name: /Olive Office/ }).click();
    await page.getByRole("heading", { name: "User Information" }).waitFor();
    expect(await page.getByRole("switch", { name: "Mobile Access" }).isDisabled()).toBe(true);

    const refused = await fetch(`${server.url}/api/organizations/${owner.orgId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ data: { name: "Taken Over" } }),
    });
    expect(refused.status).toBe(403);
    await context.close();
  });
});
