// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EquipmentType, Model, ServiceType } from "../../domain/records";
import { ORG, PHONE, closeHarnesses, renderScreen } from "../../test/renderScreen";
import { catalogueRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  closeHarnesses();
});

describe("starter catalogues on the Equipment Types page", () => {
  it("adds the extinguisher catalogue in one click as ordinary records, then shows it added", async () => {
    const user = userEvent.setup();
    const h = await renderScreen({ path: "/equipment-types", routes: catalogueRoutes, width: PHONE });
    await user.click(await screen.findByRole("button", { name: "Add Portable Fire Extinguishers" }));
    // Some sixty records, one store transaction each: slow on a loaded machine.
    expect(await screen.findByText("Portable Fire Extinguishers added", undefined, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText("Portable Fire Extinguishers: added")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add Portable Fire Extinguishers" })).toBeNull();
    const link = await screen.findByRole("link", { name: "Extinguisher - Dry Chemical (Stored Pressure)" });

    const types = await h.tab.engine.list<EquipmentType>("equipmentTypes");
    const dry = types.find((type) => type.name === "Extinguisher - Dry Chemical (Stored Pressure)")!;
    expect(link.getAttribute("href")).toBe(`/equipment-types/${dry.id}`);
    expect(dry).toMatchObject({ orgId: ORG });
    const models = await h.tab.engine.list<Model>("models");
    expect(models.filter((m) => m.equipmentTypeId === dry.id).map((m) => m.name).sort()).toEqual(["10 lb ABC", "20 lb ABC", "5 lb ABC"]);
    const services = await h.tab.engine.list<ServiceType>("serviceTypes");
    expect(services.filter((s) => s.equipmentTypeId === dry.id).map((s) => s.name)).toEqual([
      "Monthly Inspection",
      "Annual Maintenance",
      "6-Year Maintenance",
      "12-Year Hydrostatic Test",
    ]);
    // Uploaded like any catalogue record: the server holds them.
    await h.tab.engine.syncNow();
    await waitFor(() => expect(h.world.server.stored("equipmentTypes", dry.id)).toMatchObject({ name: dry.name }));
  });

  it("is not offered to a member who may only view settings", async () => {
    await renderScreen({ path: "/equipment-types", routes: catalogueRoutes, permissions: ["WEB_LOGIN", "SETTINGS_READ"] });
    await screen.findByRole("heading", { name: "Equipment Types" });
    expect(screen.queryByRole("button", { name: /^Add Portable/ })).toBeNull();
  });
});
