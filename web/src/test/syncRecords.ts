import type { SyncRecord } from "../domain/syncRecord";

/** The organisation and the instant the sync engine's tests write their records under. */
export const ORG = "0000000000000000000000000000000a";
export const T0 = Date.parse("2026-11-22T10:00:00.000Z");

/** Two sites of ORG, by id. */
export const SITE_A = "1111111111111111111111111111111a";
export const SITE_B = "1111111111111111111111111111111b";

/** An instant as the API writes it. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A record id: `n` as 32 hex digits. */
export const hex = (n: number): string => n.toString(16).padStart(32, "0");

/** Site `n` of ORG, stamped at T0. */
export function siteRecord(n: number): SyncRecord {
  return { id: hex(n), orgId: ORG, name: `Site ${n}`, status: "active", timeZone: "America/Toronto", lastUpdated: new Date(T0).toISOString() };
}

/** Equipment `n` at SITE_A, last changed a minute before T0. */
export function equipmentRecord(n: number, fields: Partial<SyncRecord> = {}): SyncRecord {
  return { id: hex(n), orgId: ORG, locationId: SITE_A, name: `Item ${n}`, lastUpdated: iso(T0 - 60_000), ...fields };
}
