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

/** The country choices. */
export function countryOptions(places: Places | null, current: string | null | undefined): PlaceOption[] {
  return keeping(asOptions(places?.countries.map((c) => c.name) ?? []), current);
}

/** The provinces of `country`; without a country only the stored one. */
export function provinceOptions(places: Places | null, country: string, current: string | null | undefined): PlaceOption[] {
  if (!country) return current ? [{ value: current, label: current }] : [];
  return keeping(asOptions(findCountry(places, country)?.regions ?? []), current);
}

function zonesOf(places: Places | null, country: string): readonly string[] {
  const found = findCountry(places, country);
  return found && found.timeZones.length > 0 ? found.timeZones : (places?.allTimeZones ?? []);
}

/** The time zones of `country` (every zone for a country the data has none for); without a country only the stored one. */
export function timeZoneOptions(places: Places | null, country: string, current: string | null | undefined): PlaceOption[] {
  // A site stored without a country (an import) still shows its zone until a country is chosen.
  if (!country) return current ? [{ value: current, label: current }] : [];
  return keeping(asOptions(zonesOf(places, country)), current);
}

/** The zone of a country that has only one (France: Europe/Paris), else empty: the user picks. */
export function soleTimeZone(places: Places | null, country: string): string {
  const zones = country ? zonesOf(places, country) : [];
  return zones.length === 1 ? (zones[0] ?? "") : "";
}
