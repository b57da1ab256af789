/** What the app shows of sync (§3 "Sync info", §4 Sync). */
import type { RejectedUpload } from "./outbox";

export type SyncState = "syncing" | "upToDate" | "error";

/** Kept in the store, so it outlives the page and every tab shows the same. */
export interface SyncInfo {
  /** Device clock, ISO 8601. */
  lastSuccessfulDownloadDate?: string;
  lastSuccessfulUploadDate?: string;
  lastTrySuccessStatus?: "yes" | "no";
  /**
   * Why the last try failed (the error's message: the server's words, or 'Device is offline'
   * when nothing answered), while the browser said it was online; absent after a success and
   * while the browser says offline, which is a state rather than a failure.
   */
  failureReason?: string;
}

export interface SyncStatus extends SyncInfo {
  state: SyncState;
  /** The browser says online, and the last call got an answer. */
  online: boolean;
  rejected: readonly RejectedUpload[];
  /** Local changes, from every tab, that have not reached the server yet. */
  pending: number;
  /** Photos and signatures on this device the server has not confirmed, counted apart from changes (the image queue's count, added by the display). */
  waitingImages?: number;
  /** The leading tab holds the change stream: changes come down as they happen, not at the next periodic check. */
  live?: boolean;
  /** Server clock minus device clock (ms), once the server has answered. */
  clockOffset?: number;
}
