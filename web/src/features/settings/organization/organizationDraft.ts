/**
 * The organisation form's fields (§3 Organization) and §5's rules: Company Name and Email are
 * required, the email valid; letterhead dimensions are positive pixel counts; the background
 * colour is a #rrggbb colour or empty.
 */
import type { Organization } from "../../../domain/organization";
import { textError } from "../../../ui/forms/validation";

export const ORGANIZATION_TEXT = ["name", "email", "phone", "address", "city", "country", "province", "postalCode", "backgroundColor"] as const;
export const IMAGE_FIELDS = ["logo", "letterHead", "landscapeLetterHead"] as const;
export const DIMENSIONS = ["letterHeadWidth", "letterHeadHeight", "landscapeLetterHeadWidth", "landscapeLetterHeadHeight"] as const;

export type OrganizationDraft = Record<(typeof ORGANIZATION_TEXT)[number], string> &
  Record<(typeof IMAGE_FIELDS)[number], string | null> &
  Record<(typeof DIMENSIONS)[number], number | undefined>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function organizationDraftOf(org: Organization | null): OrganizationDraft {
  const draft = {} as Record<string, unknown>;
  for (const field of ORGANIZATION_TEXT) draft[field] = text(org?.[field]);
  for (const field of IMAGE_FIELDS) draft[field] = text(org?.[field]) || null;
  for (const field of DIMENSIONS) draft[field] = typeof org?.[field] === "number" ? org[field] : undefined;
  return draft as OrganizationDraft;
}

export const colourValid = (value: string) => value.trim() === "" || /^#[0-9a-f]{6}$/i.test(value.trim());
export const dimensionValid = (value: number | undefined) => value === undefined || (value > 0 && value <= 100_000);

export function organizationDraftValid(draft: OrganizationDraft): boolean {
  return (
    textError(draft.name, { required: true }) === undefined &&
    textError(draft.email, { required: true, type: "email" }) === undefined &&
    colourValid(draft.backgroundColor) &&
    DIMENSIONS.every((field) => dimensionValid(draft[field]))
  );
}

/** The PATCH's data: text trimmed, empty optional fields null. White-label fields only with the feature. */
export function organizationChanges(draft: OrganizationDraft, whiteLabel: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of ORGANIZATION_TEXT) {
    if (field === "backgroundColor" && !whiteLabel) continue;
    data[field] = draft[field].trim() === "" ? null : draft[field].trim();
  }
  if (whiteLabel) {
    for (const field of IMAGE_FIELDS) data[field] = draft[field];
    for (const field of DIMENSIONS) data[field] = draft[field] ?? null;
  }
  return data;
}
