/**
 * The bundled country, region and time zone data behind `places.ts`: country-region-data for
 * countries and their provinces/regions, countries-and-timezones for each country's IANA
 * zones, joined by ISO 3166-1 code. Loaded only through `loadPlaces()` (a chunk of its own,
 * precached with the app, so it works offline without weighing on the first paint).
 */
import ct from "countries-and-timezones";
import { allCountries } from "country-region-data";

const byName = (a: string, b: string) => a.localeCompare(b);

// Shaped as `Places`, which places.ts checks where it takes this in.
export const places = {
  countries: allCountries.map(([name, code, regions]) => ({
    name,
    code,
    regions: regions.map(([region]) => region),
    timeZones: (ct.getTimezonesForCountry(code) ?? []).map((zone) => zone.name).sort(byName),
  })),
  // Zones of some country: leaves out "Factory" and the like, which are no place's time.
  allTimeZones: Object.values(ct.getAllTimezones())
    .filter((zone) => zone.countries.length > 0)
    .map((zone) => zone.name)
    .sort(byName),
};
