// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type HistoryRecord, HistoryType } from "../../../domain/history";
import type { Equipment } from "../../../domain/records";
import { firstSection, pickerInput, setPicker } from "../../../test/pickers";
import { setViewportWidth } from "../../../test/render";
import {
  B500,
  type Device,
  EXTINGUISHER,
  ORG,
  OTHER_SITE,
  SITE,
  type Seed,
  USER,
  catalogueSeeds,
  hex,
  itemSeeds,
  openDevice,
  pathOf,
  renderRoutes,
} from "../../../test/equipment/device";
import { equipmentRoutes } from "../routes";
import { barcodeTaken, changesOf, dateInputOf, recordOf, draftOf } from "./fields";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const LOBBY = hex(0x1001);
const PUMP_TYPE = hex(0x201);
const PUMP_MODEL = hex(0x301);
const PRESSURE = hex(0x600);

function seeds(): Seed[] {
  return [
    ...catalogueSeeds(),
    ["equipmentTypes", { id: PUMP_TYPE, name: "Fire Pump" }],
    ["models", { id: PUMP_MODEL, name: "Aurora 481", equipmentTypeId: PUMP_TYPE }],
    ["serviceMonthCategories", { id: hex(0x900), name: "Spring" }],
    ...itemSeeds(LOBBY, "Lobby", 365, 30, { serialNumber: "AMX-001", barcode: "100001", fieldData: { [PRESSURE]: "195" } }),
    ["equipment", { id: hex(0x1999), name: "Boiler", locationId: OTHER_SITE, barcode: "777" }],
    ["equipment", { id: hex(0x1998), name: "Old boiler", locationId: OTHER_SITE, barcode: "888", deleted: true }],
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

async function show(path: string, permissions: string[] = ["*.*"], more: Seed[] = []) {
  device = await openDevice([...seeds(), ...more], permissions);
  return renderRoutes(device, path, [...equipmentRoutes, { path: "/sites/:locationId", element: <p>Site page</p> }]);
}

const textbox = (name: string | RegExp) => screen.getByRole("textbox", { name });
const setDate = (value: string) => setPicker(/^Manufactured Date/, value);

describe("New equipment", () => {
  it("needs Location and Manufactured Date (shown once touched), takes the barcode from the query, and saves with an 'added' record", async () => {
    const user = userEvent.setup();
    const { router } = await show(`/sites/${SITE}/equipment/new?barcode=555123`);
    expect(await screen.findByRole("heading", { name: "New Equipment" })).toBeTruthy();
    expect(textbox("Barcode")).toHaveProperty("value", "555123");
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toHaveProperty("disabled", true);
    // No red on arrival; leaving the two required fields empty shows them.
    expect(screen.queryAllByRole("img", { name: "Required" })).toHaveLength(0);
    expect(pickerInput(/^Manufactured Date/).getAttribute("aria-invalid")).toBe("false");
    await user.click(textbox(/Location/));
    await user.click(firstSection(/^Manufactured Date/));
    await user.click(textbox("Serial Number"));
    expect(screen.getAllByRole("img", { name: "Required" })).toHaveLength(2);

    await user.type(textbox(/Location/), "Mechanical room");
    expect(add).toHaveProperty("disabled", true);
    setDate("2021-06-15");
    expect(add).toHaveProperty("disabled", false);
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();

    await user.type(textbox("Serial Number"), "SN-77");
    await user.click(add);
    await waitFor(() => expect(pathOf(router)).toMatch(new RegExp(`^/sites/${SITE}/equipment/[0-9a-f]{32}$`)));
    const id = pathOf(router).split("/").pop()!;
    expect(await screen.findByText("Equipment Added")).toBeTruthy();

    const saved = await device!.engine.get<Equipment>("equipment", id, SITE);
    expect(saved).toMatchObject({ id, orgId: ORG, locationId: SITE, name: "Mechanical room", serialNumber: "SN-77", barcode: "555123", modelId: null });
    // Midnight in Toronto (EDT) is 04:00 UTC.
    expect(saved?.manufactureDate).toBe("2021-06-15T04:00:00.000Z");
    const history = await device!.engine.list<HistoryRecord>("history", SITE);
    expect(history.find((h) => h.equipmentId === id)).toMatchObject({ type: HistoryType.added, orgId: ORG, userId: USER, locationId: SITE });
  });

  it("refuses a barcode another item of the organisation has, but not a deleted item's", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}/equipment/new`);
    await screen.findByRole("heading", { name: "New Equipment" });
    await user.type(textbox(/Location/), "Attic");
    setDate("2021-06-15");
    await user.type(textbox("Barcode"), "777");
    expect(await screen.findByText("Equipment already has this barcode")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    await user.clear(textbox("Barcode"));
    await user.type(textbox("Barcode"), "888");
    expect(screen.queryByText("Equipment already has this barcode")).toBeNull();
    expect(screen.getByRole("button", { name: "Add" })).toHaveProperty("disabled", false);
  });

  it("groups models under their type, shows the type, its custom fields and the model's fields", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}/equipment/new`);
    await screen.findByRole("heading", { name: "New Equipment" });
    expect(screen.queryByRole("textbox", { name: "Pressure" })).toBeNull();
    await user.click(screen.getByRole("combobox", { name: "Model" }));
    const listbox = await screen.findByRole("listbox");
    expect(Array.from(listbox.children).map((c) => c.textContent)).toEqual(["No model", "Extinguisher", "Amerex B500", "Fire Pump", "Aurora 481"]);
    await user.click(within(listbox).getByRole("option", { name: "Amerex B500" }));
    expect(screen.getByRole("combobox", { name: "Model" }).textContent).toBe("Amerex B500 (Extinguisher)");
    expect(textbox("Equipment Type")).toHaveProperty("value", "Extinguisher");
    expect(textbox("Equipment Type")).toHaveProperty("readOnly", true);
    expect(textbox("Pressure")).toBeTruthy();
    expect(textbox("Colour")).toHaveProperty("value", "Red cylinder");
    expect(textbox("Colour")).toHaveProperty("readOnly", true);
  });

  it("offers the service month category only with the SERVICE_MONTHS feature", async () => {
    await show(`/sites/${SITE}/equipment/new`);
    await screen.findByRole("heading", { name: "New Equipment" });
    expect(screen.queryByRole("combobox", { name: "Service Month Category" })).toBeNull();
    cleanup();
    device?.tab.close();
    await show(`/sites/${SITE}/equipment/new`, ["*.*"], [["organization", { id: ORG, name: "Acme", email: "a@example.com", enabledFeatures: ["SERVICE_MONTHS"] }]]);
    expect(await screen.findByRole("combobox", { name: "Service Month Category" })).toBeTruthy();
  });

  it("shows no form without EQUIPMENT_WRITE", async () => {
    await show(`/sites/${SITE}/equipment/new`, ["EQUIPMENT_READ", "LOCATION_READ"]);
    expect(await screen.findByText("Adding or updating equipment needs the equipment write permission.")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add" })).toBeNull();
  });
});

