/**
 * A site's location overrides (§3, §9): per service type, disabled at the site or with its own
 * frequency. The id is `{locationId}-{serviceTypeId}` and the server keeps a tombstone for good,
 * so removing an override clears it (neither disabled nor a frequency) instead of deleting it:
 * the same service type can be overridden again later. A cleared override changes nothing.
 */
import type { LocationOverride } from "../../domain/records";

export type Override = LocationOverride & { equipmentTypeId?: string | null };

export const inEffect = (o: Override) => o.deleted !== true && (o.disabledForLocation === true || o.overrideFrequency != null);

export interface OverrideDraft {
  equipmentTypeId: string;
  serviceTypeId: string;
  disabledForLocation: boolean;
  overrideFrequency: number | undefined;
}

export const overrideDraftOf = (o: Override | undefined): OverrideDraft => ({
  equipmentTypeId: o?.equipmentTypeId ?? "",
  serviceTypeId: o?.serviceTypeId ?? "",
  disabledForLocation: o?.disabledForLocation === true,
  overrideFrequency: o?.overrideFrequency ?? undefined,
});

/** Valid: a service type, and either disabled or a whole frequency of at least 1. */
export function overrideError(draft: OverrideDraft): "required" | "recordWholeNumber" | "overrideNeedsChange" | undefined {
  if (draft.serviceTypeId === "") return "required";
  const f = draft.overrideFrequency;
  if (f !== undefined && !(Number.isInteger(f) && f >= 1)) return "recordWholeNumber";
  if (!draft.disabledForLocation && f === undefined) return "overrideNeedsChange";
  return undefined;
}
