import { describe, expect, it } from "vitest";
import { type Equipment, type PerformedService, type ServiceType, catalogueOf } from "../../domain/records";
import { type DueRecords, sitesDue } from "../../domain/siteDue";
import { dueSites } from "./dueSites";
import type { ScheduledEvent } from "./schedule";

const hex = (n: number) => n.toString(16).padStart(32, "0");
const ORG = hex(0xa);
const OTHER_ORG = hex(0xc);
const TYPE = hex(0x200);
const MODEL = hex(0x300);
const EVERY_30_DAYS = hex(0x400);
const stamp = "2026-11-01T00:00:00.000Z";
// Wednesday November 18 2026, noon in Toronto.
const NOW = Date.parse("2026-11-18T17:00:00Z");

const serviceTypes: ServiceType[] = [
  {
    id: EVERY_30_DAYS,
    name: "Inspection",
    equipmentTypeId: TYPE,
    inspection: true,
    frequencyType: 4,
    frequency: 30,
    dueWhen: "any",
    conditions: [{ id: hex(0x4f0), type: "time", timeFrequencyType: 4, timeFrequency: 30, serviceTypeId: EVERY_30_DAYS }],
    lastUpdated: stamp,
  },
];
const catalogue = catalogueOf([{ id: MODEL, name: "B500", equipmentTypeId: TYPE, lastUpdated: stamp }], [{ id: TYPE, name: "Extinguisher", lastUpdated: stamp }], serviceTypes);

const SITES = { harbour: hex(0x100), maple: hex(0x101), dock: hex(0x102), quay: hex(0x103), empty: hex(0x104), elsewhere: hex(0x105) };

/**
 * Last inspected, so next due 30 days on: Harbour Tower on November 25, Maple Mall on December
 * 10, the Dock on October 1 (overdue), the Quay on November 25 with a visit on November 24.
 * The Empty Lot has no equipment; another organisation's site is overdue.
 */
function records(): DueRecords {
  const site = (id: string, name: string, orgId = ORG) => ({ id, orgId, name, timeZone: "America/Toronto", lastUpdated: stamp });
  const item = (n: number, locationId: string, orgId = ORG): Equipment => ({ id: hex(n), orgId, name: "Extinguisher", locationId, modelId: MODEL, lastUpdated: stamp });
  const inspected = (n: number, locationId: string, lastDate: string, orgId = ORG): PerformedService => ({
    id: hex(n + 0x100),
    orgId,
    equipmentId: hex(n),
    serviceTypeId: EVERY_30_DAYS,
    locationId,
    lastDate,
    lastUpdated: stamp,
  });
  return {
    sites: [
      site(SITES.harbour, "Harbour Tower"),
      site(SITES.maple, "Maple Mall"),
      site(SITES.dock, "Dock"),
      site(SITES.quay, "Quay"),
      site(SITES.empty, "Empty Lot"),
      site(SITES.elsewhere, "Elsewhere", OTHER_ORG),
    ],
    equipment: [item(1, SITES.harbour), item(2, SITES.maple), item(3, SITES.dock), item(4, SITES.quay), item(5, SITES.elsewhere, OTHER_ORG)],
    performedServices: [
      inspected(1, SITES.harbour, "2026-10-26T14:00:00Z"),
      inspected(2, SITES.maple, "2026-11-10T14:00:00Z"),
      inspected(3, SITES.dock, "2026-09-01T14:00:00Z"),
      inspected(4, SITES.quay, "2026-10-26T14:00:00Z"),
      inspected(5, SITES.elsewhere, "2026-09-01T14:00:00Z", OTHER_ORG),
    ],
    history: [],
    deficiencies: [],
    locationOverrides: [],
    serviceMonths: [],
  };
}

const visit = (locationId: string, date: string): ScheduledEvent => ({ id: hex(0x900), orgId: ORG, locationId, userId: hex(0xb), date, startTime: "09:00", endTime: "17:00", lastUpdated: stamp });

function names(period: { first: string; last: string }, events: ScheduledEvent[] = []) {
  return dueSites(sitesDue(records(), catalogue, ORG, NOW), events, period, NOW).map((site) => site.name);
}

describe("the due sites pane's selection", () => {
  it("lists the sites with work due by the period's end, overdue work included, by name", () => {
    expect(names({ first: "2026-11-22", last: "2026-11-28" })).toEqual(["Dock", "Harbour Tower", "Quay"]);
    expect(names({ first: "2026-11-15", last: "2026-11-21" })).toEqual(["Dock"]);
    expect(names({ first: "2026-12-06", last: "2026-12-12" })).toEqual(["Dock", "Harbour Tower", "Maple Mall", "Quay"]);
  });

  it("leaves out a site that already has a visit in the period, but not one with a visit outside it", () => {
    const events = [visit(SITES.quay, "2026-11-24")];
    expect(names({ first: "2026-11-22", last: "2026-11-28" }, events)).toEqual(["Dock", "Harbour Tower"]);
    expect(names({ first: "2026-11-25", last: "2026-11-25" }, events)).toEqual(["Dock", "Harbour Tower", "Quay"]);
  });

  it("leaves out another organisation's sites and sites with nothing to do", () => {
    expect(names({ first: "2026-12-06", last: "2026-12-12" })).not.toContain("Elsewhere");
    expect(names({ first: "2026-12-06", last: "2026-12-12" })).not.toContain("Empty Lot");
  });
});
