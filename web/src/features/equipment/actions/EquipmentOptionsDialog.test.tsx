// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type HistoryRecord, HistoryType } from "../../../domain/history";
import type { Deficiency, Equipment, PerformedService, Site } from "../../../domain/records";
import { setViewportWidth } from "../../../test/render";
import { abilitiesOf } from "./abilities";
import { EquipmentOptionsDialog, optionsFor } from "./EquipmentOptionsDialog";
import { TRANSFER_RESULTS, transferTargets } from "./TransferDialog";
import {
  ANNUAL,
  type Device,
  MONTHLY,
  ORG,
  OTHER_SITE,
  SITE,
  type Seed,
  USER,
  catalogueSeeds,
  daysAgo,
  hex,
  itemSeeds,
  openDevice,
  pathOf,
  renderRoutes,
} from "../../../test/equipment/device";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const LOBBY = hex(0x1001);
const site: Site = { id: SITE, name: "Harbour Tower", timeZone: "America/Toronto", lastUpdated: "" };

function seeds(extra: Record<string, unknown> = {}): Seed[] {
  return [
    ...catalogueSeeds(),
    ...itemSeeds(LOBBY, "Lobby", 365, 30, { serialNumber: "AMX-001", barcode: "100001", ...extra }),
    ["history", { id: hex(0x3001), equipmentId: LOBBY, locationId: SITE, happenedAtLocationId: SITE, type: HistoryType.added, description: "Added", date: daysAgo(400) }],
    ["deficiencies", { id: hex(0x2001), equipmentId: LOBBY, locationId: SITE, description: "Gauge in the red", dateOpened: daysAgo(2) }],
  ];
}

let device: Device | null = null;

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

/** The options of the stored Lobby, as the list opens them. */
function Options() {
  const [open, setOpen] = useState(true);
  const [item, setItem] = useState<Equipment | null>(null);
  useEffect(() => {
    void device!.engine.get<Equipment>("equipment", LOBBY, SITE).then((found) => found && setItem(found));
  }, []);
  if (!item) return null;
  return open ? <EquipmentOptionsDialog open equipment={item} site={site} onClose={() => setOpen(false)} /> : <p>Closed</p>;
}

async function show(permissions: string[] = ["*.*"], extra: Record<string, unknown> = {}, more: Seed[] = []) {
  device = await openDevice([...seeds(extra), ...more], permissions);
  const view = renderRoutes(device, `/sites/${SITE}`, [{ path: "/sites/:locationId", element: <Options /> }]);
  const dialog = await screen.findByRole("dialog", { name: "Lobby" });
  return { ...view, dialog };
}

const items = (dialog: HTMLElement) => within(dialog).getAllByRole("button").map((b) => b.textContent);

