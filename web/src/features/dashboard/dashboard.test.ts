import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { dueLists, evaluate } from "../../domain/due";
import { HistoryType } from "../../domain/history";
import { type Equipment, type ServiceType, catalogueOf, dueInputOf, siteRecordsOf, viewOf } from "../../domain/records";
import { type DashboardRecords, dashboardOf } from "./dashboard";

const hex = (n: number) => n.toString(16).padStart(32, "0");
const ORG = hex(0xa);
const OTHER_ORG = hex(0xc);
const HARBOUR = hex(0x100);
const MAPLE = hex(0x101);
const ELSEWHERE = hex(0x102);
const TYPE = hex(0x200);
const MODEL = hex(0x300);
const MONTHLY = hex(0x400);
const ANNUAL = hex(0x401);
const OVERDUE = hex(0x1001);
const DUE_SOON = hex(0x1002);
const DEFICIENT = hex(0x1003);
const NOT_SERVICED = hex(0x1004);
const DONE = hex(0x1005);
const FOREIGN = hex(0x1006);

const NOW = Date.now();
const ago = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
const stamp = "2026-11-01T00:00:00.000Z";
const timeRule = (id: string, type: number) => [{ id: hex(0x4f0 + type), type: "time", timeFrequencyType: type, timeFrequency: 1, serviceTypeId: id }];
const serviceTypes: ServiceType[] = [
  { id: MONTHLY, name: "Monthly Inspection", equipmentTypeId: TYPE, inspection: true, frequencyType: 6, frequency: 1, dueWhen: "any", conditions: timeRule(MONTHLY, 6), lastUpdated: stamp },
  { id: ANNUAL, name: "Annual Service", equipmentTypeId: TYPE, inspection: false, frequencyType: 7, frequency: 1, dueWhen: "any", conditions: timeRule(ANNUAL, 7), lastUpdated: stamp },
];
const catalogue = catalogueOf([{ id: MODEL, name: "B500", equipmentTypeId: TYPE, lastUpdated: stamp }], [{ id: TYPE, name: "Extinguisher", lastUpdated: stamp }], serviceTypes);

/**
 * Harbour Tower: an item inspected a year ago (overdue), one inspected a month ago to the day
 * (due today, this month), one done now with an open deficiency, one a year late that could not
 * be serviced today, one done now; a visit today and one tomorrow. Maple Mall: nothing. Another
 * organisation's site: an overdue item and a visit today, never counted.
 */
function records(): DashboardRecords {
  const item = (id: string, name: string, site = HARBOUR, orgId = ORG): Equipment => ({ id, orgId, name, locationId: site, modelId: MODEL, lastUpdated: stamp });
  const done = (id: string, inspected: string, serviced: string, site = HARBOUR, orgId = ORG) => [
    { id: `${id}-${MONTHLY}`, orgId, equipmentId: id, serviceTypeId: MONTHLY, locationId: site, lastDate: inspected, lastUpdated: stamp },
    { id: `${id}-${ANNUAL}`, orgId, equipmentId: id, serviceTypeId: ANNUAL, locationId: site, lastDate: serviced, lastUpdated: stamp },
  ];
  const visit = (id: number, site: string, date: string, orgId = ORG) => ({ id: hex(id), orgId, locationId: site, userId: hex(0xb), date, startTime: "09:00", endTime: "17:00", lastUpdated: stamp });
  return {
    sites: [
      { id: HARBOUR, orgId: ORG, name: "Harbour Tower", timeZone: "America/Toronto", lastUpdated: stamp },
      { id: MAPLE, orgId: ORG, name: "Maple Mall", timeZone: "America/Toronto", lastUpdated: stamp },
      { id: ELSEWHERE, orgId: OTHER_ORG, name: "Elsewhere", timeZone: "America/Toronto", lastUpdated: stamp },
    ],
    equipment: [item(OVERDUE, "Lobby"), item(DUE_SOON, "Kitchen"), item(DEFICIENT, "Garage"), item(NOT_SERVICED, "Stairwell"), item(DONE, "Dock"), item(FOREIGN, "Foyer", ELSEWHERE, OTHER_ORG)],
    performedServices: [
      ...done(OVERDUE, ago(365), ago(30)),
      ...done(DUE_SOON, dayjs(NOW).subtract(1, "month").toISOString(), ago(0)),
      ...done(DEFICIENT, ago(0), ago(0)),
      ...done(NOT_SERVICED, ago(365), ago(30)),
      ...done(DONE, ago(0), ago(0)),
      ...done(FOREIGN, ago(365), ago(365), ELSEWHERE, OTHER_ORG),
    ],
    history: [
      { id: hex(0x3001), orgId: ORG, equipmentId: NOT_SERVICED, locationId: HARBOUR, type: HistoryType.couldNotService, description: "Locked", date: ago(0), lastUpdated: stamp },
    ],
    deficiencies: [{ id: hex(0x2001), orgId: ORG, equipmentId: DEFICIENT, locationId: HARBOUR, description: "Pin missing", dateOpened: ago(1), dateClosed: "", lastUpdated: stamp }],
    locationOverrides: [],
    serviceMonths: [],
    schedule: [visit(0x5001, HARBOUR, dayjs(NOW).format("YYYY-MM-DD")), visit(0x5002, HARBOUR, dayjs(NOW).add(1, "day").format("YYYY-MM-DD")), visit(0x5003, ELSEWHERE, dayjs(NOW).format("YYYY-MM-DD"), OTHER_ORG)],
  };
}

