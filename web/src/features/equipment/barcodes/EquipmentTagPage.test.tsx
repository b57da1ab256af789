// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../../domain/history";
import type { Deficiency } from "../../../domain/records";
import type { TestTab } from "../../../test/fakeSync";
import { useUpdateOnScan } from "../services/useUpdateOnScan";
import { OPENED_FROM_LIST } from "./paths";
import { scanningRoutes } from "./routes";
import { chooseServiceOption } from "../../../test/equipment/serviceOptions";
import { HERE, ORG, USER, currentLocation, device, hex, item, renderScreen, signIn, site } from "../../../test/equipment/scanning";

vi.mock("../services/useUpdateOnScan", () => ({ useUpdateOnScan: vi.fn() }));
// The tag reads every record of the item; a shared machine takes a moment.
configure({ asyncUtilTimeout: 5000 });

let tab: TestTab | null = null;

async function openTag(path: string, permissions?: string[]) {
  signIn(permissions);
  tab = await device({ locations: [site(HERE, "Main Plant")], equipment: [item(hex(1), HERE, "Lobby by the door", "FT-100", { serialNumber: "SN-42" })] });
  renderScreen(tab, { path, routes: scanningRoutes });
}

describe("the equipment tag", { timeout: 20_000 }, () => {
  beforeEach(() => vi.mocked(useUpdateOnScan).mockClear());
  afterEach(() => {
    cleanup();
    tab?.close();
    tab = null;
    localStorage.clear();
  });

  it("shows the item's details and Options, and performs the updateOnScan services as it opens", async () => {
    await openTag(`/sites/${HERE}/equipment-tag/${hex(1)}`);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Lobby by the door");
    expect(screen.getByText("Main Plant")).toBeTruthy();
    expect(await screen.findByText("SN-42")).toBeTruthy();
    expect(useUpdateOnScan).toHaveBeenCalledWith(HERE, hex(1));
    expect(screen.queryByText("Scan barcode to make changes")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Options" }));
    const options = await screen.findByRole("dialog");
    expect(within(options).getByText("Replace Barcode")).toBeTruthy();
  });

  it("read-only: says 'Scan barcode to make changes', offers no action and performs nothing", async () => {
    await openTag(`/sites/${HERE}/equipment-tag/${hex(1)}/read-only`);
    expect(await screen.findByText("Scan barcode to make changes")).toBeTruthy();
    expect(await screen.findByText("SN-42")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Options" })).toBeNull();
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? b.textContent)).toEqual(["Back", "Scan Barcode"]);
    expect(useUpdateOnScan).not.toHaveBeenCalled();
  });

  it("read-only: scanning the item's barcode opens its tag, where changes are made", async () => {
    await openTag(`/sites/${HERE}/equipment-tag/${hex(1)}/read-only`);
    await userEvent.click(await screen.findByRole("button", { name: "Scan Barcode" }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Barcode" }), "FT-100{Enter}");
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}/equipment-tag/${hex(1)}`));
    expect(await screen.findByRole("button", { name: "Options" })).toBeTruthy();
    expect(screen.queryByText("Scan barcode to make changes")).toBeNull();
  });

  it("says 'Current equipment failed to load' for an item the device does not have", async () => {
    await openTag(`/sites/${HERE}/equipment-tag/${hex(9)}`);
    expect(await screen.findByText("Current equipment failed to load")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Options" })).toBeNull();
  });

  it("goes back to the site", async () => {
    await openTag(`/sites/${HERE}/equipment-tag/${hex(1)}`);
    await userEvent.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}`));
  });

  it("needs EQUIPMENT_READ", async () => {
    await openTag(`/sites/${HERE}/equipment-tag/${hex(1)}`, ["LOCATION_READ"]);
    expect(await screen.findByText("Viewing equipment needs the equipment read permission.")).toBeTruthy();
    expect(screen.queryByText("Lobby by the door")).toBeNull();
  });
});

