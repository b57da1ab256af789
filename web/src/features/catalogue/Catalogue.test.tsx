// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Harness, type HarnessOptions, ORG, PHONE, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import type { QuestionRecord } from "./questions";
import { type ServiceTypeRecord, conditionErrors, emptyCondition, serviceTypeDraftOf, serviceTypeErrors } from "./records";
import { catalogueRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const TYPE = { id: hex(1), name: "Extinguisher" };
const MONTHLY = { id: hex(2), name: "Monthly Check", equipmentTypeId: TYPE.id, dueWhen: "all", frequencyType: 6, frequency: 1, conditions: [] };
const PRESSURE = { id: hex(3), name: "Pressure", equipmentTypeId: TYPE.id };
const CATEGORY = { id: hex(4), name: "Spring" };
const ORG_RECORD = (features: string[], showBilling = false) => ({ id: ORG, name: "Acme", enabledFeatures: features, showBilling });

async function open(path: string, options: Partial<HarnessOptions> = {}): Promise<Harness> {
  return renderScreen({ path, routes: catalogueRoutes, records: [["equipmentTypes", TYPE]], ...options });
}

const textbox = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const required = () => screen.queryAllByRole("img", { name: "Required" });

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: new RegExp(`^${label}`) }));
  await user.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: option }));
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
}

async function options(user: UserEvent, label: string): Promise<string[]> {
  await user.click(screen.getByRole("combobox", { name: new RegExp(`^${label}`) }));
  const names = within(await screen.findByRole("listbox")).getAllByRole("option").map((o) => o.textContent ?? "");
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
  return names;
}

