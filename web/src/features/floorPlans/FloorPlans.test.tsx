// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Equipment } from "../../domain/records";
import { type Answer, ORG, closeHarnesses, hex, renderScreen } from "../../test/renderScreen";
import type { FloorPlan } from "./floorPlan";
import { formatPoint, parsePoint, pointOnImage } from "./point";
import { floorPlanRoutes } from "./routes";

vi.setConfig({ testTimeout: 30_000 });

beforeAll(() => {
  URL.createObjectURL ??= () => "blob:test";
  URL.revokeObjectURL ??= () => {};
});

afterEach(() => {
  cleanup();
  closeHarnesses();
});

const SITE = hex(1);
const PLAN = { id: hex(0x700), name: "Ground Floor", image: "floor-plans/g.png", locationId: SITE };
const LOBBY = { id: hex(0x10), name: "Lobby", locationId: SITE, floorId: PLAN.id, floorPlanLocation: "120x45" };
const GARAGE = { id: hex(0x11), name: "Garage", locationId: SITE };
const BASE = `/sites/${SITE}/settings/floor-plans`;
const READ = { [`POST /api/organizations/${ORG}/signed-urls`]: "offline" as Answer };

async function open(path: string, permissions?: string[]) {
  return renderScreen({
    path,
    before: [BASE],
    routes: floorPlanRoutes,
    permissions,
    http: READ,
    records: [
      ["locations", { id: SITE, name: "Warehouse", status: "active", timeZone: "America/Toronto" }],
      ["floorPlans", PLAN],
      ["equipment", LOBBY],
      ["equipment", GARAGE],
    ],
  });
}

describe("floor plan point (§3 'x' + 'x' + 'y')", () => {
  it("reads and writes x, the letter x, y", () => {
    expect(formatPoint({ x: 120, y: 45 })).toBe("120x45");
    expect(parsePoint("120x340.5")).toEqual({ x: 120, y: 340.5 });
    expect(parsePoint("")).toBeUndefined();
    expect(parsePoint("120,340")).toBeUndefined();
    expect(parsePoint("x5")).toBeUndefined();
  });

  it("turns a click on a scaled image into the image's own pixels", () => {
    expect(pointOnImage({ x: 150, y: 70 }, { left: 100, top: 20, width: 200, height: 100 }, { width: 1000, height: 500 })).toEqual({ x: 250, y: 250 });
    expect(pointOnImage({ x: 90, y: 500 }, { left: 100, top: 20, width: 200, height: 100 }, { width: 1000, height: 500 })).toEqual({ x: 0, y: 500 });
  });
});