describe("Edit equipment", () => {
  it("saves a change with a data-change record of before and after", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}/equipment/${LOBBY}`);
    expect(await screen.findByRole("heading", { name: "Equipment Information" })).toBeTruthy();
    await waitFor(() => expect(textbox(/Location/)).toHaveProperty("value", "Lobby"));
    expect(pickerInput(/^Manufactured Date/)).toHaveProperty("value", "2020-05-01");
    expect(await screen.findByRole("textbox", { name: "Pressure" })).toHaveProperty("value", "195");

    await user.clear(textbox("Serial Number"));
    await user.type(textbox("Serial Number"), "AMX-009");
    await user.clear(textbox("Pressure"));
    await user.type(textbox("Pressure"), "180");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Equipment Saved")).toBeTruthy();

    const saved = await device!.engine.get<Equipment>("equipment", LOBBY, SITE);
    expect(saved).toMatchObject({ serialNumber: "AMX-009", barcode: "100001", manufactureDate: "2020-05-01T04:00:00.000Z", fieldData: { [PRESSURE]: "180" } });
    const history = await device!.engine.list<HistoryRecord>("history", SITE);
    const change = history.find((h) => h.type === HistoryType.dataChange);
    expect(change).toMatchObject({
      equipmentId: LOBBY,
      description: "Changed Serial Number, Pressure",
      changes: { before: { serialNumber: "AMX-001", [`fieldData.${PRESSURE}`]: "195" }, after: { serialNumber: "AMX-009", [`fieldData.${PRESSURE}`]: "180" } },
    });
  });

  it("does not count its own barcode as taken, and writes no record when nothing changed", async () => {
    const user = userEvent.setup();
    await show(`/sites/${SITE}/equipment/${LOBBY}`);
    await waitFor(() => expect(textbox("Barcode")).toHaveProperty("value", "100001"));
    expect(screen.queryByText("Equipment already has this barcode")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Equipment Saved")).toBeTruthy();
    const history = await device!.engine.list<HistoryRecord>("history", SITE);
    expect(history.filter((h) => h.type === HistoryType.dataChange)).toEqual([]);
  });

  it("deletes from the form", async () => {
    const user = userEvent.setup();
    const { router } = await show(`/sites/${SITE}/equipment/${LOBBY}`);
    await user.click(await screen.findByRole("button", { name: "Delete Equipment" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete equipment?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Equipment Deleted")).toBeTruthy();
    expect(pathOf(router)).toBe(`/sites/${SITE}`);
    expect(await device!.engine.get("equipment", LOBBY, SITE)).toBeUndefined();
  });

  it("says 'Current equipment failed to load' for an item not on the device", async () => {
    await show(`/sites/${SITE}/equipment/${hex(0xdead)}`);
    expect(await screen.findByText("Current equipment failed to load")).toBeTruthy();
  });

  it("shows details, services and history on desktop, and details only on mobile", async () => {
    await show(`/sites/${SITE}/equipment/${LOBBY}`);
    expect(await screen.findByRole("heading", { name: "Equipment Information" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Services" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "History" })).toBeTruthy();
    cleanup();
    setViewportWidth(375);
    renderRoutes(device!, `/sites/${SITE}/equipment/${LOBBY}`, equipmentRoutes);
    expect(await screen.findByRole("heading", { name: "Equipment Information" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Services" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
  });
});

describe("form rules", () => {
  const item: Equipment = { id: LOBBY, name: "Lobby", locationId: SITE, lastUpdated: "", manufactureDate: "2020-05-01T04:00:00.000Z", modelId: B500, fieldData: { a: "1" } };

  it("reads dates in the site's zone and keeps an unchanged one as stored", () => {
    expect(dateInputOf("2020-05-01T02:00:00.000Z", "America/Toronto")).toBe("2020-04-30");
    expect(dateInputOf("2020-05-01", "America/Toronto")).toBe("2020-05-01");
    const draft = draftOf(item, "America/Toronto");
    expect(recordOf(draft, item, "America/Toronto").manufactureDate).toBe(item.manufactureDate);
    expect(recordOf({ ...draft, manufactureDate: "2020-05-02" }, item, "Europe/Paris").manufactureDate).toBe("2020-05-01T22:00:00.000Z");
  });

  it("counts empty, null and absent as no change", () => {
    expect(changesOf({ ...item, note: null }, { ...item, note: "" }).paths).toEqual([]);
    expect(changesOf(item, { ...item, modelId: EXTINGUISHER, fieldData: { a: "1", b: "2" } })).toEqual({
      before: { modelId: B500, "fieldData.b": null },
      after: { modelId: EXTINGUISHER, "fieldData.b": "2" },
      paths: ["modelId", "fieldData.b"],
    });
  });

  it("compares barcodes trimmed, ignoring the item itself and deleted items", () => {
    const others: Equipment[] = [item, { ...item, id: "x", barcode: " 42 " }, { ...item, id: "y", barcode: "43", deleted: true }];
    expect(barcodeTaken("42", LOBBY, others)).toBe(true);
    expect(barcodeTaken("42", "x", others)).toBe(false);
    expect(barcodeTaken("43", LOBBY, others)).toBe(false);
    expect(barcodeTaken("  ", LOBBY, [{ ...item, id: "z", barcode: "" }])).toBe(false);
  });
});
