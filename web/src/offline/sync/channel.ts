/** The channel between the product's tabs, and what one tab tells the others on it. */
import type { SyncKind } from "../kinds";
import type { RecordChanges } from "./lists";
import type { SyncState } from "./status";

export const SYNC_CHANNEL = "fieldtag-sync";

export type TabMessage =
  | { type: "changed"; kinds: SyncKind[]; records: RecordChanges["records"]; number?: number }
  | { type: "status"; state: SyncState; online: boolean }
  /** Whether the leading tab holds the change stream; `askLive`: a tab that just opened wants to know. */
  | { type: "live"; live: boolean }
  | { type: "askLive" };

/** Null where the browser has no BroadcastChannel. */
export function openTabChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SYNC_CHANNEL);
}
