/** Where scanning leads (§2 route table). */

export function tagPath(locationId: string, equipmentId: string, readOnly = false): string {
  return `/sites/${locationId}/equipment-tag/${equipmentId}${readOnly ? "/read-only" : ""}`;
}

export function newEquipmentPath(locationId: string, barcode: string): string {
  return `/sites/${locationId}/equipment/new?${new URLSearchParams({ barcode })}`;
}

export function sitePath(locationId: string): string {
  return `/sites/${locationId}`;
}

/**
 * Router state of a tag opened from the equipment list rather than by a scan: the tag then
 * performs no updateOnScan service (§4: those are performed when a scan opens the tag).
 */
export const OPENED_FROM_LIST = { openedFrom: "list" } as const;

export function openedFromList(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { openedFrom?: unknown }).openedFrom === "list";
}
