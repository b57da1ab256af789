// The due lists an item is on at one instant (the twin of Rust's `DueResult::due_lists`), and
// the dates a row of the equipment list tells: its next due date or how late it is.
import { describe, expect, it } from "vitest";
import { type DueInput, dueLists, evaluate } from "./due";
import { SiteCalendar, nextDueOf } from "./dueDates";

const NOW = Date.parse("2026-11-22T15:00:00Z"); // 10:00 in Toronto

/** An extinguisher with a monthly inspection and an annual service, last done on the given days. */
function input(monthlyDone: string, annualDone: string, more: Partial<DueInput> = {}): DueInput {
  return {
    site: { id: "site", timeZone: "America/Toronto" },
    equipment: { id: "item" },
    equipmentType: { id: "type" },
    serviceTypes: [
      { id: "monthly", equipmentTypeId: "type", frequencyType: 6, frequency: 1, inspection: true, dueWhen: "any" },
      { id: "annual", equipmentTypeId: "type", frequencyType: 7, frequency: 1, dueWhen: "any" },
      { id: "recharge", equipmentTypeId: "type", unscheduled: true },
    ],
    performedServices: [
      { equipmentId: "item", serviceTypeId: "monthly", lastDate: monthlyDone },
      { equipmentId: "item", serviceTypeId: "annual", lastDate: annualDone },
    ],
    ...more,
  };
}

const deficiency = { equipmentId: "item", description: "Gauge in the red", dateOpened: "2026-11-20", dateClosed: "" };
const couldNotService = { equipmentId: "item", type: 4, date: "2026-11-22T14:00:00Z", description: "Locked" };

describe("dueLists", () => {
  it("puts an item whose services are all done but which has an open deficiency on both lists, by the deficiency", () => {
    const result = evaluate(input("2026-11-20", "2026-11-20", { deficiencies: [deficiency] }), NOW);
    expect(result.services.every((s) => !s.due)).toBe(true);
    expect(dueLists(result, NOW)).toEqual({ inspection: true, service: true, byDeficiency: true, couldNotService: false });
  });

  it("says a deficiency is the reason only where the services alone do not put the item on a list", () => {
    const result = evaluate(input("2026-09-01", "2026-11-20", { deficiencies: [deficiency] }), NOW);
    expect(dueLists(result, NOW)).toEqual({ inspection: true, service: true, byDeficiency: true, couldNotService: false });
    const both = evaluate(input("2026-09-01", "2025-01-01", { deficiencies: [deficiency] }), NOW);
    expect(dueLists(both, NOW).byDeficiency).toBe(false);
    expect(dueLists(evaluate(input("2026-09-01", "2026-11-20"), NOW), NOW)).toEqual({ inspection: true, service: false, byDeficiency: false, couldNotService: false });
  });

  it("keeps an item that could not be serviced today off both lists until the day is over", () => {
    const result = evaluate(input("2026-09-01", "2025-01-01", { deficiencies: [deficiency], history: [couldNotService] }), NOW);
    expect(result.inspectionDue && result.serviceDue).toBe(true);
    expect(dueLists(result, NOW)).toEqual({ inspection: false, service: false, byDeficiency: false, couldNotService: true });
    const tomorrow = Date.parse("2026-11-23T05:00:00Z"); // midnight in Toronto
    expect(dueLists(result, tomorrow)).toMatchObject({ inspection: true, service: true, couldNotService: false });
  });

  it("leaves the engine's JSON output as it was: the typed-only fields are not in it", async () => {
    const { evaluateJson } = await import("./due");
    const json = JSON.parse(evaluateJson(JSON.stringify({ ...input("2026-11-20", "2026-11-20"), now: "2026-11-22T15:00:00Z" })));
    expect(Object.keys(json)).toEqual(["services", "inspectionDue", "serviceDue", "hiddenUntil"]);
    expect(Object.keys(json.services[0])).toEqual(["serviceTypeId", "nextDate", "affectedBy", "due"]);
  });
});

describe("nextDueOf", () => {
  const calendar = SiteCalendar.of("America/Toronto", NOW)!;

  it("is the earliest next date when nothing is overdue", () => {
    const result = evaluate(input("2026-11-20", "2026-06-01"), NOW);
    expect(nextDueOf(result, calendar)).toEqual({ nextDate: "2026-12-20T00:00:00-05:00", overdueDays: 0 });
    expect(calendar.shortDay("2026-12-20T00:00:00-05:00")).toBe("Dec 20");
    expect(calendar.shortDay("2027-06-01T00:00:00-04:00")).toBe("Jun 1 2027");
  });

  it("counts the days since the next date of the most overdue service, on the site's calendar", () => {
    // Monthly: next Oct 1, due and 52 days late. Annual: next Nov 22 2026, due today, not late.
    const result = evaluate(input("2026-09-01", "2025-11-22"), NOW);
    expect(nextDueOf(result, calendar).overdueDays).toBe(52);
    // A monthly service due this month (from Nov 1) with its date still ahead is not late.
    expect(nextDueOf(evaluate(input("2026-10-25", "2026-06-01"), NOW), calendar)).toEqual({ nextDate: "2026-11-25T00:00:00-05:00", overdueDays: 0 });
  });

  it("has no date for an unscheduled service, and no calendar for an unknown zone", () => {
    const result = evaluate({ ...input("2026-11-20", "2026-11-20"), serviceTypes: [{ id: "recharge", equipmentTypeId: "type", unscheduled: true }] }, NOW);
    expect(nextDueOf(result, calendar)).toEqual({ nextDate: null, overdueDays: 0 });
    expect(SiteCalendar.of("Not/AZone", NOW)).toBeUndefined();
  });
});
