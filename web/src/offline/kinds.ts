/**
 * The kinds of record that sync (spec §3), mirroring `crates/domain/src/sync_kind.rs`: each
 * name is the key of its list in sync requests and answers. `kinds.test.ts` reads the Rust
 * file so the two lists cannot drift apart.
 */

export const SYNC_KINDS = [
  "equipment",
  "locations",
  "performedServices",
  "serviceTypes",
  "equipmentTypes",
  "models",
  "customers",
  "equipmentFields",
  "locationFields",
  "modelFields",
  "questions",
  "serviceMonthCategories",
  "users",
  "history",
  "locationOverrides",
  "serviceMonths",
  "deficiencies",
  "floorPlans",
  "schedule",
  "organization",
  "siteTypes",
  "visits",
  "globalAlerts",
] as const;

export type SyncKind = (typeof SYNC_KINDS)[number];

/** Kinds whose records belong to a site and carry `locationId`. */
const LOCATION_SCOPED: ReadonlySet<SyncKind> = new Set<SyncKind>([
  "equipment",
  "performedServices",
  "history",
  "locationOverrides",
  "serviceMonths",
  "deficiencies",
  "floorPlans",
  "schedule",
  "visits",
]);

/** Operators add global alerts on the server; a client may only download them. */
export type UploadKind = Exclude<SyncKind, "globalAlerts">;

export function isLocationScoped(kind: SyncKind): boolean {
  return LOCATION_SCOPED.has(kind);
}

export function isUploadKind(kind: SyncKind): kind is UploadKind {
  return kind !== "globalAlerts";
}

/** The kind a name in a server's answer stands for, when it is a kind of record (not global alerts). */
export function recordKind(name: string): UploadKind | undefined {
  return (SYNC_KINDS as readonly string[]).includes(name) && name !== "globalAlerts" ? (name as UploadKind) : undefined;
}
