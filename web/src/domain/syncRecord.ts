/** The fields every synced record shares (spec §3), as the local store keeps them. */
export interface SyncRecord {
  id: string;
  /** ISO 8601; the later one wins (§4). */
  lastUpdated: string;
  deleted?: boolean;
  orgId?: string;
  /** Set on location-scoped kinds: the site the record belongs to. */
  locationId?: string;
  /** The server's version of this copy; absent until the server has stored it. */
  version?: number;
  /** A local change not yet settled by an upload (§3). Never sent. */
  hasBeenChangedLocally?: boolean;
  [field: string]: unknown;
}
