/**
 * The whole visit on a phone against the real server in Chromium at 375×812, with
 * no scan: open the site, tap an item's row, perform a service, answer a checklist that opens a
 * deficiency and resolve it on the tag — online, then offline with a reload in the middle, then
 * everything read back from the server once the network returns. Undo of a Perform Now puts the
 * previous date back on the server. And the due state agrees everywhere: the list's counts, the
 * tag screen and the equipment report's 'Due' column, on the same items.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Account, download, newId, signUpByApi, uploadAll } from "./api";
import { chooseServiceOption, eventually, newContext, type Server, signIn, uniqueEmail, VIEWPORTS, waitForServiceWorker, withServerAndBrowser, badgeOf } from "./harness";

let server: Server;
let browser: Browser;
withServerAndBrowser((started, launched) => ([server, browser] = [started, launched]));

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

interface Stock {
  site: string;
  annual: string;
  monthly: string;
  items: Record<string, string>;
}

/**
 * A site with an extinguisher model, a yearly inspection and a monthly check whose checklist
 * can open a deficiency; items made two years ago. `done` items had both services yesterday,
 * `deficient` ones too but with a deficiency still open, `lastAnnual` gives an item's last
 * inspection date.
 */
async function stock(owner: Account, names: string[], options: { done?: string[]; deficient?: string[]; lastAnnual?: Record<string, string> } = {}): Promise<Stock> {
  const org = owner.orgId;
  const stamp = new Date().toISOString();
  const [site, type, model, annual, monthly, question] = [newId(), newId(), newId(), newId(), newId(), newId()];
  const items = Object.fromEntries(names.map((name) => [name, newId()]));
  const performed = (item: string, service: string, lastDate: string) => ({
    id: `${item}-${service}`,
    orgId: org,
    locationId: site,
    equipmentId: item,
    serviceTypeId: service,
    lastDate,
    overidedNextDate: "",
    lastUpdated: stamp,
  });
  const done = [...(options.done ?? []), ...(options.deficient ?? [])];
  await uploadAll(server, owner, {
    locations: [{ id: site, orgId: org, name: "Warehouse", status: "active", country: "CA", province: "ON", timeZone: "America/Toronto", lastUpdated: stamp }],
    equipmentTypes: [{ id: type, orgId: org, name: "Extinguisher", lastUpdated: stamp }],
    models: [{ id: model, orgId: org, name: "B500", equipmentTypeId: type, lastUpdated: stamp }],
    serviceTypes: [
      { id: annual, orgId: org, name: "Annual Inspection", equipmentTypeId: type, dueWhen: "all", frequencyType: 7, frequency: 1, inspection: true, conditions: [], lastUpdated: stamp },
      { id: monthly, orgId: org, name: "Monthly Check", equipmentTypeId: type, dueWhen: "all", frequencyType: 6, frequency: 1, conditions: [], lastUpdated: stamp },
    ],
    questions: [
      {
        id: question,
        orgId: org,
        serviceTypeId: monthly,
        question: "Pin in place?",
        options: [
          { id: newId(), description: "Yes", questionId: question, orgId: org },
          { id: newId(), description: "No", deficiencyToAdd: "Pin missing", questionId: question, orgId: org },
        ],
        lastUpdated: stamp,
      },
    ],
    equipment: names.map((name) => ({ id: items[name], orgId: org, locationId: site, name, modelId: model, manufactureDate: ago(730), lastUpdated: stamp })),
    performedServices: [
      ...done.flatMap((name) => [performed(items[name]!, annual, ago(1)), performed(items[name]!, monthly, ago(1))]),
      ...Object.entries(options.lastAnnual ?? {}).map(([name, date]) => performed(items[name]!, annual, date)),
    ],
    deficiencies: (options.deficient ?? []).map((name) => ({
      id: newId(),
      orgId: org,
      locationId: site,
      happenedAtLocationId: site,
      equipmentId: items[name],
      description: "Hose cracked",
      dateOpened: ago(3),
      dateClosed: "",
      lastUpdated: stamp,
    })),
  });
  return { site, annual, monthly, items };
}

async function openSite(page: Page, goods: Stock): Promise<void> {
  await page.goto(`/sites/${goods.site}`);
  await eventually(() => badgeOf(page, "Inspection Due")).toBeGreaterThanOrEqual(0);
}

/** Taps the item's row in the site's list: its tag opens, with its services to perform. */
async function tapRow(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: new RegExp(`^${name}\\b`) }).first().click();
  await page.waitForURL(/\/equipment-tag\//);
  await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
}