describe("the visit on the tag, opened from the list (no scan)", { timeout: 30_000 }, () => {
  const TYPE = hex(0x20);
  const MODEL = hex(0x21);
  const ANNUAL = hex(0x22);
  const PIN = hex(0x30);
  const SAM = hex(0x40);
  const ITEM = hex(1);
  const made = new Date(Date.now() - 2 * 365 * 86_400_000).toISOString();
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  beforeEach(() => vi.mocked(useUpdateOnScan).mockClear());
  afterEach(() => {
    cleanup();
    tab?.close();
    tab = null;
    localStorage.clear();
  });

  async function openFromList() {
    signIn();
    tab = await device({
      locations: [site(HERE, "Main Plant")],
      equipment: [item(ITEM, HERE, "Lobby by the door", "FT-100", { modelId: MODEL, manufactureDate: made })],
      history: Array.from({ length: 6 }, (_, n) => ({
        id: hex(0x50 + n),
        orgId: ORG,
        locationId: HERE,
        equipmentId: ITEM,
        type: HistoryType.custom,
        description: `Note ${n + 1}`,
        date: daysAgo(10 - n),
        userId: SAM,
      })),
      other: [
        ["equipmentTypes", { id: TYPE, orgId: ORG, name: "Extinguisher" }],
        ["models", { id: MODEL, orgId: ORG, name: "B500", equipmentTypeId: TYPE }],
        ["serviceTypes", { id: ANNUAL, orgId: ORG, name: "Annual Inspection", equipmentTypeId: TYPE, dueWhen: "any", frequencyType: 7, frequency: 1, inspection: true }],
        ["users", { id: SAM, orgId: ORG, name: "Sam Sparks", email: "sam@acme.test" }],
        ["deficiencies", { id: PIN, orgId: ORG, locationId: HERE, equipmentId: ITEM, description: "Pin missing", dateOpened: daysAgo(3), dateClosed: "" }],
      ],
    });
    renderScreen(tab, { path: `/sites/${HERE}/equipment-tag/${ITEM}`, state: OPENED_FROM_LIST, routes: scanningRoutes });
  }

  const status = async () =>
    within(await screen.findByRole("region", { name: "Due status" }))
      .getAllByRole("paragraph")
      .map((line) => line.textContent);

  it("says why the item is due, resolves a deficiency, shows recent history, and performs nothing by itself", async () => {
    const user = userEvent.setup();
    await openFromList();
    expect(await status()).toEqual(["Inspection due: open deficiency, Annual Inspection", "Service due: open deficiency"]);
    expect(useUpdateOnScan).not.toHaveBeenCalled();

    // The last five history entries, newest first, with who wrote them.
    const history = within(await screen.findByRole("region", { name: "Recent History" })).getAllByRole("listitem");
    expect(history.map((h) => h.textContent?.match(/^Note \d/)?.[0])).toEqual(["Note 6", "Note 5", "Note 4", "Note 3", "Note 2"]);
    expect(history[0]?.textContent).toMatch(/ · Custom · Sam Sparks$/);

    // Why the service is due: never done, counted from the manufacture date, and how late.
    const annual = await screen.findByRole("listitem", { name: "Annual Inspection" });
    expect(within(annual).getByText(/^Annual Inspection: never done, made \w+ \d+ \d{4}, due .+, overdue \d+ days$/)).toBeTruthy();

    // Resolve closes the deficiency and writes 'deficiency closed' (12).
    const open = await screen.findByRole("region", { name: "Open Deficiencies" });
    await user.click(within(within(open).getByRole("listitem", { name: "Pin missing" })).getByRole("button", { name: "Resolve" }));
    await waitFor(async () => expect(await status()).toEqual(["Inspection due: Annual Inspection"]));
    expect(screen.queryByRole("region", { name: "Open Deficiencies" })).toBeNull();
    const closed = await tab!.engine.get<Deficiency>("deficiencies", PIN, HERE);
    expect(closed?.dateClosed).toBeTruthy();
    const closings = async () => (await tab!.engine.list<{ type: number }>("history", HERE)).filter((h) => h.type === HistoryType.deficiencyClosed);
    await waitFor(async () => expect(await closings()).toEqual([expect.objectContaining({ relevantId: PIN, userId: USER })]));

    // Perform Now: nothing is due any more, and the card says who did it.
    await chooseServiceOption(user, "Annual Inspection", "Perform Now");
    await waitFor(async () => expect(await status()).toEqual(["Not due"]));
    await waitFor(() => expect(within(annual).getByText(/^Last performed: .* by You$/)).toBeTruthy());
  });

  it("read-only: no Resolve, no Perform", async () => {
    signIn();
    await openFromList();
    cleanup();
    renderScreen(tab!, { path: `/sites/${HERE}/equipment-tag/${ITEM}/read-only`, routes: scanningRoutes });
    const open = await screen.findByRole("region", { name: "Open Deficiencies" });
    expect(within(open).getByText("Pin missing")).toBeTruthy();
    expect(within(open).queryByRole("button")).toBeNull();
    expect(within(await screen.findByRole("listitem", { name: "Annual Inspection" })).queryByRole("button")).toBeNull();
  });
});
