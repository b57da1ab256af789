// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestTab } from "../../../offline/sync/testing";
import { useUpdateOnScan } from "../services/useUpdateOnScan";
import { scanningRoutes } from "./routes";
import { HERE, currentLocation, device, hex, item, renderScreen, signIn, site } from "./testing";

vi.mock("../services/useUpdateOnScan", () => ({ useUpdateOnScan: vi.fn() }));

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
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label") ?? b.textContent)).toEqual(["Back"]);
    expect(useUpdateOnScan).not.toHaveBeenCalled();
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
