/**
 * The §4 scan flow: a barcode matching a non-deleted item at the current site opens its tag;
 * otherwise it is looked up across the organisation's sites on this device, and an item
 * found elsewhere opens at its own site ('Found the equipment at {site}. Switching
 * locations.'); when none is found, or the lookup fails, the new-equipment form opens with
 * the barcode filled in.
 */
import type { Equipment, Site } from "../../../domain/records";
import { normalizeBarcode } from "./formats";
import { newEquipmentPath, tagPath } from "./paths";
import { byNameThenId } from "../../../domain/names";

export type ScanOutcome =
  | { kind: "here"; path: string; equipment: Equipment }
  | { kind: "elsewhere"; path: string; equipment: Equipment; site: Site | undefined }
  | { kind: "new"; path: string };

/** The first item (by name, then id, for a stable answer) carrying `code`, other than `exceptId`. Deleted items never match. */
export function findByBarcode(equipment: readonly Equipment[], code: string, exceptId?: string): Equipment | undefined {
  const wanted = normalizeBarcode(code);
  if (!wanted) return undefined;
  let found: Equipment | undefined;
  for (const item of equipment) {
    if (item.deleted || item.id === exceptId || normalizeBarcode(item.barcode ?? "") !== wanted) continue;
    if (!found || byNameThenId(item, found) < 0) found = item;
  }
  return found;
}

/**
 * Where a scan of `code` at `locationId` leads. `acrossSites` is every site's equipment on
 * the device, or null when reading it failed.
 */
export function scanOutcome(
  code: string,
  locationId: string,
  atSite: readonly Equipment[],
  acrossSites: readonly Equipment[] | null,
  sites: readonly Site[],
): ScanOutcome {
  const here = findByBarcode(
    atSite.filter((item) => item.locationId === locationId),
    code,
  );
  if (here) return { kind: "here", path: tagPath(locationId, here.id), equipment: here };
  const elsewhere = acrossSites && findByBarcode(acrossSites, code);
  if (elsewhere) {
    return {
      kind: "elsewhere",
      path: tagPath(elsewhere.locationId, elsewhere.id),
      equipment: elsewhere,
      site: sites.find((site) => site.id === elsewhere.locationId),
    };
  }
  return { kind: "new", path: newEquipmentPath(locationId, normalizeBarcode(code)) };
}
