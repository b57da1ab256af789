import { describe, expect, it } from "vitest";
import { findByBarcode, scanOutcome } from "./scanFlow";
import { HERE, THERE, hex, item, site } from "../../../test/equipment/scanning";

const sites = [site(HERE, "Main Plant"), site(THERE, "North Warehouse")];

describe("the scan flow (§4)", () => {
  it("opens the tag of the item at the current site that carries the barcode", () => {
    const lobby = item(hex(1), HERE, "Lobby", "FT-100");
    const outcome = scanOutcome(" FT-100 ", HERE, [item(hex(2), HERE, "Boiler", "FT-200"), lobby], [], sites);
    expect(outcome).toEqual({ kind: "here", path: `/sites/${HERE}/equipment-tag/${hex(1)}`, equipment: lobby });
  });

  it("opens an item found at another site there, naming the site", () => {
    const dock = item(hex(3), THERE, "Dock", "FT-300");
    const outcome = scanOutcome("FT-300", HERE, [item(hex(1), HERE, "Lobby", "FT-100")], [item(hex(1), HERE, "Lobby", "FT-100"), dock], sites);
    expect(outcome.kind).toBe("elsewhere");
    expect(outcome.path).toBe(`/sites/${THERE}/equipment-tag/${hex(3)}`);
    expect(outcome.kind === "elsewhere" && outcome.site?.name).toBe("North Warehouse");
  });

  it("opens the new-equipment form with the barcode when no item has it, or the lookup failed", () => {
    const atSite = [item(hex(1), HERE, "Lobby", "FT-100")];
    expect(scanOutcome("FT 9/9&x", HERE, atSite, atSite, sites)).toEqual({
      kind: "new",
      path: `/sites/${HERE}/equipment/new?barcode=FT+9%2F9%26x`,
    });
    expect(scanOutcome("FT-300", HERE, atSite, null, sites).kind).toBe("new");
  });

  it("never matches a deleted item, and prefers the current site over another", () => {
    const deleted = item(hex(1), HERE, "Lobby", "FT-100", { deleted: true });
    const elsewhere = item(hex(2), THERE, "Dock", "FT-100");
    expect(scanOutcome("FT-100", HERE, [deleted], [deleted], sites).kind).toBe("new");
    expect(scanOutcome("FT-100", HERE, [deleted], [deleted, elsewhere], sites).path).toBe(`/sites/${THERE}/equipment-tag/${hex(2)}`);
    const here = item(hex(3), HERE, "Stairs", "FT-100");
    expect(scanOutcome("FT-100", HERE, [here], [elsewhere, here], sites).kind).toBe("here");
  });

  it("finds by barcode across sites, leaving out one item and blank codes", () => {
    const items = [item(hex(1), HERE, "Lobby", "A1"), item(hex(2), THERE, "Dock", "A1"), item(hex(3), THERE, "Yard", null)];
    expect(findByBarcode(items, "A1")?.id).toBe(hex(2));
    expect(findByBarcode(items, "A1", hex(2))?.id).toBe(hex(1));
    expect(findByBarcode(items, "  ")).toBeUndefined();
    expect(findByBarcode(items, "a1")).toBeUndefined();
  });

  it("answers the same item whatever the order, when two with one barcode share a name", () => {
    const first = item(hex(1), HERE, "Lobby", "A1");
    const second = item(hex(2), THERE, "lobby", "A1");
    expect(findByBarcode([first, second], "A1")?.id).toBe(hex(1));
    expect(findByBarcode([second, first], "A1")?.id).toBe(hex(1));
  });
});
