/**
 * Role presets of the user form. §6 shows no role names, only permissions, so a role is just
 * a set of permissions that fills the switches; the user keeps the permissions, not the role.
 * The sets are described in docs/settings/organisation-and-users.md.
 */
import type { StringKey } from "../../lib/strings";
import { PERMISSIONS, type Permission, WILDCARD, grants, parsePermission } from "../../domain/permissions";
import { trim } from "../../domain/text";

export type Role = "technician" | "office" | "administrator" | "readOnly";

const ALL: readonly Permission[] = PERMISSIONS.map(([constant]) => constant);

export const ROLES: readonly { role: Role; label: StringKey; permissions: readonly Permission[] }[] = [
  {
    role: "technician",
    label: "roleTechnician",
    permissions: ["MOBILE_LOGIN", "EQUIPMENT_READ", "EQUIPMENT_WRITE", "SERVICE_READ", "SERVICE_WRITE", "LOCATION_READ", "HISTORY_READ", "HISTORY_WRITE", "DEFICIENCY_READ", "DEFICIENCY_WRITE", "SCHEDULE_READ"],
  },
  {
    role: "office",
    label: "roleOffice",
    permissions: ["WEB_LOGIN", "EQUIPMENT_READ", "EQUIPMENT_WRITE", "SERVICE_READ", "LOCATION_READ", "LOCATION_WRITE", "HISTORY_READ", "HISTORY_WRITE", "DEFICIENCY_READ", "DEFICIENCY_WRITE", "REPORT_READ", "SCHEDULE_READ", "SCHEDULE_WRITE", "SETTINGS_READ"],
  },
  { role: "administrator", label: "roleAdministrator", permissions: ALL },
  {
    role: "readOnly",
    label: "roleReadOnly",
    permissions: ["WEB_LOGIN", "EQUIPMENT_READ", "SERVICE_READ", "LOCATION_READ", "HISTORY_READ", "DEFICIENCY_READ", "REPORT_READ", "SCHEDULE_READ", "SETTINGS_READ"],
  },
];

/** The permission strings of `role`, keeping strings that name no permission; every one is the wildcard. */
export function applyRole(held: readonly string[], role: Role): string[] {
  const preset = ROLES.find((r) => r.role === role)?.permissions ?? [];
  if (preset.length === ALL.length) return [WILDCARD];
  const unknown = held.filter((h) => trim(h) !== WILDCARD && parsePermission(h) === undefined);
  return [...ALL.filter((p) => preset.includes(p)), ...unknown];
}

/** The role whose permissions are exactly the ones `held` grants, if any ("Custom" otherwise). */
export function roleOf(held: readonly string[]): Role | undefined {
  const granted = ALL.filter((p) => grants(held, p));
  return ROLES.find((r) => r.permissions.length === granted.length && granted.every((p) => r.permissions.includes(p)))?.role;
}
