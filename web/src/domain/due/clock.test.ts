import { describe, expect, it } from "vitest";
import { Clock } from "./clock";

const toronto = () => Clock.of("America/Toronto") as Clock;

// The twin of the Rust clock's tests (crates/domain/src/due/clock.rs).
describe("Clock", () => {
  it("reads and writes ISO dates", () => {
    const clock = toronto();
    const write = (text: string) => clock.format(clock.parse(text) as number);
    expect(write("2024-03-10T14:00:00.123456Z")).toBe("2024-03-10T10:00:00.123-04:00");
    expect(write("2024-01-05")).toBe("2024-01-05T00:00:00-05:00");
    expect(write("2024-03-10T02:30")).toBe("2024-03-10T03:30:00-04:00");
    expect(write("2024-11-03T01:30:00")).toBe("2024-11-03T01:30:00-04:00");
    expect(write("2024-06-01T12:00:00+0530")).toBe("2024-06-01T02:30:00-04:00");
    for (const bad of ["", "2024-02-30", "2024-1-05", "2024-01-05T25:00", "2024-01-05T10:00:00.", "2024-01-05T10:00+5", "x"]) {
      expect(clock.parse(bad), bad).toBeUndefined();
    }
  });

  it("writes the same pieces again the same, and an offset's seconds (local mean time)", () => {
    const clock = toronto();
    const t = clock.parse("2024-03-10T14:00:00.123Z") as number;
    expect(clock.format(t)).toBe(clock.format(t));
    expect(clock.format(t + 1)).toBe("2024-03-10T10:00:00.124-04:00");
    expect(clock.format(t - 123)).toBe("2024-03-10T10:00:00-04:00");
    expect(clock.format(clock.parse("1850-06-01T12:00:00Z") as number)).toBe("1850-06-01T06:42:28-05:17:32");
  });
});
