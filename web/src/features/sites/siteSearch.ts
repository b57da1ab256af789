/**
 * What the sites list shows and searches (§2 Sites list): the search over name, address, city,
 * note, postal code, phone, email, contact and customer number, sorted by name ascending, and
 * the address line of a row.
 */
import { byName } from "../../domain/names";
import { matches } from "../../domain/search";
import type { Site } from "../../domain/records";

export type SiteSummary = Pick<Site, "id" | "name"> & Partial<Site>;

const present = (part: unknown): part is string | number => (typeof part === "string" && part.trim() !== "") || typeof part === "number";

/** The row's second line: street, city, province and postal code. */
export function addressLine(site: Partial<Site>): string {
  return [site.address, site.city, site.province, site.postalCode].filter(present).join(", ");
}

/** The sites matching `query`, sorted by name ascending. */
export function searchSites<T extends SiteSummary>(sites: readonly T[], query: string): T[] {
  return sites
    .filter((s) => matches(query, [s.name, s.address, s.city, s.note, s.postalCode, s.phone, s.email, s.contact, s.customerNumber?.toString()]))
    .sort(byName);
}

/**
 * The address as a map search reads it: street, city, province, postal code and country.
 * The second address line (suite, unit) is left out; map searches stumble on it.
 */
export function mapQuery(site: Partial<Site>): string {
  return [site.address, site.city, site.province, site.postalCode, site.country].filter(present).join(", ");
}

export function appleMapsUrl(query: string): string {
  return `https://maps.apple.com/?q=${encodeURIComponent(query)}`;
}

export function googleMapsUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A `tel:` link: the number without spaces, dashes or brackets, which dialers skip anyway. */
export function telUrl(number: string): string {
  return `tel:${number.replace(/[^\d+*#,;]/g, "")}`;
}
