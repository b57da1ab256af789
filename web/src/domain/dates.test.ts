import { describe, expect, it } from "vitest";
import { formatDate, fromLocalInput, toLocalInput } from "./dates";

describe("dates", () => {
  it("shows an instant in the site's time zone at each granularity", () => {
    const iso = "2026-03-05T15:07:00Z";
    expect(formatDate(iso, "America/Toronto")).toBe("March 5 2026 10:07AM");
    expect(formatDate(iso, "Asia/Tokyo")).toBe("March 6 2026 12:07AM");
    expect(formatDate(iso, "America/Toronto", "day")).toBe("March 5 2026");
    expect(formatDate(iso, "America/Toronto", "month")).toBe("March 2026");
    expect(formatDate(iso, "America/Toronto", "year")).toBe("2026");
    expect(formatDate(iso, "America/Toronto", "hour")).toBe("March 5 2026 10AM");
    expect(formatDate(null, "America/Toronto")).toBe("");
    expect(formatDate("not a date", "America/Toronto")).toBe("");
  });

  it("reads and writes datetime-local values in the site's zone", () => {
    expect(toLocalInput("2026-03-05T15:07:00Z", "America/Toronto")).toBe("2026-03-05T10:07");
    expect(fromLocalInput("2026-03-05T10:07", "America/Toronto")).toBe("2026-03-05T15:07:00.000Z");
    expect(fromLocalInput("", "America/Toronto")).toBeUndefined();
  });
});
