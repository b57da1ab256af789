// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryType, type HistoryRecord } from "../../../domain/history";
import type { Deficiency, Equipment } from "../../../domain/records";
import type { TestTab } from "../../../test/fakeSync";
import { ReplaceEquipmentDialog } from "./ReplaceEquipmentDialog";
import { HERE, ORG, THERE, currentLocation, device, hex, item, renderScreen, signIn, site } from "../../../test/equipment/scanning";

let tab: TestTab | null = null;
const current = item(hex(1), HERE, "Lobby by the door", "CUR-1");
const other = item(hex(2), THERE, "Spare shelf", "OTH-2");
const otherHistory: HistoryRecord = {
  id: hex(10),
  orgId: ORG,
  equipmentId: hex(2),
  locationId: THERE,
  happenedAtLocationId: THERE,
  date: "2026-01-01T00:00:00.000Z",
  description: "Added",
  type: HistoryType.added,
};
const otherDeficiency: Deficiency = {
  id: hex(11),
  orgId: ORG,
  equipmentId: hex(2),
  locationId: THERE,
  happenedAtLocationId: THERE,
  description: "Dented",
  dateOpened: "2026-01-01T00:00:00.000Z",
  lastUpdated: "2026-01-01T00:00:00.000Z",
};

async function open(permissions?: string[]) {
  signIn(permissions);
  tab = await device({
    locations: [site(HERE, "Main Plant"), site(THERE, "North Warehouse")],
    equipment: [current, other],
    history: [otherHistory],
    other: [["deficiencies", otherDeficiency]],
  });
  const onClose = vi.fn();
  renderScreen(tab, {
    path: `/sites/${HERE}/equipment-tag/${hex(1)}`,
    routes: [{ path: "/sites/:locationId/*", element: <ReplaceEquipmentDialog open equipment={current} site={site(HERE, "Main Plant")} onClose={onClose} /> }],
  });
  return onClose;
}

async function typeBarcode(code: string) {
  await userEvent.type(await screen.findByRole("textbox", { name: "Barcode" }), `${code}{Enter}`);
}

const stored = (id: string, locationId: string) => tab!.engine.get<Equipment>("equipment", id, locationId);
const historyOf = async (equipmentId: string, locationId: string) =>
  (await tab!.engine.list<HistoryRecord>("history", locationId)).filter((h) => h.equipmentId === equipmentId);

describe("Replace Equipment", { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    tab?.close();
    tab = null;
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("says when no equipment has the typed barcode", async () => {
    await open();
    await typeBarcode("NOPE-9");
    expect(await screen.findByText("Could not find equipment with that barcode")).toBeTruthy();
  });

  it("says when no equipment has the scanned barcode", async () => {
    Object.defineProperty(navigator, "mediaDevices", {
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop() {} }] }) },
      configurable: true,
    });
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(4);
    vi.stubGlobal(
      "BarcodeDetector",
      class {
        static getSupportedFormats = async () => ["code_128"];
        detect = async () => [{ rawValue: "NOPE-9" }];
      },
    );
    await open();
    expect(await screen.findByText("Could not find equipment with the scanned barcode", {}, { timeout: 3000 })).toBeTruthy();
    Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
    vi.restoreAllMocks();
  });

  it("replace: the scanned item moves here with this one's name, this one leaves service, both get a 'replaced' record", async () => {
    const onClose = await open();
    await typeBarcode("OTH-2");
    expect(await screen.findByText("Found Spare shelf (OTH-2) at North Warehouse.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Replace" }));
    expect(await screen.findByText("Equipment replaced")).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(currentLocation()).toBe(`/sites/${HERE}`));

    expect(await stored(hex(2), HERE)).toMatchObject({ locationId: HERE, name: "Lobby by the door", barcode: "OTH-2" });
    expect(await stored(hex(2), THERE)).toBeUndefined();
    expect(await stored(hex(1), HERE)).toBeUndefined();
    expect(await tab!.engine.list<Equipment>("equipment", HERE)).toHaveLength(1);

    const mine = (await historyOf(hex(1), HERE)).filter((h) => h.type === HistoryType.replaced);
    const theirs = (await historyOf(hex(2), HERE)).filter((h) => h.type === HistoryType.replaced);
    expect(mine).toMatchObject([{ relevantId: hex(2), locationId: HERE }]);
    expect(theirs).toMatchObject([{ relevantId: hex(1), locationId: HERE, happenedAtLocationId: HERE }]);
    // Its earlier history and its deficiency came along, still saying where they happened.
    expect((await historyOf(hex(2), HERE)).find((h) => h.id === hex(10))).toMatchObject({ happenedAtLocationId: THERE });
    expect(await tab!.engine.get<Deficiency>("deficiencies", hex(11), HERE)).toMatchObject({ locationId: HERE, happenedAtLocationId: THERE });
    expect(await historyOf(hex(2), THERE)).toEqual([]);
  });

  it("swap: the two exchange sites and names, both get a 'swap' record", async () => {
    await open();
    await typeBarcode("OTH-2");
    await userEvent.click(await screen.findByRole("button", { name: "Swap" }));
    expect(await screen.findByText("Equipment swapped")).toBeTruthy();

    expect(await stored(hex(1), THERE)).toMatchObject({ locationId: THERE, name: "Spare shelf", barcode: "CUR-1" });
    expect(await stored(hex(2), HERE)).toMatchObject({ locationId: HERE, name: "Lobby by the door", barcode: "OTH-2" });
    expect(await stored(hex(1), HERE)).toBeUndefined();

    const mine = (await historyOf(hex(1), THERE)).filter((h) => h.type === HistoryType.swap);
    const theirs = (await historyOf(hex(2), HERE)).filter((h) => h.type === HistoryType.swap);
    expect(mine).toMatchObject([{ relevantId: hex(2), happenedAtLocationId: HERE }]);
    expect(theirs).toMatchObject([{ relevantId: hex(1), happenedAtLocationId: HERE }]);
  });

  it("tells the item's own barcode from another's", async () => {
    await open();
    await typeBarcode("CUR-1");
    expect(await screen.findByText(/This is the barcode of Lobby by the door itself\./)).toBeTruthy();
  });

  it("needs the equipment write permission", async () => {
    await open(["EQUIPMENT_READ", "HISTORY_WRITE", "SERVICE_WRITE", "DEFICIENCY_WRITE"]);
    expect(await screen.findByText(/needs the equipment write permission/)).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Barcode" })).toBeNull();
  });

  it("works with that permission alone: what moves along goes with it", async () => {
    await open(["EQUIPMENT_READ", "EQUIPMENT_WRITE"]);
    expect(await screen.findByRole("textbox", { name: "Barcode" })).toBeTruthy();
  });
});
