// Permissions of spec §6 and the toggling rules of §5; the twin of
// crates/domain/src/permissions.rs and crates/domain/src/permission_toggle.rs.
// Users carry strings in the upper-case form (EQUIPMENT_WRITE) or the dotted form
// (equipment.write); `*.*` grants all.

import { asciiLower, trim } from "./text";

/** Every permission: upper-case form and dotted form, in the canonical order. */
export const PERMISSIONS = [
  ["WEB_LOGIN", "web.read"],
  ["MOBILE_LOGIN", "mobile.read"],
  ["EQUIPMENT_READ", "equipment.read"],
  ["EQUIPMENT_WRITE", "equipment.write"],
  ["SERVICE_READ", "service.read"],
  ["SERVICE_WRITE", "service.write"],
  ["LOCATION_READ", "location.read"],
  ["LOCATION_WRITE", "location.write"],
  ["HISTORY_READ", "history.read"],
  ["HISTORY_WRITE", "history.write"],
  ["DEFICIENCY_READ", "deficiency.read"],
  ["DEFICIENCY_WRITE", "deficiency.write"],
  ["REPORT_READ", "report.read"],
  ["SCHEDULE_READ", "schedule.read"],
  ["SCHEDULE_WRITE", "schedule.write"],
  ["SETTINGS_READ", "settings.read"],
  ["SETTINGS_WRITE", "settings.write"],
] as const;

export type Permission = (typeof PERMISSIONS)[number][0];

/** The wildcard that grants every permission. */
export const WILDCARD = "*.*";

/** Reads either form, ignoring ASCII case and surrounding spaces. */
export function parsePermission(text: string): Permission | undefined {
  const key = asciiLower(trim(text));
  return PERMISSIONS.find(([constant, dotted]) => asciiLower(constant) === key || dotted === key)?.[0];
}

/** Whether a user's permission strings grant `wanted`. */
export function grants(held: readonly string[], wanted: Permission): boolean {
  return held.some((p) => trim(p) === WILDCARD || parsePermission(p) === wanted);
}

/**
 * The permission strings after turning `permission` on or off: Mobile Access forces on View
 * Location and View Equipment; turning either view off turns Mobile Access off; every
 * permission on collapses to the wildcard. Known permissions come out upper-case in the
 * canonical order, followed by strings that name no permission.
 */
export function toggle(held: readonly string[], permission: Permission, on: boolean): string[] {
  const wildcard = held.some((p) => trim(p) === WILDCARD);
  const set = new Set<Permission>();
  for (const [constant] of PERMISSIONS) {
    if (wildcard || held.some((h) => parsePermission(h) === constant)) set.add(constant);
  }
  const put = (p: Permission, value: boolean) => (value ? set.add(p) : set.delete(p));
  put(permission, on);
  if (permission === "MOBILE_LOGIN" && on) {
    put("LOCATION_READ", true);
    put("EQUIPMENT_READ", true);
  } else if ((permission === "EQUIPMENT_READ" || permission === "LOCATION_READ") && !on) {
    put("MOBILE_LOGIN", false);
  }
  if (set.size === PERMISSIONS.length) return [WILDCARD];
  const known = PERMISSIONS.map(([constant]) => constant).filter((p) => set.has(p));
  const unknown = held.filter((h) => trim(h) !== WILDCARD && parsePermission(h) === undefined);
  return [...known, ...unknown];
}
