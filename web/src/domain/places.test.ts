import { describe, expect, it } from "vitest";
import { countryOptions, findCountry, loadPlaces, provinceOptions, soleTimeZone, timeZoneOptions } from "./places";

const values = (options: { value: string }[]) => options.map((o) => o.value);

describe("places", async () => {
  const places = await loadPlaces();

  it("finds a country by English name or ISO code, ignoring case", () => {
    expect(findCountry(places, "canada")?.code).toBe("CA");
    expect(findCountry(places, "CA")?.name).toBe("Canada");
    expect(findCountry(places, "Atlantis")).toBeUndefined();
    expect(findCountry(null, "Canada")).toBeUndefined();
  });

  it("gives each country its provinces and time zones", () => {
    expect(values(provinceOptions(places, "Canada", ""))).toContain("Ontario");
    expect(values(provinceOptions(places, "United States", ""))).not.toContain("Ontario");
    expect(values(timeZoneOptions(places, "Canada", ""))).toContain("America/Toronto");
    expect(values(timeZoneOptions(places, "Japan", ""))).toEqual(["Asia/Tokyo"]);
    expect(soleTimeZone(places, "Japan")).toBe("Asia/Tokyo");
    expect(soleTimeZone(places, "Canada")).toBe("");
    // Kosovo has no zone in the data: every zone is offered.
    expect(timeZoneOptions(places, "Kosovo", "").length).toBe(places.allTimeZones.length);
  });

  it("keeps a stored value the lists do not hold, and offers nothing new without a country", () => {
    expect(values(countryOptions(places, "Narnia")).at(-1)).toBe("Narnia");
    expect(values(provinceOptions(places, "Canada", "ON")).at(-1)).toBe("ON");
    expect(values(provinceOptions(places, "", "Ontario"))).toEqual(["Ontario"]);
    expect(values(timeZoneOptions(places, "", ""))).toEqual([]);
    expect(values(timeZoneOptions(places, "", "America/Toronto"))).toEqual(["America/Toronto"]);
  });

  it("has only zones the browser knows", () => {
    for (const zone of places.allTimeZones) expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });
});
