import { describe, expect, it } from "vitest";
import { eventDay } from "../../domain/eventDay";
import { scheduledSiteIds } from "./scheduledSites";

describe("scheduled sites", () => {
  it("reads a date or a wall-clock time as written, an instant in the device's zone", () => {
    expect(eventDay("2026-11-22")).toBe("2026-11-22");
    expect(eventDay("2026-11-22T23:30:00")).toBe("2026-11-22");
    const instant = new Date(2026, 10, 22, 23, 30).toISOString();
    expect(eventDay(instant)).toBe("2026-11-22");
    expect(eventDay("soon")).toBeUndefined();
  });

  it("picks the user's own events of the day or the month", () => {
    const now = new Date(2026, 10, 22, 12);
    const events = [
      { id: "1", locationId: "a", userId: "me", date: "2026-11-22" },
      { id: "2", locationId: "b", userId: "me", date: "2026-11-03" },
      { id: "3", locationId: "c", userId: "someone", date: "2026-11-22" },
      { id: "4", locationId: "d", userId: "me", date: "2026-10-22" },
      { id: "5", locationId: "e", userId: "me", date: "" },
    ];
    expect([...scheduledSiteIds(events, "me", now, "day")]).toEqual(["a"]);
    expect([...scheduledSiteIds(events, "me", now, "month")].sort()).toEqual(["a", "b"]);
  });
});