describe("EquipmentOptionsDialog items", () => {
  it("lists every §2 item in order for a placed item and a user who may do everything", async () => {
    const { dialog } = await show(["*.*"], { floorId: hex(0x700), floorPlanLocation: "120x45" });
    expect(items(dialog)).toEqual([
      "Preview Details",
      "Edit Equipment",
      "Replace Barcode",
      "Could Not Service",
      "Transfer Equipment",
      "Replace Equipment",
      "Open Deficiency",
      "View on FloorPlan",
      "Delete Equipment",
      "Back",
    ]);
  });

  it("offers View on FloorPlan only with both a floor and a place on it", () => {
    const all = abilitiesOf({ id: USER, orgId: ORG, name: "", email: "", permissions: ["*.*"] });
    const labels = (extra: Partial<Equipment>) => optionsFor({ id: LOBBY, name: "Lobby", locationId: SITE, lastUpdated: "", ...extra }, site, all).map((o) => o.label);
    expect(labels({})).not.toContain("equipmentViewOnFloorPlan");
    expect(labels({ floorId: hex(0x700) })).not.toContain("equipmentViewOnFloorPlan");
    expect(labels({ floorPlanLocation: "1x2" })).not.toContain("equipmentViewOnFloorPlan");
    expect(labels({ floorId: hex(0x700), floorPlanLocation: "1x2" })).toContain("equipmentViewOnFloorPlan");
  });

  it("gates items by the permission table", () => {
    const labels = (permissions: string[]) =>
      optionsFor({ id: LOBBY, name: "Lobby", locationId: SITE, lastUpdated: "", floorId: "f", floorPlanLocation: "1x2" }, site, abilitiesOf({ id: USER, orgId: ORG, name: "", email: "", permissions })).map(
        (o) => o.label,
      );
    expect(labels(["EQUIPMENT_READ"])).toEqual(["equipmentPreviewDetails"]);
    // Transfer and Replace move the item's history, services and deficiencies: EQUIPMENT_WRITE covers all of it.
    expect(labels(["EQUIPMENT_READ", "EQUIPMENT_WRITE"])).toEqual([
      "equipmentPreviewDetails",
      "equipmentEdit",
      "equipmentReplaceBarcode",
      "equipmentTransfer",
      "equipmentReplace",
      "equipmentDelete",
    ]);
    // Could Not Service is servicing: SERVICE_WRITE, not HISTORY_WRITE.
    expect(labels(["EQUIPMENT_READ", "SERVICE_WRITE"])).toEqual(["equipmentPreviewDetails", "historyType4"]);
    expect(labels(["EQUIPMENT_READ", "HISTORY_WRITE"])).toEqual(["equipmentPreviewDetails"]);
    expect(labels(["EQUIPMENT_READ", "DEFICIENCY_WRITE", "LOCATION_READ"])).toEqual(["equipmentPreviewDetails", "equipmentOpenDeficiency", "equipmentViewOnFloorPlan"]);
  });

  it("shows only Preview Details and Back to a reader", async () => {
    const { dialog } = await show(["EQUIPMENT_READ"]);
    expect(items(dialog)).toEqual(["Preview Details", "Back"]);
  });
});

