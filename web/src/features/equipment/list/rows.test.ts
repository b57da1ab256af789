import { describe, expect, it } from "vitest";
import { type Catalogue, type Equipment, type PerformedService, type Site, catalogueOf, siteRecordsOf } from "../../../domain/records";
import { type Seed, SITE, catalogueSeeds, daysAgo, hex, itemSeeds } from "../../../test/equipment/device";
import { DueCache, dueListsOf, rowsOf } from "./rows";

function records(seeds: Seed[]) {
  const of = <T>(kind: string) => seeds.filter(([k]) => k === kind).map(([, r]) => ({ orgId: "org", lastUpdated: "2026-11-01T00:00:00.000Z", ...r }) as T);
  const catalogue: Catalogue = catalogueOf(of("models"), of("equipmentTypes"), of("serviceTypes"), of("modelFields"), of("equipmentFields"));
  const site = of<Site>("locations").find((s) => s.id === SITE)!;
  // As the store hands them over: the same lists until their records change.
  const [equipment, locationOverrides, serviceMonths] = [of<Equipment>("equipment"), [], []];
  const siteRecords = (performedServices: PerformedService[]) =>
    siteRecordsOf(site, { equipment, performedServices, history: [], deficiencies: [], locationOverrides, serviceMonths });
  return { catalogue, siteRecords, performed: of<PerformedService>("performedServices") };
}

describe("DueCache", () => {
  it("evaluates again only the item whose records changed, and everything when time moves", () => {
    const [lobby, kitchen] = [hex(0x1001), hex(0x1002)];
    const seeds = [...catalogueSeeds(), ...itemSeeds(lobby, "Lobby", 40, 10), ...itemSeeds(kitchen, "Kitchen", 40, 10)];
    const { catalogue, siteRecords, performed } = records(seeds);
    const now = Date.now();
    const cache = new DueCache();
    const before = siteRecords(performed);
    const rows = rowsOf(before.equipment, catalogue, before.site.timeZone);
    expect(cache.keeps(before, catalogue, now)).toBe(false); // nothing worked out yet
    const first = cache.statesOf(rows, before, catalogue, now);
    expect(dueListsOf(rows, first, now).inspection.map((r) => r.equipment.name)).toEqual(["Kitchen", "Lobby"]);

    // Lobby's monthly inspection is done today: a new copy of its performed service.
    const done = performed.map((p) => (p.id.startsWith(lobby) && p.serviceTypeId === hex(0x400) ? { ...p, lastDate: daysAgo(0), lastUpdated: new Date(now).toISOString() } : p));
    const after = siteRecords(done);
    // Only the item's own records changed: the list may count at once, not behind the paint.
    expect(cache.keeps(after, catalogue, now)).toBe(true);
    const second = cache.statesOf(rows, after, catalogue, now);
    expect(second.get(kitchen)).toBe(first.get(kitchen));
    expect(second.get(lobby)).not.toBe(first.get(lobby));
    expect(dueListsOf(rows, second, now).inspection.map((r) => r.equipment.name)).toEqual(["Kitchen"]);

    expect(cache.keeps(after, catalogue, now + 60_000)).toBe(false);
    const later = cache.statesOf(rows, after, catalogue, now + 60_000);
    expect(later.get(kitchen)).not.toBe(second.get(kitchen));
    expect(later.get(kitchen)).toEqual(second.get(kitchen));
  });
});
