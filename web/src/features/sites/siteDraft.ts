/**
 * The site form's fields (§3 Location) as the form edits them, and the record they save to.
 * §5 Site: name, country and time zone are required; the email must be valid when filled;
 * the zone is a whole number from 1 to 30 (§9).
 */
import { ADDRESS_FIELDS, CONTACT_FIELDS } from "../../domain/contactDetails";
import type { Site } from "../../domain/records";
import { textError } from "../../ui/forms/validation";

export const SITE_STATUSES = ["active", "inactive", "bad", "special"] as const;

export const ZONE_MIN = 1;
export const ZONE_MAX = 30;

export const TEXT_FIELDS = ["name", "customerNumber", ...CONTACT_FIELDS, ...ADDRESS_FIELDS, "timeZone", "note", "popupNote", "typeId", "customerId"] as const;

export type SiteTextField = (typeof TEXT_FIELDS)[number];

export type SiteDraft = Record<SiteTextField, string> & {
  status: string;
  zone: number | undefined;
  fieldData: Record<string, string>;
};

const asText = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

export function draftOf(site: Site | undefined, customerId?: string): SiteDraft {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, asText(site?.[field])])) as Record<SiteTextField, string>;
  const fieldData: Record<string, string> = {};
  for (const [id, value] of Object.entries(site?.fieldData ?? {})) fieldData[id] = asText(value);
  return {
    ...text,
    customerId: text.customerId || (customerId ?? ""),
    status: asText(site?.status) || "active",
    zone: typeof site?.zone === "number" ? site.zone : undefined,
    fieldData,
  };
}

export function sameDraft(a: SiteDraft, b: SiteDraft): boolean {
  const keys = new Set([...Object.keys(a.fieldData), ...Object.keys(b.fieldData)]);
  return (
    TEXT_FIELDS.every((field) => a[field] === b[field]) &&
    a.status === b.status &&
    a.zone === b.zone &&
    [...keys].every((id) => (a.fieldData[id] ?? "") === (b.fieldData[id] ?? ""))
  );
}

export function zoneValid(zone: number | undefined): boolean {
  return zone === undefined || (Number.isInteger(zone) && zone >= ZONE_MIN && zone <= ZONE_MAX);
}

/** Whether the draft may be saved (§5): submit is disabled while any field has an error. */
export function draftValid(draft: SiteDraft): boolean {
  return (
    textError(draft.name, { required: true }) === undefined &&
    textError(draft.country, { required: true }) === undefined &&
    textError(draft.timeZone, { required: true }) === undefined &&
    textError(draft.email, { type: "email" }) === undefined &&
    zoneValid(draft.zone)
  );
}

/** A site as the form hands it to the sync engine, which stamps `lastUpdated`. */
export type SiteInput = Partial<Site> & { id: string; orgId: string; name: string };

const orNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

/**
 * The location record the draft saves: the stored record's other fields kept, text trimmed,
 * empty optional fields null (the server takes an empty site number for a missing one only
 * as null), custom fields without a value left out.
 */
export function recordOf(draft: SiteDraft, base: { id: string; orgId: string } & Partial<Site>): SiteInput {
  const fieldData: Record<string, string> = {};
  for (const [id, value] of Object.entries(draft.fieldData)) if (value.trim() !== "") fieldData[id] = value.trim();
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, orNull(draft[field])]));
  return {
    ...base,
    ...text,
    name: draft.name.trim(),
    timeZone: draft.timeZone,
    status: draft.status,
    zone: draft.zone ?? null,
    fieldData,
  } as SiteInput;
}
