/**
 * Records as screens see them (§5: lists exclude deleted items and filter by locationId):
 * tombstones stay in the store for sync but are never shown.
 */
import { type SyncKind, isLocationScoped } from "./kinds";
import { listKey, listKeysOf, whereKey } from "./keys";
import type { SyncRecord } from "../domain/syncRecord";
import type { KeyValueStore } from "./store";

/** The kind's records that are not deleted: one site's, or every site's without `locationId`. */
export async function listRecords<T = SyncRecord>(store: KeyValueStore, kind: SyncKind, locationId?: string): Promise<T[]> {
  const keys = isLocationScoped(kind) && locationId === undefined ? listKeysOf(kind, await store.keys()) : [listKey(kind, locationId)];
  const records = await store.readList<SyncRecord>(keys);
  return records.filter((record) => !record.deleted) as T[];
}

/**
 * One record, unless it is missing or deleted; without `locationId` the site index finds it.
 * Taken from the list it is stored in, read by `list` (the engine's kept lists).
 */
export async function getRecord<T = SyncRecord>(
  store: KeyValueStore,
  list: (kind: SyncKind, locationId?: string) => Promise<SyncRecord[]>,
  kind: SyncKind,
  id: string,
  locationId?: string,
): Promise<T | undefined> {
  let site = locationId;
  if (isLocationScoped(kind) && site === undefined) {
    site = (await store.get<Record<string, string>>(whereKey(kind, id)))?.[id];
    if (site === undefined) return undefined;
  }
  return (await list(kind, site)).find((r) => r.id === id) as T | undefined;
}
