// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORG, PHONE, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import { overrideRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  closeHarnesses();
});

const SITE = { id: hex(9), name: "Warehouse", status: "active", timeZone: "America/Toronto" };
const TYPE = { id: hex(1), name: "Extinguisher" };
const ANNUAL = { id: hex(2), name: "Annual", equipmentTypeId: TYPE.id, dueWhen: "all", frequencyType: 7, frequency: 1 };
const LIST = `/sites/${SITE.id}/settings/location-overrides`;
const records = (features = ["LOCATION_OVERRIDES"]): [never, Record<string, unknown>][] =>
  [["organization", { id: ORG, enabledFeatures: features }], ["locations", SITE], ["equipmentTypes", TYPE], ["serviceTypes", ANNUAL]] as never;

describe("location overrides", () => {
  it("need the feature and LOCATION_READ", async () => {
    await renderScreen({ path: LIST, routes: overrideRoutes, records: records([]) });
    expect(await screen.findByText("This feature is not enabled for your organisation.")).toBeTruthy();
    cleanup();
    closeHarnesses();
    await renderScreen({ path: LIST, routes: overrideRoutes, records: records(), permissions: ["settings.read"] });
    expect(await screen.findByText("Viewing location overrides needs permission to view sites.")).toBeTruthy();
  });

  it("replace a service type's frequency at the site, then clear it", async () => {
    const user = userEvent.setup();
    const h = await renderScreen({ path: `${LIST}/new`, routes: overrideRoutes, records: records(), width: PHONE });
    await screen.findByRole("heading", { name: "Add Location Override" });
    await waitFor(() => expect(screen.getByRole("combobox", { name: /^Equipment Type/ }).textContent).toBe("Extinguisher"));
    await user.click(screen.getByRole("combobox", { name: /^Service Type/ }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Annual" }));
    expect(screen.getByText("Disable the service here or give it a frequency.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add" })).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: /^Override Frequency/ }), "2");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Annual added")).toBeTruthy();
    const id = `${SITE.id}-${ANNUAL.id}`;
    await waitFor(() => expect(h.router.state.location.pathname).toBe(`${LIST}/${id}`));
    expect(await h.tab.engine.get("locationOverrides", id, SITE.id)).toMatchObject({ locationId: SITE.id, serviceTypeId: ANNUAL.id, equipmentTypeId: TYPE.id, overrideFrequency: 2, disabledForLocation: false });

    await screen.findByRole("heading", { name: "Location Override" });
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(screen.getAllByRole("button", { name: "Delete" }).at(-1) as HTMLElement);
    expect(await screen.findByText("Deleted Annual")).toBeTruthy();
    await waitFor(() => expect(h.router.state.location.pathname).toBe(LIST));
    expect(await screen.findByText("No location overrides yet.")).toBeTruthy();
    expect(await h.tab.engine.get("locationOverrides", id, SITE.id)).toMatchObject({ overrideFrequency: null, disabledForLocation: false });
  });

  it("are read-only without LOCATION_WRITE", async () => {
    const override = { id: `${SITE.id}-${ANNUAL.id}`, locationId: SITE.id, serviceTypeId: ANNUAL.id, equipmentTypeId: TYPE.id, disabledForLocation: true };
    await renderScreen({ path: `${LIST}/${override.id}`, routes: overrideRoutes, records: [...records(), ["locationOverrides", override]] as never, permissions: ["location.read"] });
    await screen.findByRole("heading", { name: "Location Override" });
    expect(screen.getByText("Changing location overrides needs permission to change sites.")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Disabled For Location" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
  });
});