const service = (page: Page, name: string) => page.getByRole("listitem", { name });

/** The tag's own Back, to the site (the app bar has one too, to where the user came from). */
async function backToSite(page: Page): Promise<void> {
  await page.getByRole("main").getByRole("button", { name: "Back" }).click();
}

/** The tag's due state, line by line. */
async function dueStatus(page: Page): Promise<string[]> {
  return page.getByRole("region", { name: "Due status" }).getByRole("paragraph").allTextContents();
}

async function performAnnual(page: Page): Promise<void> {
  const annual = service(page, "Annual Inspection");
  await chooseServiceOption(page, annual, "Perform Now");
  await eventually(() => page.getByText("Annual Inspection performed").isVisible()).toBe(true);
  await eventually(() => annual.getByText("Not Due").isVisible()).toBe(true);
}

/** The monthly checklist answered "No": it opens the deficiency 'Pin missing'. */
async function answerChecklist(page: Page): Promise<void> {
  await chooseServiceOption(page, service(page, "Monthly Check"), "Perform Now");
  await page.waitForURL(/\/answer-questions\//);
  await page.getByRole("radiogroup", { name: "Pin in place?" }).getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/equipment-tag\//);
  await eventually(() => service(page, "Monthly Check").getByText("Not Due").isVisible()).toBe(true);
}

async function resolvePinMissing(page: Page): Promise<void> {
  const open = page.getByRole("region", { name: "Open Deficiencies" });
  await eventually(() => dueStatus(page)).toEqual(["Inspection due: open deficiency", "Service due: open deficiency"]);
  await open.getByRole("listitem", { name: "Pin missing" }).getByRole("button", { name: "Resolve" }).click();
  await eventually(() => dueStatus(page)).toEqual(["Not due"]);
  expect(await page.getByRole("region", { name: "Open Deficiencies" }).count()).toBe(0);
}

/** What the server holds of the visit to `item`. */
async function expectVisitOnServer(owner: Account, goods: Stock, item: string): Promise<void> {
  const id = goods.items[item];
  await expect
    .poll(
      async () => {
        const all = await download(server, owner);
        const history = (all.history ?? []).filter((h) => h.equipmentId === id && !h.deleted);
        const today = (date: unknown) => typeof date === "string" && Date.now() - Date.parse(date) < DAY;
        const performed = (all.performedServices ?? []).filter((p) => p.equipmentId === id && today(p.lastDate));
        const deficiencies = (all.deficiencies ?? []).filter((d) => d.equipmentId === id);
        return {
          performed: performed.map((p) => p.serviceTypeId).sort(),
          history: history.map((h) => `${h.type}: ${h.description}`).sort(),
          deficiencies: deficiencies.map((d) => [d.description, Boolean(d.dateClosed)]),
        };
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual({
      performed: [goods.annual, goods.monthly].sort(),
      // Two services performed (2), the checklist's deficiency opened (11) and resolved (12).
      history: ["11: Deficiency opened: Pin missing", "12: Deficiency closed: Pin missing", "2: Performed Annual Inspection", "2: Performed Monthly Check"],
      deficiencies: [["Pin missing", true]],
    });
}

describe("a visit on a phone without a scan (375×812)", () => {
  it("taps a row, performs, answers the checklist and resolves its deficiency — online, then offline with a reload", async () => {
    const owner = await signUpByApi(server, uniqueEmail("visit"));
    const goods = await stock(owner, ["Lobby", "Kitchen"]);
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);

    // A phone opens on Today; the site is under All.
    await page.getByRole("tab", { name: /^All/ }).click();
    await page.getByRole("link", { name: /Warehouse/ }).first().click();
    await page.waitForURL(`**/sites/${goods.site}`);
    await eventually(() => badgeOf(page, "Inspection Due")).toBe(2);

    await tapRow(page, "Lobby");
    await performAnnual(page);
    await answerChecklist(page);
    await resolvePinMissing(page);
    await expectVisitOnServer(owner, goods, "Lobby");

    await context.setOffline(true);
    await backToSite(page);
    await page.waitForURL(`**/sites/${goods.site}`);
    await tapRow(page, "Kitchen");
    await performAnnual(page);
    // The phone restarts the app in the middle of the visit: the work so far is on the device.
    await page.reload();
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Kitchen");
    await eventually(() => service(page, "Annual Inspection").getByText("Not Due").isVisible()).toBe(true);
    await answerChecklist(page);
    await resolvePinMissing(page);
    await backToSite(page);
    await eventually(() => badgeOf(page, "Inspection Due")).toBe(0);

    await context.setOffline(false);
    await expectVisitOnServer(owner, goods, "Kitchen");
    await context.close();
  });

  it("Undo of a Perform Now puts the previous date back on the server", async () => {
    const owner = await signUpByApi(server, uniqueEmail("undo"));
    const before = ago(400);
    const goods = await stock(owner, ["Garage"], { lastAnnual: { Garage: before } });
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await openSite(page, goods);
    await tapRow(page, "Garage");

    const annual = service(page, "Annual Inspection");
    await chooseServiceOption(page, annual, "Perform Now");
    const snackbar = page.getByRole("status").filter({ hasText: "Annual Inspection performed" });
    // The pointer on the message holds it open while the perform reaches the server.
    await snackbar.hover();
    const onServer = async () => {
      const all = await download(server, owner);
      const performed = (all.performedServices ?? []).find((p) => p.id === `${goods.items.Garage}-${goods.annual}`);
      const history = (all.history ?? []).filter((h) => h.equipmentId === goods.items.Garage && h.type === 2);
      return { lastDate: Date.parse(String(performed?.lastDate)), history: history.map((h) => Boolean(h.deleted)) };
    };
    await expect.poll(async () => (await onServer()).history, { timeout: 10_000, interval: 200 }).toEqual([false]);

    await snackbar.getByRole("button", { name: "Undo" }).click();
    await eventually(() => page.getByText("Annual Inspection put back as it was").isVisible()).toBe(true);
    await eventually(() => annual.getByText("Due", { exact: true }).isVisible()).toBe(true);
    await expect.poll(onServer, { timeout: 30_000, interval: 500 }).toEqual({ lastDate: Date.parse(before), history: [true] });
    await context.close();
  });
});

/** The CSV's rows as objects by header. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  const [header = [], ...body] = rows.filter((r) => r.some((v) => v !== ""));
  return body.map((values) => Object.fromEntries(header.map((name, n) => [name, values[n] ?? ""])));
}

describe("the due state agrees everywhere", () => {
  it("the list's counts, the tag screen and the equipment report's 'Due' column say the same of the same items", async () => {
    const owner = await signUpByApi(server, uniqueEmail("agree"));
    // Office: its services are done, but a deficiency is open. Boiler room: done. Stairwell: never done.
    const goods = await stock(owner, ["Office", "Boiler room", "Stairwell"], { done: ["Boiler room"], deficient: ["Office"] });
    const context = await newContext(browser, server, VIEWPORTS.mobile);
    const page = await context.newPage();
    await signIn(page, owner);
    await openSite(page, goods);
    await eventually(() => badgeOf(page, "Inspection Due")).toBe(2);
    await eventually(() => badgeOf(page, "Service Due")).toBe(2);

    const tag: Record<string, string[]> = {};
    for (const name of ["Office", "Boiler room", "Stairwell"]) {
      await tapRow(page, name);
      await eventually(() => dueStatus(page)).not.toEqual([]);
      tag[name] = await dueStatus(page);
      await backToSite(page);
      await page.waitForURL(`**/sites/${goods.site}`);
    }
    expect(tag).toEqual({
      Office: ["Inspection due: open deficiency", "Service due: open deficiency"],
      "Boiler room": ["Not due"],
      Stairwell: ["Inspection due: Annual Inspection", "Service due: Monthly Check"],
    });

    const query = new URLSearchParams({ locationId: goods.site, output: "csv", serviceOrInspection: "all" });
    const response = await fetch(`${server.url}/api/reports/equipmentReport?${query}`, {
      headers: { Authorization: `Bearer ${owner.token}`, "X-Fieldtag-Client": "web" },
    });
    expect(response.status).toBe(200);
    const report = Object.fromEntries(parseCsv(await response.text()).map((row) => [row.Location, row.Due]));
    // The same lists as the tag (and the list's tabs), and the same reason for the deficiency.
    for (const [name, lines] of Object.entries(tag)) {
      const due = report[name] ?? "(not in the report)";
      expect({ name, inspection: /\bInspection\b/.test(due), service: /\bService\b/.test(due) }).toEqual({
        name,
        inspection: lines.some((l) => l.startsWith("Inspection due")),
        service: lines.some((l) => l.startsWith("Service due")),
      });
    }
    expect(report.Office).toContain("open deficiency");
    expect(report["Boiler room"]).toBe("");
    await context.close();
  });
});
