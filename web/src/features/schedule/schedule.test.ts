import { describe, expect, it } from "vitest";
import { type ScheduledEvent, byTechnician, dayHours, dayOf, eventErrors, eventsByDay, monthWeeks, newEvent, periodOf, scheduleRange, usersByName, workDay } from "./schedule";

describe("schedule rules", () => {
  it("spans the start of this month to the end of the month six months ahead", () => {
    expect(scheduleRange(new Date(2026, 10, 22))).toEqual({ first: "2026-11-01", last: "2027-05-31" });
    expect(scheduleRange(new Date(2026, 7, 31))).toEqual({ first: "2026-08-01", last: "2027-02-28" });
  });

  it("takes the organisation's work day, each end falling back on its own (start 06:00, §9)", () => {
    expect(workDay({ workDayStartTime: "07:30", workDayEndTime: "16:00" })).toEqual({ start: "07:30", end: "16:00" });
    expect(workDay({ workDayStartTime: null, workDayEndTime: "16:00" })).toEqual({ start: "06:00", end: "16:00" });
    expect(workDay(null)).toEqual({ start: "06:00", end: "18:00" });
    expect(workDay({ workDayStartTime: "19:00", workDayEndTime: "08:00" })).toEqual({ start: "06:00", end: "18:00" });
  });

  it("shows the work day's hours, widened to hold every event", () => {
    expect(dayHours({ start: "07:30", end: "10:00" }, [])).toEqual([7, 8, 9]);
    expect(dayHours({ start: "08:00", end: "10:00" }, [{ startTime: "06:15", endTime: "07:00" }, { startTime: "21:00", endTime: "22:30" }])).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
    ]);
  });

  it("makes a new event 09:00 to 17:00 on the day, for the first user by name", () => {
    const [first] = usersByName([{ id: "b", name: "Zoe" }, { id: "a", name: "Abe" }]);
    expect(newEvent("e1", "site", "2026-11-24", first!.id)).toEqual({ id: "e1", locationId: "site", date: "2026-11-24", userId: "a", startTime: "09:00", endTime: "17:00" });
  });

  it("needs a date in range, a user, a start and an end after it (§5)", () => {
    const range = { first: "2026-11-01", last: "2027-05-31" };
    const good = { date: "2026-11-24", userId: "a", startTime: "09:00", endTime: "17:00" };
    expect(eventErrors(good, range)).toEqual({});
    expect(eventErrors({ date: "", userId: "", startTime: "", endTime: "" }, range)).toEqual({ date: "required", userId: "required", startTime: "required", endTime: "required" });
    expect(eventErrors({ ...good, date: "2027-06-01" }, range)).toEqual({ date: "scheduleOutsideRange" });
    expect(eventErrors({ ...good, endTime: "09:00" }, range)).toEqual({ endTime: "scheduleEndAfterStart" });
  });

  it("reads an event's day as the sites list does", () => {
    expect(dayOf("2026-11-24")).toBe("2026-11-24");
    expect(dayOf("2026-11-24T23:30:00")).toBe("2026-11-24");
    expect(dayOf(undefined)).toBeUndefined();
  });

  it("lays a month out in weeks from Sunday", () => {
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]?.[0]).toBe("2026-11-01");
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("shows the week of the chosen day, Sunday to Saturday, or the day alone", () => {
    expect(periodOf("week", "2026-11-18")).toEqual({
      first: "2026-11-15",
      last: "2026-11-21",
      days: ["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"],
    });
    expect(periodOf("week", "2026-11-01").first).toBe("2026-11-01");
    expect(periodOf("week", "2026-12-31").days).toEqual(["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(periodOf("day", "2026-11-18")).toEqual({ first: "2026-11-18", last: "2026-11-18", days: ["2026-11-18"] });
  });
});

describe("grouping visits", () => {
  const visit = (id: string, date: string, startTime: string, locationId = "harbour", userId = "abe"): ScheduledEvent => ({
    id,
    orgId: "org",
    date,
    locationId,
    userId,
    startTime,
    endTime: "17:00",
    lastUpdated: "2026-11-01T00:00:00.000Z",
  });
  const names: Record<string, string> = { harbour: "Harbour Tower", maple: "Maple Mall" };
  const siteName = (id: string) => names[id] ?? "";

  it("puts each of the week's visits on its day, by start time then site, and leaves out other weeks", () => {
    const { days } = periodOf("week", "2026-11-18");
    const grouped = eventsByDay(
      [visit("a", "2026-11-18", "13:00"), visit("b", "2026-11-18", "09:00", "maple"), visit("c", "2026-11-18", "09:00"), visit("d", "2026-11-21T08:00:00", "08:00"), visit("e", "2026-11-22", "08:00")],
      days,
      siteName,
    );
    expect([...grouped.keys()]).toEqual(days);
    expect(grouped.get("2026-11-18")?.map((e) => e.id)).toEqual(["c", "b", "a"]);
    expect(grouped.get("2026-11-21")?.map((e) => e.id)).toEqual(["d"]);
    expect(grouped.get("2026-11-15")).toEqual([]);
    expect([...grouped.values()].flat().map((e) => e.id)).not.toContain("e");
  });

  it("gives each technician a row in name order, and keeps visits of no known user as unassigned", () => {
    const users = usersByName([
      { id: "zoe", name: "Zoe Zed" },
      { id: "abe", name: "Abe Able" },
    ]);
    const rows = byTechnician([visit("a", "2026-11-18", "09:00", "harbour", "zoe"), visit("b", "2026-11-18", "09:00", "harbour", "gone"), visit("c", "2026-11-18", "10:00", "harbour", "")], users);
    expect(rows.technicians.map(({ user, events }) => [user.id, events.map((e) => e.id)])).toEqual([
      ["abe", []],
      ["zoe", ["a"]],
    ]);
    expect(rows.unassigned.map((e) => e.id)).toEqual(["b", "c"]);
  });
});
