/** What the upload and the download share: the device's store, the server, the clock, and what the tab shows and tells. */
import type { KeyValueStore } from "../store";
import type { SyncApi } from "./api";
import type { ChangeFeed } from "./changeFeed";
import type { StatusBoard } from "./statusBoard";

export interface SyncContext {
  store: KeyValueStore;
  api: SyncApi;
  /** The device clock (ms since the epoch). */
  now: () => number;
  board: StatusBoard;
  feed: ChangeFeed;
}
