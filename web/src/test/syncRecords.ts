import type { SyncRecord } from "../domain/syncRecord";

/** The organisation and the instant the sync engine's tests write their records under. */
export const ORG = "0000000000000000000000000000000a";
export const T0 = Date.parse("2026-11-22T10:00:00.000Z");

/** A record id: `n` as 32 hex digits. */
export const hex = (n: number): string => n.toString(16).padStart(32, "0");

/** Site `n` of ORG, stamped at T0. */
export function siteRecord(n: number): SyncRecord {
  return { id: hex(n), orgId: ORG, name: `Site ${n}`, status: "active", timeZone: "America/Toronto", lastUpdated: new Date(T0).toISOString() };
}
