// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORG, PHONE, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { customFieldRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  closeHarnesses();
});

const TYPE = { id: hex(1), name: "Extinguisher" };
const open = (path: string, permissions?: string[]) =>
  renderScreen({ path, routes: customFieldRoutes, permissions, width: PHONE, records: [["equipmentTypes", TYPE], ["locationFields", { id: hex(2), name: "Gate code" }]] });
const addButton = () => screen.getByRole("button", { name: "Add" }) as HTMLButtonElement;

describe("custom fields", () => {
  it("lists site, model and equipment fields in three columns", async () => {
    await open("/custom-fields");
    for (const title of ["Site Fields", "Model Fields", "Equipment Fields"]) expect(await screen.findByRole("region", { name: title })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Gate code" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add Equipment Field" })).toBeTruthy();
  });

  it("a model field needs a name and is included in reports by default", async () => {
    const user = userEvent.setup();
    const h = await open("/custom-fields/model/new");
    await screen.findByRole("heading", { name: "Add Model Field" });
    expect(addButton().disabled).toBe(true);
    expect(screen.getByRole("switch", { name: "Include In Reports" })).toHaveProperty("checked", true);
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Capacity");
    await user.click(addButton());
    expect(await screen.findByText("Capacity added")).toBeTruthy();
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    expect(await h.stored("modelFields", id)).toMatchObject({ name: "Capacity", includeInReports: true, orgId: ORG });
  });

  it("an equipment field belongs to the first type unless another is chosen", async () => {
    const user = userEvent.setup();
    const h = await open("/custom-fields/equipment/new");
    await screen.findByRole("heading", { name: "Add Equipment Field" });
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Equipment Type/ }).textContent).toBe("Extinguisher"));
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Pressure");
    await user.click(addButton());
    expect(await screen.findByText("Pressure added")).toBeTruthy();
    const id = h.router.state.location.pathname.split("/").pop() ?? "";
    expect(await h.stored("equipmentFields", id)).toMatchObject({ name: "Pressure", equipmentTypeId: TYPE.id });
  });

  it("a site field needs a name; deleting says 'Deleted …'; read-only without SETTINGS_WRITE", async () => {
    const user = userEvent.setup();
    const h = await open(`/custom-fields/location/${hex(2)}`);
    await screen.findByRole("heading", { name: "Site Field Information" });
    await user.clear(screen.getByRole("textbox", { name: /^Name/ }));
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "Gate code");
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(screen.getAllByRole("button", { name: "Delete" }).at(-1) as HTMLElement);
    expect(await screen.findByText("Deleted Gate code")).toBeTruthy();
    expect(await h.stored("locationFields", hex(2))).toBeUndefined();
    cleanup();
    closeHarnesses();
    await open(`/custom-fields/location/${hex(2)}`, ["settings.read"]);
    await screen.findByRole("heading", { name: "Site Field Information" });
    expect(screen.getByRole("textbox", { name: /^Name/ })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
