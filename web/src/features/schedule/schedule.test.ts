import { describe, expect, it } from "vitest";
import { dayHours, dayOf, eventErrors, monthWeeks, newEvent, scheduleRange, usersByName, workDay } from "./schedule";

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
});
