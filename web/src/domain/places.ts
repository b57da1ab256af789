/**
 * Countries, their provinces (regions) and their time zones for the site and customer forms
 * (§5 Site: time zone and province options depend on the chosen country). Sites store the
 * country and province by their English names, as an address reads; a country stored as an
 * ISO code (an import, another system) is recognised too. The data is loaded lazily.
 */
export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  regions: readonly string[];
  /** IANA names, sorted. */
  timeZones: readonly string[];
}

export interface Places {
  countries: readonly Country[];
  /** Every IANA zone: the choices for a country the data has no zone for. */
  allTimeZones: readonly string[];
}

export interface PlaceOption {
  value: string;
  label: string;
}

let loaded: Places | null = null;
let loading: Promise<Places> | null = null;

/** The place data once `loadPlaces()` has finished; null before. */
export function loadedPlaces(): Places | null {
  return loaded;
}

export function loadPlaces(): Promise<Places> {
  loading ??= import("./placeData").then((module) => {
    loaded = module.places;
    return loaded;
  });
  return loading;
}

/** The country a stored value names, by English name or ISO code, ignoring case. */
export function findCountry(places: Places | null, value: string | null | undefined): Country | undefined {
  const wanted = value?.trim().toLowerCase();
  if (!places || !wanted) return undefined;
  return places.countries.find((c) => c.name.toLowerCase() === wanted || c.code.toLowerCase() === wanted);
}

/** A stored value the lists do not hold stays a choice, so opening a form never loses it. */
function keeping(options: PlaceOption[], current: string | null | undefined): PlaceOption[] {
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

const asOptions = (values: readonly string[]): PlaceOption[] => values.map((value) => ({ value, label: value }));

/** The country choices, led by an empty one (no country chosen yet). */
export function countryOptions(places: Places | null, current: string | null | undefined, noneLabel: string): PlaceOption[] {
  const countries = places?.countries ?? [];
  const options = countries.map((c) => ({ value: c.name, label: c.name }));
  return [{ value: "", label: noneLabel }, ...keeping(options, current)];
}

/** The provinces of `country`, led by an empty one; without a country only the stored one. */
export function provinceOptions(places: Places | null, country: string, current: string | null | undefined, noneLabel: string): PlaceOption[] {
  if (!country) return current ? [{ value: current, label: current }] : [];
  const regions = findCountry(places, country)?.regions ?? [];
  return [{ value: "", label: noneLabel }, ...keeping(asOptions(regions), current)];
}

/**
 * The time zones of `country`; without a country only the stored one. With a single zone there is no empty
 * choice, so the select takes that zone (§5: a select with no value and no empty option
 * selects its first option); with several the user picks one.
 */
export function timeZoneOptions(places: Places | null, country: string, current: string | null | undefined, noneLabel: string): PlaceOption[] {
  // A site stored without a country (an import) still shows its zone until a country is chosen.
  if (!country) return current ? [{ value: current, label: current }] : [];
  const found = findCountry(places, country);
  const zones = found && found.timeZones.length > 0 ? found.timeZones : (places?.allTimeZones ?? []);
  const options = keeping(asOptions(zones), current);
  return options.length === 1 ? options : [{ value: "", label: noneLabel }, ...options];
}