describe("floor plans", () => {
  it("lists the site's plans; Add Floor Plan needs LOCATION_WRITE", async () => {
    await open(BASE, ["LOCATION_READ"]);
    const list = await screen.findByRole("list", { name: "Floor Plans" });
    expect(within(list).getByRole("link", { name: "Ground Floor" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add Floor Plan" })).toBeNull();
    cleanup();
    closeHarnesses();
    await open(BASE);
    expect(await screen.findByRole("link", { name: "Add Floor Plan" })).toBeTruthy();
  });

  it("needs a name; a new plan is saved for the site and opens at its address", async () => {
    const user = userEvent.setup();
    const harness = await open(`${BASE}/new`);
    await screen.findByRole("heading", { name: "Add Floor Plan" });
    const add = screen.getByRole("button", { name: "Add" });
    expect(add).toHaveProperty("disabled", true);
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: /^Name/ }), "  Basement ");
    expect(add).toHaveProperty("disabled", false);
    await user.click(add);
    expect(await screen.findByText("Basement added")).toBeTruthy();
    await waitFor(() => expect(harness.router.state.location.pathname).toMatch(new RegExp(`^${BASE}/[0-9a-f]{32}$`)));
    const id = harness.router.state.location.pathname.split("/").at(-1) ?? "";
    expect(await harness.tab.engine.get<FloorPlan>("floorPlans", id, SITE)).toMatchObject({ name: "Basement", locationId: SITE, image: null });
    expect(await screen.findByText("Upload the plan's image to place equipment on it.")).toBeTruthy();
  });

  it("places an item by typing its position, and takes it off again", async () => {
    const user = userEvent.setup();
    const harness = await open(`${BASE}/${PLAN.id}`);
    await screen.findByRole("heading", { name: "Ground Floor" });
    expect(within(screen.getByRole("list", { name: "On this plan" })).getByText("Lobby")).toBeTruthy();
    // The select has no empty option: it picks its first item (by name).
    const chooser = screen.getByRole("combobox", { name: "Equipment to place" });
    await waitFor(() => expect(chooser.textContent).toBe("Garage"));
    const x = screen.getByRole("textbox", { name: "X (px)" });
    await user.type(x, "3a0");
    expect(x).toHaveProperty("value", "30");
    await user.type(screen.getByRole("textbox", { name: "Y (px)" }), "77.5");
    await user.click(screen.getByRole("button", { name: "Place" }));
    expect(await screen.findByText("Placed Garage on Ground Floor")).toBeTruthy();
    await waitFor(async () =>
      expect(await harness.tab.engine.get<Equipment>("equipment", GARAGE.id, SITE)).toMatchObject({ floorId: PLAN.id, floorPlanLocation: "30x77.5" }),
    );
    await user.click(await screen.findByRole("button", { name: "Remove from plan" }));
    await waitFor(async () => expect(await harness.tab.engine.get<Equipment>("equipment", GARAGE.id, SITE)).toMatchObject({ floorId: null, floorPlanLocation: null }));
  });

  it("places an item with LOCATION_WRITE alone, and deleting a plan takes its items off it", async () => {
    const user = userEvent.setup();
    const harness = await open(`${BASE}/${PLAN.id}`, ["LOCATION_READ", "LOCATION_WRITE"]);
    await screen.findByRole("heading", { name: "Ground Floor" });
    const chooser = screen.getByRole("combobox", { name: "Equipment to place" });
    await waitFor(() => expect(chooser.textContent).toBe("Garage"));
    await user.type(screen.getByRole("textbox", { name: "X (px)" }), "5");
    await user.type(screen.getByRole("textbox", { name: "Y (px)" }), "6");
    await user.click(screen.getByRole("button", { name: "Place" }));
    expect(await screen.findByText("Placed Garage on Ground Floor")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete Floor Plan" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete floor plan?" })).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(harness.router.state.location.pathname).toBe(BASE));
    for (const item of [LOBBY, GARAGE]) expect(await harness.tab.engine.get<Equipment>("equipment", item.id, SITE)).toMatchObject({ floorId: null, floorPlanLocation: null });
  });

  it("is view-only without LOCATION_WRITE", async () => {
    await open(`${BASE}/${PLAN.id}`, ["LOCATION_READ", "EQUIPMENT_WRITE"]);
    await screen.findByRole("heading", { name: "Ground Floor" });
    expect(screen.getByText("Changing floor plans needs the Edit Location permission.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /^Name/ })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("combobox", { name: "Equipment to place" })).toBeNull();
  });

  it("deletes a plan with 'Deleted …' and takes its items off it", async () => {
    const user = userEvent.setup();
    const harness = await open(`${BASE}/${PLAN.id}`);
    await user.click(await screen.findByRole("button", { name: "Delete Floor Plan" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete floor plan?" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Deleted Ground Floor")).toBeTruthy();
    await waitFor(() => expect(harness.router.state.location.pathname).toBe(BASE));
    expect(await harness.tab.engine.get<Equipment>("equipment", LOBBY.id, SITE)).toMatchObject({ floorId: null, floorPlanLocation: null });
  });

  it("asks before leaving a renamed plan", async () => {
    const user = userEvent.setup();
    const harness = await open(`${BASE}/${PLAN.id}`);
    await user.type(await screen.findByRole("textbox", { name: /^Name/ }), " West");
    await user.click(screen.getByRole("link", { name: "Floor Plans" }));
    expect(await screen.findByRole("dialog", { name: "Leave page?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(harness.router.state.location.pathname).toBe(BASE));
  });
});

describe("read-only floor plan of an item", () => {
  it("names the item and its plan", async () => {
    await open(`/sites/${SITE}/equipment/${LOBBY.id}/ReadOnlyFloorPlan`, ["LOCATION_READ", "EQUIPMENT_READ"]);
    expect(await screen.findByRole("heading", { name: "Lobby on Ground Floor" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" })).toBeTruthy();
  });

  it("says when the item is not on a plan", async () => {
    await open(`/sites/${SITE}/equipment/${GARAGE.id}/ReadOnlyFloorPlan`);
    expect(await screen.findByText("This item is not placed on a floor plan.")).toBeTruthy();
  });
});
