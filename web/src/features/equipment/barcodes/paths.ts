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
