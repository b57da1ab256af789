// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setViewportWidth } from "../../../test/render";
import { type Device, SITE, type Seed, catalogueSeeds, openDevice, renderRoutes } from "../../../test/equipment/device";
import { equipmentRoutes } from "../routes";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

let device: Device | null = null;

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  device?.tab.close();
  device = null;
  localStorage.clear();
});

async function show(seeds: Seed[], permissions: string[] = ["*.*"]) {
  device = await openDevice(seeds, permissions);
  renderRoutes(device, `/sites/${SITE}/equipment/new`, equipmentRoutes);
  await screen.findByRole("heading", { name: "New Equipment" });
}

const NEVER_DUE = "Equipment without a model of an equipment type can never come due.";

describe("New Equipment's model", () => {
  it("says beside the Model field that an item without a typed model never comes due, until one is chosen", async () => {
    const user = userEvent.setup();
    await show(catalogueSeeds());
    const model = await screen.findByRole("combobox", { name: "Model" });
    expect(model.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(model.getAttribute("aria-describedby") ?? "")?.textContent).toBe(NEVER_DUE);
    await user.click(model);
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Amerex B500" }));
    await waitFor(() => expect(screen.queryByText(NEVER_DUE)).toBeNull());
    expect(screen.getByRole("combobox", { name: "Model" }).textContent).toContain("Amerex B500");
  });

  it("with no models at all, says how to add them and links to the catalogue instead of an empty list", async () => {
    const seeds = catalogueSeeds().filter(([kind]) => kind !== "models");
    await show(seeds);
    expect(await screen.findByText(/No models yet\. Models are added under an equipment type in/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Equipment Types" }).getAttribute("href")).toBe("/equipment-types");
    expect(screen.getByText(NEVER_DUE)).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Model" })).toBeNull();
  });

  it("leaves out the catalogue link for a member who cannot view the settings", async () => {
    const seeds = catalogueSeeds().filter(([kind]) => kind !== "models");
    await show(seeds, ["WEB_LOGIN", "LOCATION_READ", "EQUIPMENT_READ", "EQUIPMENT_WRITE", "SERVICE_READ"]);
    expect(await screen.findByText(/No models yet/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Equipment Types" })).toBeNull();
  });
});