describe("dashboardOf", () => {
  it("counts each site's overdue, due this month, deficient and could-not-service items, and today's visits", () => {
    const dashboard = dashboardOf(records(), catalogue, ORG, NOW);
    expect(dashboard.sites.map(({ site, ...counts }) => ({ site: site.name, ...counts }))).toEqual([
      { site: "Harbour Tower", overdue: 1, dueThisMonth: 1, openDeficiency: 1, couldNotService: 1 },
    ]);
    expect(dashboard.quietSites).toBe(1);
    expect(dashboard.unevaluated).toBe(0);
    expect(dashboard.visits.map((v) => v.id)).toEqual([hex(0x5001)]);
  });

  it("agrees with the due engine's lists item by item", () => {
    const all = records();
    const site = siteRecordsOf(all.sites[0]!, {
      equipment: all.equipment.filter((e) => e.locationId === HARBOUR),
      performedServices: all.performedServices.filter((p) => p.locationId === HARBOUR),
      history: all.history,
      deficiencies: all.deficiencies,
      locationOverrides: [],
      serviceMonths: [],
    });
    const lists = (id: string) => dueLists(evaluate(dueInputOf(viewOf(site.equipment.find((e) => e.id === id)!, site, catalogue), site), NOW), NOW);
    expect(lists(OVERDUE).inspection).toBe(true);
    expect(lists(DUE_SOON).inspection).toBe(true);
    expect(lists(DEFICIENT)).toMatchObject({ inspection: true, service: true, byDeficiency: true });
    expect(lists(NOT_SERVICED)).toMatchObject({ inspection: false, couldNotService: true });
    expect(lists(DONE)).toMatchObject({ inspection: false, service: false });
  });

  it("leaves out items it cannot evaluate, and says how many", () => {
    const all = records();
    const noZone = { ...all, sites: all.sites.map((s) => (s.id === HARBOUR ? { ...s, timeZone: "" } : s)) };
    const dashboard = dashboardOf(noZone, catalogue, ORG, NOW);
    expect(dashboard.sites).toEqual([]);
    expect(dashboard.unevaluated).toBe(5);
  });

  it("works out 5,000 items quickly", () => {
    const all = records();
    const many = Array.from({ length: 5000 }, (_, n) => hex(0x10000 + n));
    const big = {
      ...all,
      equipment: many.map((id) => ({ id, orgId: ORG, name: id, locationId: HARBOUR, modelId: MODEL, lastUpdated: stamp })),
      performedServices: many.map((id) => ({ id: `${id}-${MONTHLY}`, orgId: ORG, equipmentId: id, serviceTypeId: MONTHLY, locationId: HARBOUR, lastDate: ago(365), lastUpdated: stamp })),
    };
    const started = performance.now();
    const dashboard = dashboardOf(big, catalogue, ORG, NOW);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(dashboard.sites[0]?.overdue).toBe(5000);
  });
});
