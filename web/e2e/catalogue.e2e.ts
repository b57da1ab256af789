/**
 * Catalogue settings against the real server in Chromium. The office configures an
 * equipment type through the settings screens — an equipment field, a model, a service type
 * with a metered condition and a checklist — then an item of that model becomes due when its
 * reading passes the amount, and is performed by answering the checklist. A member without
 * SETTINGS_WRITE sees the same settings read-only, and the server refuses their write anyway.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addMember, download, newId, signUpByApi, upload, uploadAll } from "./api";
import { chooseServiceOption, eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, withServerAndBrowser } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

const lastSegment = (page: Page) => new URL(page.url()).pathname.split("/").pop() ?? "";
const hexPath = (prefix: string) => (url: URL) => new RegExp(`^${prefix}/[0-9a-f]{32}$`).test(url.pathname);

/** Follows a link to a form and waits for its heading: the screens load on first use. */
async function openForm(page: Page, link: string, heading: string): Promise<void> {
  await page.getByRole("link", { name: link }).click();
  await page.getByRole("heading", { name: heading }).waitFor();
}

async function add(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Add", exact: true }).click();
}

interface Catalogue {
  type: string;
  field: string;
  model: string;
  service: string;
}

/** The office's set-up, through the settings screens. */
async function configure(page: Page): Promise<Catalogue> {
  await page.goto("/equipment-types");
  await openForm(page, "Add Equipment Type", "Add Equipment Type");
  await page.getByRole("textbox", { name: "Name" }).fill("Pump");
  await add(page);
  await page.waitForURL(hexPath("/equipment-types"));
  const type = lastSegment(page);

  await page.goto("/custom-fields");
  await openForm(page, "Add Equipment Field", "Add Equipment Field");
  await page.getByRole("textbox", { name: "Name" }).fill("Pressure");
  await eventually(() => page.getByRole("combobox", { name: "Equipment Type" }).textContent()).toBe("Pump");
  await add(page);
  await page.waitForURL(hexPath("/custom-fields/equipment"));
  const field = lastSegment(page);

  await page.goto(`/equipment-types/${type}`);
  await openForm(page, "Add Model", "Add Model");
  await page.getByRole("textbox", { name: "Model Number" }).fill("P100");
  await add(page);
  await page.waitForURL(hexPath(`/equipment-types/${type}/models`));
  const model = lastSegment(page);

  await page.goto(`/equipment-types/${type}`);
  await openForm(page, "Add Service Type", "Add Service Type");
  await page.getByRole("textbox", { name: "Name" }).fill("Pressure Check");
  await page.getByRole("combobox", { name: "Due When" }).click();
  await page.getByRole("option", { name: "All" }).click();
  await page.getByRole("button", { name: "Add Condition" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Condition" });
  await dialog.getByRole("combobox", { name: "Condition Type" }).click();
  await page.getByRole("option", { name: "Metered" }).click();
  await eventually(() => dialog.getByRole("combobox", { name: "Equipment Field" }).textContent()).toBe("Pressure");
  await dialog.getByRole("combobox", { name: "Method" }).click();
  await page.getByRole("option", { name: "Every" }).click();
  await dialog.getByRole("textbox", { name: "Amount" }).fill("100");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await eventually(() => page.getByText("Pressure Every 100").isVisible()).toBe(true);
  // While the dialog closes, the form behind it is hidden and its own Add cannot be found.
  await dialog.waitFor({ state: "detached" });
  await add(page);
  await page.waitForURL(hexPath(`/equipment-types/${type}/service-types`));
  const service = lastSegment(page);

  await openForm(page, "Add Question", "Add Question");
  await page.getByRole("textbox", { name: "Question" }).fill("Gauge in the green?");
  await page.getByRole("button", { name: "Add Option" }).click();
  await page.getByRole("group", { name: "Option 1" }).getByRole("textbox", { name: "Description" }).fill("Yes");
  await page.getByRole("button", { name: "Add Option" }).click();
  const no = page.getByRole("group", { name: "Option 2" });
  await no.getByRole("textbox", { name: "Description" }).fill("No");
  await no.getByRole("textbox", { name: "Deficiency To Add" }).fill("Gauge out of range");
  await add(page);
  await page.waitForURL(hexPath(`/equipment-types/${type}/service-types/${service}/questions`));
  return { type, field, model, service };
}

describe("an office configures a service with a meter and a checklist (1280×800)", () => {
  it("makes an item due by its reading, and performing it answers the checklist", async () => {
    const owner = await signUpByApi(server, uniqueEmail("catalogue"));
    const context = await newContext(browser, server, VIEWPORTS.desktop);
    const page = await context.newPage();
    await signIn(page, owner);
    const catalogue = await configure(page);

    // What the screens wrote is what the server accepted.
    await expect
      .poll(async () => {
        const all = await download(server, owner);
        const service = (all.serviceTypes ?? []).find((s) => s.id === catalogue.service);
        const question = (all.questions ?? []).find((q) => q.serviceTypeId === catalogue.service);
        return [service?.dueWhen, (service?.conditions as { meteredMethod?: string }[] | undefined)?.[0]?.meteredMethod, (question?.options as unknown[] | undefined)?.length];
      }, { timeout: 20_000, interval: 500 })
      .toEqual(["all", "every", 2]);

    const site = newId();
    const item = newId();
    const stamp = () => new Date().toISOString();
    const pump = (reading: string) => ({ id: item, orgId: owner.orgId, locationId: site, name: "Basement pump", modelId: catalogue.model, fieldData: { [catalogue.field]: reading }, lastUpdated: stamp() });
    await uploadAll(server, owner, {
      locations: [{ id: site, orgId: owner.orgId, name: "Plant", status: "active", timeZone: "America/Toronto", lastUpdated: stamp() }],
      equipment: [pump("40")],
    });
    const services = page.getByRole("listitem", { name: "Pressure Check" });
    await page.goto(`/sites/${site}/equipment/${item}`);
    await eventually(() => services.getByText("Not Due").isVisible()).toBe(true);

    // Another device records a reading past the amount; the next sync brings it in.
    await uploadAll(server, owner, { equipment: [pump("150")] });
    await page.goto(`/sites/${site}`);
    await page.goto(`/sites/${site}/equipment/${item}`);
    await eventually(() => services.getByText("Due", { exact: true }).isVisible()).toBe(true);

    await chooseServiceOption(page, services, "Perform Now");
    await page.waitForURL(/\/answer-questions\//);
    await page.getByRole("radiogroup", { name: "Gauge in the green?" }).getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(new RegExp(`/equipment/${item}$`));
    await eventually(() => services.getByText("Not Due").isVisible()).toBe(true);

    await expect
      .poll(async () => {
        const all = await download(server, owner);
        const performed = (all.performedServices ?? []).find((p) => p.id === `${item}-${catalogue.service}`);
        const answered = (all.history ?? []).find((h) => h.equipmentId === item && Array.isArray(h.questionnaireAnswers));
        return [(performed?.equipmentFieldData as Record<string, string> | undefined)?.[catalogue.field], answered !== undefined];
      }, { timeout: 20_000, interval: 500 })
      .toEqual(["150", true]);
    await context.close();
  });
});

describe("a member without SETTINGS_WRITE (375×812)", () => {
  it("sees the settings read-only, and the server refuses the write anyway", async () => {
    const owner = await signUpByApi(server, uniqueEmail("owner"));
    const type = newId();
    const service = newId();
    const stamp = new Date().toISOString();
    await uploadAll(server, owner, {
      equipmentTypes: [{ id: type, orgId: owner.orgId, name: "Extinguisher", lastUpdated: stamp }],
      serviceTypes: [{ id: service, orgId: owner.orgId, name: "Annual", equipmentTypeId: type, dueWhen: "all", frequencyType: 7, frequency: 1, lastUpdated: stamp }],
    });
    const viewer = await addMember(server, owner, uniqueEmail("viewer"), ["WEB_LOGIN", "LOCATION_READ", "EQUIPMENT_READ", "SERVICE_READ", "SETTINGS_READ"]);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, viewer);

    await page.goto(`/equipment-types/${type}`);
    await eventually(() => page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Extinguisher");
    expect(await page.getByRole("textbox", { name: "Name" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: "Add Service Type" }).count()).toBe(0);
    await page.getByRole("link", { name: "Annual" }).click();
    await eventually(() => page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Annual");
    expect(await page.getByRole("button", { name: "Add Condition" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Add Question" }).count()).toBe(0);
    await page.goto(`/equipment-types/${type}/service-types/new`);
    await eventually(() => page.getByText("Adding needs the settings write permission.").isVisible()).toBe(true);
    // The page fits a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const renamed = { id: type, orgId: owner.orgId, name: "Renamed", lastUpdated: new Date().toISOString() };
    const answer = await upload(server, viewer, { equipmentTypes: [renamed] });
    expect(answer.equipmentTypes?.[0]).toMatchObject({ status: "rejected", reason: "You need the SETTINGS_WRITE permission" });
    const stored = (await download(server, owner)).equipmentTypes?.find((e) => e.id === type);
    expect(stored?.name).toBe("Extinguisher");
    await context.close();
  });
});
