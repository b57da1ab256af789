// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SyncEngine } from "../../../offline/sync/engine";
import type { TestTab } from "../../../test/fakeSync";
import { ScanBarcodeButton } from "./ScanBarcodeButton";
import { HERE, THERE, currentLocation, device, hex, item, renderScreen, signIn, site } from "../../../test/equipment/scanning";

let tab: TestTab | null = null;

async function scanAtHere(code: string, options: { failAcrossSites?: boolean } = {}) {
  tab = await device({
    locations: [site(HERE, "Main Plant"), site(THERE, "North Warehouse")],
    equipment: [item(hex(1), HERE, "Lobby", "FT-100"), item(hex(2), THERE, "Dock", "FT-200"), item(hex(3), HERE, "Old", "FT-300", { deleted: true })],
  });
  const { engine } = tab;
  // An engine whose read of every site's equipment fails, as a broken store would.
  const failing: SyncEngine = { ...engine, list: (kind, locationId) => (locationId === undefined ? Promise.reject(new Error("broken store")) : engine.list(kind, locationId)) };
  renderScreen(tab, { ui: <ScanBarcodeButton locationId={HERE} />, engine: options.failAcrossSites ? failing : engine });
  await userEvent.click(screen.getByRole("button", { name: "Scan Barcode" }));
  await userEvent.type(await screen.findByRole("textbox", { name: "Barcode" }), `${code}{Enter}`);
}

describe("Scan Barcode and the scan flow", { timeout: 20_000 }, () => {
  beforeEach(() => signIn());
  afterEach(() => {
    cleanup();
    tab?.close();
    tab = null;
    localStorage.clear();
  });

  it("opens the tag of the item at this site", async () => {
    await scanAtHere("FT-100");
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}/equipment-tag/${hex(1)}`));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens an item of another site there, saying where it was found", async () => {
    await scanAtHere("FT-200");
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${THERE}/equipment-tag/${hex(2)}`));
    expect(await screen.findByText("Found the equipment at North Warehouse. Switching locations.")).toBeTruthy();
  });

  it("opens the new-equipment form with the barcode when no item has it (a deleted one does not count)", async () => {
    await scanAtHere("FT-300");
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}/equipment/new?barcode=FT-300`));
  });

  it("opens the new-equipment form when the lookup across sites fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await scanAtHere("FT-200", { failAcrossSites: true });
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}/equipment/new?barcode=FT-200`));
    vi.restoreAllMocks();
  });
});
