// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { HistoryType, type HistoryRecord } from "../../../domain/history";
import type { Equipment } from "../../../domain/records";
import type { TestTab } from "../../../test/fakeSync";
import { ReplaceBarcodeDialog } from "./ReplaceBarcodeDialog";
import { HERE, THERE, USER, device, hex, item, renderScreen, signIn, site } from "../../../test/equipment/scanning";

let tab: TestTab | null = null;
const lobby = item(hex(1), HERE, "Lobby", "OLD-1");

async function open(permissions?: string[]) {
  signIn(permissions);
  tab = await device({
    locations: [site(HERE, "Main Plant"), site(THERE, "North Warehouse")],
    equipment: [lobby, item(hex(2), THERE, "Dock", "TAKEN-2"), item(hex(3), HERE, "Gone", "FREE-3", { deleted: true })],
  });
  renderScreen(tab, { ui: <ReplaceBarcodeDialog open equipment={lobby} site={site(HERE, "Main Plant")} onClose={() => {}} /> });
}

async function typeBarcode(code: string) {
  await userEvent.type(await screen.findByRole("textbox", { name: "Barcode" }), `${code}{Enter}`);
}

describe("Replace Barcode", { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    tab?.close();
    tab = null;
    localStorage.clear();
  });

  it("refuses a barcode another item of the organisation has, at any site", async () => {
    await open();
    await typeBarcode("TAKEN-2");
    expect(await screen.findByText("Equipment already has this barcode")).toBeTruthy();
    expect((await tab!.engine.get<Equipment>("equipment", hex(1), HERE))?.barcode).toBe("OLD-1");
    expect(await tab!.engine.list<HistoryRecord>("history", HERE)).toEqual([]);
  });

  it("saves a free barcode (a deleted item's counts as free) with a data-change record, and says 'Updated barcode'", async () => {
    await open();
    await typeBarcode("FREE-3");
    expect(await screen.findByText("Updated barcode")).toBeTruthy();
    expect((await tab!.engine.get<Equipment>("equipment", hex(1), HERE))?.barcode).toBe("FREE-3");
    const [record] = await tab!.engine.list<HistoryRecord>("history", HERE);
    expect(record).toMatchObject({
      type: HistoryType.dataChange,
      equipmentId: hex(1),
      userId: USER,
      changes: { before: { barcode: "OLD-1" }, after: { barcode: "FREE-3" } },
    });
  });

  it("writes its data-change record for a user with the equipment write permission alone", async () => {
    await open(["EQUIPMENT_READ", "EQUIPMENT_WRITE"]);
    await typeBarcode("NEW-4");
    expect(await screen.findByText("Updated barcode")).toBeTruthy();
    expect((await tab!.engine.get<Equipment>("equipment", hex(1), HERE))?.barcode).toBe("NEW-4");
    expect(await tab!.engine.list<HistoryRecord>("history", HERE)).toMatchObject([{ equipmentId: hex(1), changes: { after: { barcode: "NEW-4" } } }]);
  });

  it("needs EQUIPMENT_WRITE: without it the dialog says why and offers no field", async () => {
    await open(["EQUIPMENT_READ", "LOCATION_READ"]);
    expect(await screen.findByText("Changing equipment needs the equipment write permission.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Barcode" })).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "Close" })).toBeTruthy());
  });
});
