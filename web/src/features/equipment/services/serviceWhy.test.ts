// Why a service is due or not, in one line: the cases the screens' tests do not reach.
import { describe, expect, it } from "vitest";
import { SiteCalendar } from "../../../domain/dueDates";
import type { Equipment, ServiceType } from "../../../domain/records";
import type { ServiceRow } from "./serviceRows";
import { serviceWhy } from "./serviceWhy";

const ZONE = "America/Toronto";
const NOW = Date.parse("2026-11-22T15:00:00Z");
const calendar = SiteCalendar.of(ZONE, NOW);
const item: Equipment = { id: "item", name: "Lobby", locationId: "site", lastUpdated: "" };
const monthly: ServiceType = { id: "monthly", name: "Monthly Inspection", frequencyType: 6, frequency: 1, lastUpdated: "" };

function row(more: Partial<ServiceRow>): ServiceRow {
  return { serviceType: monthly, performed: undefined, unscheduled: false, nextDate: null, affectedBy: [], due: false, granularity: "day", hasQuestions: false, ...more };
}

const performed = { id: "item-monthly", equipmentId: "item", serviceTypeId: "monthly", locationId: "site", lastUpdated: "" };

describe("serviceWhy", () => {
  it("says since when a due service whose date is still ahead has been due: the start of its month", () => {
    const line = serviceWhy(
      row({ performed: { ...performed, lastDate: "2026-10-25T14:00:00.000Z" }, nextDate: "2026-11-25T10:00:00-05:00", due: true }),
      item,
      ZONE,
      calendar,
    );
    expect(line).toBe("Monthly Inspection: last done October 25 2026, due November 25 2026 (due from November 1 2026)");
  });

  it("gives the next date of a service not yet due, counted from the last time it was done", () => {
    const line = serviceWhy(row({ performed: { ...performed, lastDate: "2026-11-10T15:00:00.000Z" }, nextDate: "2026-12-10T10:00:00-05:00" }), item, ZONE, calendar);
    expect(line).toBe("Monthly Inspection: last done November 10 2026, due December 10 2026");
  });

  it("says a service with only meter conditions is due by reading, and one never done is never done", () => {
    expect(serviceWhy(row({ due: true }), item, ZONE, calendar)).toBe("Monthly Inspection: never done, due by meter reading");
  });

  it("counts one day overdue in the singular", () => {
    const line = serviceWhy(row({ nextDate: "2026-11-21T10:00:00-05:00", due: true, affectedBy: ["Service Months"] }), item, ZONE, calendar);
    expect(line).toBe("Monthly Inspection: never done, due November 21 2026, moved by Service Months, overdue 1 day");
  });
});