describe("EquipmentOptionsDialog actions", () => {
  it("previews the item on its read-only tag ('Scan barcode to make changes')", async () => {
    const user = userEvent.setup();
    const { router, dialog } = await show();
    await user.click(within(dialog).getByRole("button", { name: "Preview Details" }));
    expect(pathOf(router)).toBe(`/sites/${SITE}/equipment-tag/${LOBBY}/read-only`);
  });

  it("leaves Preview Details out on the tag, which shows the details already", async () => {
    device = await openDevice(seeds(), ["*.*"]);
    const item = (await device.engine.get<Equipment>("equipment", LOBBY, SITE))!;
    renderRoutes(device, `/sites/${SITE}`, [
      { path: "/sites/:locationId", element: <EquipmentOptionsDialog open onTag equipment={item} site={site} onClose={() => {}} /> },
    ]);
    const dialog = await screen.findByRole("dialog", { name: "Lobby" });
    expect(items(dialog)).not.toContain("Preview Details");
    expect(items(dialog)).toContain("Edit Equipment");
  });

  it("opens the edit, deficiency and floor plan screens", async () => {
    const user = userEvent.setup();
    const { router, dialog } = await show(["*.*"], { floorId: hex(0x700), floorPlanLocation: "120x45" });
    await user.click(within(dialog).getByRole("button", { name: "Edit Equipment" }));
    expect(pathOf(router)).toBe(`/sites/${SITE}/equipment/${LOBBY}`);
    await router.navigate(`/sites/${SITE}`);
    await user.click(within(await screen.findByRole("dialog", { name: "Lobby" })).getByRole("button", { name: "Open Deficiency" }));
    expect(pathOf(router)).toBe(`/sites/${SITE}/equipment/${LOBBY}/deficiency/new`);
    await router.navigate(`/sites/${SITE}`);
    await user.click(within(await screen.findByRole("dialog", { name: "Lobby" })).getByRole("button", { name: "View on FloorPlan" }));
    expect(pathOf(router)).toBe(`/sites/${SITE}/equipment/${LOBBY}/ReadOnlyFloorPlan`);
  });

  it("deletes after 'Delete equipment?': soft delete, a Deleted history record, the message, back to the site", async () => {
    const user = userEvent.setup();
    const { router, dialog } = await show();
    await user.click(within(dialog).getByRole("button", { name: "Delete Equipment" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete equipment?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("dialog", { name: "Lobby" })).toBeTruthy();
    expect(await device!.engine.get("equipment", LOBBY, SITE)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete Equipment" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete equipment?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Equipment Deleted")).toBeTruthy();
    expect(await device!.engine.get("equipment", LOBBY, SITE)).toBeUndefined();
    const history = await device!.engine.list<HistoryRecord>("history", SITE);
    const deleted = history.find((h) => h.type === HistoryType.deleted);
    expect(deleted).toMatchObject({ equipmentId: LOBBY, locationId: SITE, orgId: ORG, userId: USER, description: "Deleted" });
    expect(pathOf(router)).toBe(`/sites/${SITE}`);
    expect(screen.getByText("Closed")).toBeTruthy();
  });

  it("deletes with its 'Deleted' history record for a user with the equipment write permission alone", async () => {
    const user = userEvent.setup();
    const { dialog } = await show(["EQUIPMENT_READ", "EQUIPMENT_WRITE"]);
    await user.click(within(dialog).getByRole("button", { name: "Delete Equipment" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete equipment?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Equipment Deleted")).toBeTruthy();
    const history = await device!.engine.list<HistoryRecord>("history", SITE);
    expect(history.filter((h) => h.type === HistoryType.deleted)).toMatchObject([{ equipmentId: LOBBY }]);
  });

  it("needs a reason to record Could Not Service, saying so only once the reason was touched", async () => {
    const user = userEvent.setup();
    const { dialog } = await show();
    await user.click(within(dialog).getByRole("button", { name: "Could Not Service" }));
    const form = await screen.findByRole("dialog", { name: "Could Not Service" });
    expect(within(form).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      "Could not access",
      "Did not want done",
      "Not in at the time of inspection",
      "Done by others",
    ]);
    // Nothing in red on arrival: the user has not done anything wrong yet.
    expect(within(form).queryByText("Please give a reason")).toBeNull();
    expect(within(form).getByRole("textbox", { name: /Reason/ }).getAttribute("aria-invalid")).toBe("false");
    expect(within(form).getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);

    await user.click(within(form).getByRole("radio", { name: "Done by others" }));
    const reason = within(form).getByRole("textbox", { name: /Reason/ });
    expect(reason).toHaveProperty("value", "Done by others");
    await user.clear(reason);
    expect(within(form).getByText("Please give a reason")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    await user.type(reason, "Tenant away");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Closed")).toBeTruthy();

    const history = await device!.engine.list<HistoryRecord>("history", SITE);
    expect(history.find((h) => h.type === HistoryType.couldNotService)).toMatchObject({
      description: "Tenant away",
      equipmentId: LOBBY,
      locationId: SITE,
      happenedAtLocationId: SITE,
      orgId: ORG,
      userId: USER,
    });
  });
});

describe("Transfer Equipment", () => {
  const manySites: Seed[] = Array.from({ length: 25 }, (_, i) => [
    "locations",
    { id: hex(0x800 + i), name: `Depot ${String(i + 1).padStart(2, "0")}`, status: "active", timeZone: "America/Toronto" },
  ]);

  it("shows at most 20 sites, with the hint while more match", () => {
    const sites = manySites.map(([, s]) => s as Site);
    expect(transferTargets(sites, SITE, "").shown).toHaveLength(TRANSFER_RESULTS);
    expect(transferTargets(sites, SITE, "").more).toBe(true);
    expect(transferTargets(sites, SITE, "depot 2").shown.map((s) => s.name)).toEqual(["Depot 02", "Depot 12", "Depot 20", "Depot 21", "Depot 22", "Depot 23", "Depot 24", "Depot 25"]);
    expect(transferTargets(sites, hex(0x800), "depot").shown[0]?.name).toBe("Depot 02");
  });

  it("searches sites by name and moves the item with its records to the chosen one", async () => {
    const user = userEvent.setup();
    const { router, dialog } = await show(["*.*"], {}, manySites);
    await user.click(within(dialog).getByRole("button", { name: "Transfer Equipment" }));
    const form = await screen.findByRole("dialog", { name: "Transfer Equipment" });
    // The sites come with their own read of the store.
    await waitFor(() => expect(within(form).getAllByRole("radio")).toHaveLength(20));
    expect(within(form).getByText("Type more characters to narrow the search further")).toBeTruthy();
    expect(within(form).queryByRole("radio", { name: "Harbour Tower" })).toBeNull();
    expect(within(form).getByRole("button", { name: "Transfer" })).toHaveProperty("disabled", true);

    await user.type(within(form).getByRole("searchbox", { name: "Search sites" }), "maple");
    expect(within(form).getAllByRole("radio")).toHaveLength(1);
    expect(within(form).queryByText("Type more characters to narrow the search further")).toBeNull();
    await user.click(within(form).getByRole("radio", { name: "Maple Mall" }));
    expect(within(form).getByText("Move Lobby to Maple Mall.")).toBeTruthy();
    await user.click(within(form).getByRole("button", { name: "Transfer" }));

    // Its own message (§4), not the swap's.
    expect(await screen.findByText("Equipment transferred")).toBeTruthy();
    expect(screen.queryByText("Equipment swapped")).toBeNull();
    expect(pathOf(router)).toBe(`/sites/${SITE}`);
    const engine = device!.engine;
    expect(await engine.get("equipment", LOBBY, SITE)).toBeUndefined();
    expect(await engine.get<Equipment>("equipment", LOBBY, OTHER_SITE)).toMatchObject({ id: LOBBY, locationId: OTHER_SITE, name: "Lobby" });
    expect(await engine.get<Equipment>("equipment", LOBBY)).toMatchObject({ locationId: OTHER_SITE });

    const performed = await engine.list<PerformedService>("performedServices", OTHER_SITE);
    expect(performed.map((p) => p.id).sort()).toEqual([`${LOBBY}-${ANNUAL}`, `${LOBBY}-${MONTHLY}`].sort());
    expect(await engine.list("performedServices", SITE)).toEqual([]);
    const deficiencies = await engine.list<Deficiency>("deficiencies", OTHER_SITE);
    expect(deficiencies).toMatchObject([{ id: hex(0x2001), locationId: OTHER_SITE, happenedAtLocationId: SITE }]);
    expect(await engine.list("history", SITE)).toEqual([]);
    const history = await engine.list<HistoryRecord>("history", OTHER_SITE);
    expect(history.find((h) => h.id === hex(0x3001))).toMatchObject({ locationId: OTHER_SITE, happenedAtLocationId: SITE });
    expect(history.find((h) => h.type === HistoryType.dataChange)).toMatchObject({
      equipmentId: LOBBY,
      locationId: OTHER_SITE,
      happenedAtLocationId: SITE,
      orgId: ORG,
      userId: USER,
      description: "Transferred from Harbour Tower to Maple Mall",
      changes: { before: { locationId: SITE }, after: { locationId: OTHER_SITE } },
    });
  });

  it("returns to the options on Cancel", async () => {
    const user = userEvent.setup();
    const { dialog } = await show();
    await user.click(within(dialog).getByRole("button", { name: "Transfer Equipment" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Transfer Equipment" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByRole("dialog", { name: "Lobby" })).toBeTruthy());
  });
});
