/**
 * Where things live in the local store (spec §3 "Local storage: local data is stored under
 * per-type, per-location names"): `equipment:{locationId}` for location-scoped kinds,
 * `serviceTypes` for organisation-wide ones, and the sync engine's own bookkeeping under
 * `sync:`, a name no kind has.
 */
import { type SyncKind, isLocationScoped } from "./kinds";

/** The download cursor of the last merged page. */
export const CURSOR_KEY = "sync:cursor";
/** The `serverEpoch` the cursor belongs to (docs/sync.md "Server epoch"). */
export const SERVER_EPOCH_KEY = "sync:serverEpoch";
/** {@link SyncInfo}: the dates and outcome the sync panel shows. */
export const SYNC_INFO_KEY = "sync:info";
/** Server clock minus device clock, in ms, learned from each answer's `serverTime`. */
export const CLOCK_OFFSET_KEY = "sync:clockOffset";
/** The records changed locally and not yet settled by an upload. */
export const OUTBOX_KEY = "sync:outbox";
/** Uploads the server refused, with its reasons. */
export const REJECTED_KEY = "sync:rejected";
/** A number one higher after every transaction that changes records: the order of changes across tabs. */
export const CHANGE_NUMBER_KEY = "sync:changeNumber";

/** The key of the list a record of `kind` is stored in; `locationId` only counts for location-scoped kinds. */
export function listKey(kind: SyncKind, locationId?: string): string {
  return isLocationScoped(kind) ? `${kind}:${locationId ?? ""}` : kind;
}

/** The key of part `n` of the list under `key` (store.ts listInParts): a name no kind has. */
export function listPartKey(key: string, n: number): string {
  return `part:${key}:${n}`;
}

/** Every key among `keys` that holds a list of `kind`. */
export function listKeysOf(kind: SyncKind, keys: readonly string[]): string[] {
  if (!isLocationScoped(kind)) return keys.filter((key) => key === kind);
  const prefix = `${kind}:`;
  return keys.filter((key) => key.startsWith(prefix));
}

/**
 * The key of the index shard that says which site a location-scoped record is stored under,
 * so a record that moves between sites can leave its old list. Sharded by the id's first two
 * characters so a single save reads and writes a small object.
 */
export function whereKey(kind: SyncKind, id: string): string {
  return `sync:where:${kind}:${id.slice(0, 2)}`;
}

/** Analytics events waiting to be sent (offline/analytics/queue.ts). */
export const ANALYTICS_QUEUE_KEY = "analytics:queue";
