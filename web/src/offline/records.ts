import type { SyncRecord } from "../domain/syncRecord";

function stamp(record: SyncRecord): number {
  return Date.parse(record.lastUpdated);
}

/**
 * Whether a downloaded copy replaces the local one (§4: only if its lastUpdated is newer).
 * A tombstone always does, because the server never lets a deleted record come back; a local
 * copy still waiting to upload is kept, because its upload settles it. With equal stamps the
 * copy the server stored later wins, as it did on the server.
 */
export function serverCopyWins(local: SyncRecord | undefined, server: SyncRecord): boolean {
  if (!local) return true;
  if (!local.hasBeenChangedLocally && local.version !== undefined && local.version === server.version) return false;
  if (server.deleted) return true;
  if (local.hasBeenChangedLocally) return false;
  const [theirs, ours] = [stamp(server), stamp(local)];
  if (Number.isNaN(ours)) return true;
  if (theirs !== ours) return theirs > ours;
  return (server.version ?? 0) > (local.version ?? 0);
}

/** A record as a screen hands it over to be saved; the engine stamps the rest. */
export interface LocalRecord {
  id: string;
  locationId?: string;
}