describe("equipment types", () => {
  it("needs a name, then adds the type and opens it", async () => {
    const user = userEvent.setup();
    const h = await open("/equipment-types/new", { width: PHONE });
    await screen.findByRole("heading", { name: "Add Equipment Type" });
    expect(button("Add").disabled).toBe(true);
    // The empty Name shows its Required icon once touched, not on arrival.
    expect(required()).toHaveLength(0);
    await user.click(textbox("Name"));
    await user.tab();
    expect(required()).toHaveLength(1);
    expect(screen.queryByRole("combobox", { name: /Service Month Category/ })).toBeNull();
    await user.type(textbox("Name"), "Alarm");
    expect(button("Add").disabled).toBe(false);
    await user.click(button("Add"));
    expect(await screen.findByText("Alarm added")).toBeTruthy();
    await screen.findByRole("heading", { name: "Equipment Type Information" });
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    expect(await h.stored("equipmentTypes", id)).toMatchObject({ name: "Alarm", orgId: ORG, serviceMonthCategoryId: null });
    expect(screen.getByRole("link", { name: "Add Service Type" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add Model" })).toBeTruthy();
  });

  it("offers the service month category under SERVICE_MONTHS", async () => {
    const user = userEvent.setup();
    const h = await open(`/equipment-types/${TYPE.id}`, {
      records: [["equipmentTypes", TYPE], ["organization", ORG_RECORD(["SERVICE_MONTHS"])], ["serviceMonthCategories", CATEGORY]],
    });
    await screen.findByRole("heading", { name: "Equipment Type Information" });
    expect(await options(user, "Service Month Category")).toEqual(["None", "Spring"]);
    await choose(user, "Service Month Category", "Spring");
    await user.click(button("Save"));
    expect(await screen.findByText("Extinguisher saved")).toBeTruthy();
    expect(await h.stored("equipmentTypes", TYPE.id)).toMatchObject({ serviceMonthCategoryId: CATEGORY.id });
  });

  it("asks before leaving with unsaved edits", async () => {
    const user = userEvent.setup();
    await open(`/equipment-types/${TYPE.id}`, { before: ["/equipment-types"] });
    await screen.findByRole("heading", { name: "Equipment Type Information" });
    await user.type(textbox("Name"), " Pro");
    await user.click(screen.getByRole("link", { name: "Equipment Types" }));
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(textbox("Name").value).toBe("Extinguisher Pro");
  });

  it("deletes with a confirmation and says 'Deleted …'", async () => {
    const user = userEvent.setup();
    const h = await open(`/equipment-types/${TYPE.id}`);
    await screen.findByRole("heading", { name: "Equipment Type Information" });
    await user.click(button("Delete"));
    const dialog = await screen.findByRole("dialog", { name: "Delete Extinguisher?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Deleted Extinguisher")).toBeTruthy();
    await waitFor(() => expect(h.router.state.location.pathname).toBe("/equipment-types"));
    expect(await h.stored("equipmentTypes", TYPE.id)).toBeUndefined();
  });

  it("is read-only without SETTINGS_WRITE, and adding is refused", async () => {
    await open(`/equipment-types/${TYPE.id}`, { permissions: ["settings.read"], records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY]] });
    await screen.findByRole("heading", { name: "Equipment Type Information" });
    expect(screen.getByText(/Changing them needs the settings write permission/)).toBeTruthy();
    expect(textbox("Name").disabled).toBe(true);
    expect(button("Save").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Add Service Type" })).toBeNull();
    expect(await screen.findByRole("link", { name: "Monthly Check" })).toBeTruthy();
    cleanup();
    closeHarnesses();
    await open(`/equipment-types/${TYPE.id}/service-types/new`, { permissions: ["settings.read"] });
    expect(await screen.findByText("Adding needs the settings write permission.")).toBeTruthy();
  });

  it("is not shown without SETTINGS_READ", async () => {
    await open("/equipment-types", { permissions: ["location.read"] });
    expect(await screen.findByText("Viewing these settings needs the settings read permission.")).toBeTruthy();
  });
});

describe("models", () => {
  it("needs the model number; SKU under BILLING with showBilling; model field values", async () => {
    const user = userEvent.setup();
    const field = { id: hex(9), name: "Capacity" };
    const h = await open(`/equipment-types/${TYPE.id}/models/new`, {
      records: [["equipmentTypes", TYPE], ["organization", ORG_RECORD(["BILLING"], true)], ["modelFields", field]],
    });
    await screen.findByRole("heading", { name: "Add Model" });
    expect(button("Add").disabled).toBe(true);
    await user.type(textbox("Model Number"), "B500");
    await user.type(textbox("SKU"), "EXT-B500");
    await user.type(textbox("Capacity"), "5 lb");
    await user.click(button("Add"));
    expect(await screen.findByText("B500 added")).toBeTruthy();
    await screen.findByRole("heading", { name: "Model Information" });
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    expect(await h.stored("models", id)).toMatchObject({ name: "B500", sku: "EXT-B500", equipmentTypeId: TYPE.id, fieldData: { [field.id]: "5 lb" } });
  });

  it("hides the SKU without billing shown", async () => {
    await open(`/equipment-types/${TYPE.id}/models/new`, { records: [["equipmentTypes", TYPE], ["organization", ORG_RECORD(["BILLING"], false)]] });
    await screen.findByRole("heading", { name: "Add Model" });
    expect(screen.queryByRole("textbox", { name: "SKU" })).toBeNull();
  });
});

describe("service types", () => {
  it("rules: name and Due When required; frequency when scheduled without conditions; advanced amount when keeping a distance", () => {
    const draft = serviceTypeDraftOf(undefined);
    expect(draft.frequencyType).toBe("6");
    expect(serviceTypeErrors(draft)).toEqual({ name: "required", dueWhen: "required", frequency: "required" });
    const named = { ...draft, name: "Annual", dueWhen: "any", frequency: 1 };
    expect(serviceTypeErrors(named)).toEqual({});
    expect(serviceTypeErrors({ ...named, frequency: 1.5 })).toEqual({ frequency: "recordWholeNumber" });
    expect(serviceTypeErrors({ ...named, frequency: undefined, unscheduled: true })).toEqual({});
    expect(serviceTypeErrors({ ...named, advancedAction: "2" })).toEqual({ advancedServiceToChangeTypeId: "required" });
    expect(serviceTypeErrors({ ...named, advancedAction: "3", advancedServiceToChangeTypeId: hex(2) })).toEqual({ advancedAmount: "required" });
    expect(serviceTypeErrors({ ...named, advancedAction: "3", advancedServiceToChangeTypeId: hex(2), advancedAmount: 2 })).toEqual({});
  });

  it("rules: a time condition needs type and frequency; a metered one field, method and amount; none without custom fields", () => {
    expect(conditionErrors(emptyCondition(true), 1)).toEqual({ timeFrequency: "required" });
    expect(conditionErrors({ ...emptyCondition(true), timeFrequencyType: "" }, 1)).toEqual({ timeFrequencyType: "required", timeFrequency: "required" });
    expect(conditionErrors(emptyCondition(false), 1)).toEqual({ meteredFieldId: "required", meteredMethod: "required", meteredAmount: "required" });
    expect(conditionErrors(emptyCondition(false), 0)).toMatchObject({ meteredFieldId: "catalogueNoCustomEquipmentFields" });
  });

  it("adds a service type: Due When required, month by default, then a time and a metered condition", async () => {
    const user = userEvent.setup();
    const h = await open(`/equipment-types/${TYPE.id}/service-types/new`, { records: [["equipmentTypes", TYPE], ["equipmentFields", PRESSURE]] });
    await screen.findByRole("heading", { name: "Add Service Type" });
    expect(screen.getByRole("combobox", { name: /^Frequency Type/ }).textContent).toBe("Month");
    await user.type(textbox("Name"), "Annual");
    await user.type(textbox("Frequency"), "1");
    expect(button("Add").disabled).toBe(true);
    expect(screen.getByRole("combobox", { name: /^Due When/ }).getAttribute("aria-invalid")).toBe("false");
    await choose(user, "Due When", "All");
    expect(button("Add").disabled).toBe(false);

    await user.click(button("Add Condition"));
    let dialog = await screen.findByRole("dialog", { name: "Add Condition" });
    expect(await options(user, "Condition Type")).toEqual(["Time", "Metered"]);
    expect(within(dialog).getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    await choose(user, "Frequency Type", "Year");
    await user.type(within(dialog).getByRole("textbox", { name: /^Frequency/ }), "x1");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Every 1 Year")).toBeTruthy();

    await user.click(button("Add Condition"));
    dialog = await screen.findByRole("dialog", { name: "Add Condition" });
    // At most one time condition: the time option is gone.
    expect(await options(user, "Condition Type")).toEqual(["Metered"]);
    expect(screen.getByRole("combobox", { name: /^Equipment Field/ }).textContent).toBe("Pressure");
    await choose(user, "Method", "Greater Than");
    expect(within(dialog).getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    await user.type(within(dialog).getByRole("textbox", { name: /^Amount/ }), "100");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Pressure Greater Than 100")).toBeTruthy();

    await user.click(button("Add"));
    expect(await screen.findByText("Annual added")).toBeTruthy();
    await screen.findByRole("heading", { name: "Service Type Information" });
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    const saved = await h.stored<ServiceTypeRecord>("serviceTypes", id);
    expect(saved).toMatchObject({ name: "Annual", dueWhen: "all", frequencyType: 6, frequency: 1, equipmentTypeId: TYPE.id, advancedAction: 0 });
    expect(saved?.conditions).toEqual([
      expect.objectContaining({ type: "time", timeFrequencyType: 7, timeFrequency: 1, serviceTypeId: id, orgId: ORG }),
      expect.objectContaining({ type: "metered", meteredFieldId: PRESSURE.id, meteredMethod: "greaterThan", meteredAmount: 100, serviceTypeId: id }),
    ]);
    expect(screen.getByRole("link", { name: "Add Question" })).toBeTruthy();
  });

  it("says 'No Custom Equipment Fields' for a metered condition when the type has none", async () => {
    const user = userEvent.setup();
    await open(`/equipment-types/${TYPE.id}/service-types/${MONTHLY.id}`, { records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY]] });
    await screen.findByRole("heading", { name: "Service Type Information" });
    await user.click(button("Add Condition"));
    const dialog = await screen.findByRole("dialog", { name: "Add Condition" });
    await choose(user, "Condition Type", "Metered");
    expect(within(dialog).getByText("No Custom Equipment Fields")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
  });

  it("requires the advanced amount when the action keeps a distance", async () => {
    const user = userEvent.setup();
    const other = { ...MONTHLY, id: hex(5), name: "Annual" };
    const h = await open(`/equipment-types/${TYPE.id}/service-types/${MONTHLY.id}`, { records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY], ["serviceTypes", other]] });
    await screen.findByRole("heading", { name: "Service Type Information" });
    await choose(user, "Advanced Action", "Keep X Time Away");
    expect(button("Save").disabled).toBe(true);
    await choose(user, "Service To Change", "Annual");
    expect(button("Save").disabled).toBe(true);
    await user.type(textbox("Advanced Amount"), "2");
    expect(button("Save").disabled).toBe(false);
    await user.click(button("Save"));
    expect(await screen.findByText("Monthly Check saved")).toBeTruthy();
    expect(await h.stored("serviceTypes", MONTHLY.id)).toMatchObject({ advancedAction: 3, advancedServiceToChangeTypeId: other.id, advancedAmount: 2 });
  });

  it("explains conditions, the service's switches and the advanced actions in tooltip dialogs", async () => {
    const user = userEvent.setup();
    await open(`/equipment-types/${TYPE.id}/service-types/${MONTHLY.id}`, { records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY]] });
    await screen.findByRole("heading", { name: "Service Type Information" });
    for (const [topic, says] of [
      ["Conditions", /Due When says how conditions combine/],
      ["Unscheduled, Inspection, Update On Scan", /scanning the item's barcode performs it/],
      ["Advanced", /Keep X Time Away: /],
    ] as const) {
      await user.click(button(`Help: ${topic}`));
      const dialog = await screen.findByRole("dialog", { name: topic });
      expect(within(dialog).getByText(says)).toBeTruthy();
      expect(dialog.querySelector("video")).toBeNull();
      await user.click(within(dialog).getByRole("button", { name: "Close" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    }
  });

  it("shows SKU under billing and the disabled site types under SITE_TYPES", async () => {
    const user = userEvent.setup();
    const warehouse = { id: hex(6), name: "Warehouse" };
    const h = await open(`/equipment-types/${TYPE.id}/service-types/${MONTHLY.id}`, {
      records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY], ["organization", ORG_RECORD(["BILLING", "SITE_TYPES"], true)], ["siteTypes", warehouse]],
    });
    await screen.findByRole("heading", { name: "Service Type Information" });
    await user.type(textbox("SKU"), "CHK");
    await user.click(screen.getByRole("checkbox", { name: "Warehouse" }));
    await user.click(screen.getByRole("switch", { name: "Inspection" }));
    await user.click(button("Save"));
    expect(await screen.findByText("Monthly Check saved")).toBeTruthy();
    expect(await h.stored("serviceTypes", MONTHLY.id)).toMatchObject({ sku: "CHK", disabledSiteTypes: { [warehouse.id]: true }, inspection: true });
  });
});

describe("questions", () => {
  const base = `/equipment-types/${TYPE.id}/service-types/${MONTHLY.id}/questions`;

  it("needs the question and each option's description", async () => {
    const user = userEvent.setup();
    const h = await open(`${base}/new`, { records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY], ["equipmentFields", PRESSURE]] });
    await screen.findByRole("heading", { name: "Add Question" });
    expect(button("Add").disabled).toBe(true);
    await user.type(textbox("Question"), "Pin in place?");
    expect(button("Add").disabled).toBe(false);
    await user.click(button("Add Option"));
    expect(button("Add").disabled).toBe(true);
    const first = screen.getByRole("group", { name: "Option 1" });
    await user.type(within(first).getByRole("textbox", { name: /^Description/ }), "No");
    await user.type(within(first).getByRole("textbox", { name: /^Deficiency To Add/ }), "Pin missing");
    await user.click(button("Add Option"));
    await user.type(within(screen.getByRole("group", { name: "Option 2" })).getByRole("textbox", { name: /^Description/ }), "Yes");
    await user.click(screen.getByRole("switch", { name: "Allow Comments" }));
    await choose(user, "Field To Set", "Pressure");
    await user.click(button("Add"));
    expect(await screen.findByText("Pin in place? added")).toBeTruthy();
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    const saved = await h.stored<QuestionRecord>("questions", id);
    expect(saved).toMatchObject({ question: "Pin in place?", serviceTypeId: MONTHLY.id, allowComments: true, fieldToSet: PRESSURE.id });
    expect(saved?.options).toEqual([
      expect.objectContaining({ description: "No", deficiencyToAdd: "Pin missing", questionId: id, orgId: ORG, deleted: false }),
      expect.objectContaining({ description: "Yes", deficiencyToAdd: null, questionId: id }),
    ]);
  });

  it("keeps a removed stored option as deleted", async () => {
    const user = userEvent.setup();
    const question = { id: hex(7), question: "Gauge?", serviceTypeId: MONTHLY.id, options: [{ id: hex(8), description: "Red", deficiencyToAdd: true, questionId: hex(7), orgId: ORG }] };
    const h = await open(`${base}/${question.id}`, { records: [["equipmentTypes", TYPE], ["serviceTypes", MONTHLY], ["questions", question]] });
    await screen.findByRole("heading", { name: "Question Information" });
    await user.click(button("Remove Option 1"));
    await user.click(button("Save"));
    expect(await screen.findByText("Gauge? saved")).toBeTruthy();
    expect((await h.stored<QuestionRecord>("questions", question.id))?.options).toEqual([expect.objectContaining({ id: hex(8), deleted: true, deficiencyToAdd: true })]);
  });
});
