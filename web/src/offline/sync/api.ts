/**
 * The two sync calls of spec §7, as `docs/sync.md` describes them: download the changes after
 * a cursor, and upload local changes with an answer per record.
 */
import { apiBaseUrl } from "../../api/baseUrl";
import { type StreamEnd, type SyncEventHandlers, listenToSyncEvents } from "../../api/syncEvents";
import { type ApiClient, ApiError } from "../../api/types";
import type { SyncKind, UploadKind } from "../kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import { readListsAnswer } from "./listsAnswer";

/** One page of changes: a list per kind the user may read, plus where to continue. */
export type DownloadAnswer = Partial<Record<SyncKind, SyncRecord[]>> & {
  cursor: string | number;
  /** Which history of versions the cursor counts in; a restored server has a new one. */
  serverEpoch?: string;
  hasMore: boolean;
  /** The server's clock when it answered (ISO 8601). */
  serverTime: string;
};

/**
 * One page of changes as the server's lists answer (`format=lists`, docs/sync.md "Lists
 * answer"): the records grouped by the list the device keeps them in, each group's records as
 * the JSON text of an array, unparsed. A first download stores that text as it came.
 */
export type ListsAnswer = ListsHead & { groups: ListsGroup[] };

/** A lists answer's first line: where the next page starts, the global alerts, and how many records follow. */
export type ListsHead = Omit<DownloadAnswer, SyncKind> & { globalAlerts?: SyncRecord[]; recordCount: number };

/** The records of one kind (and one site, for a location-scoped kind), oldest first. */
export interface ListsGroup {
  kind: string;
  /** The site; "" for a kind that is not location-scoped. */
  locationId: string;
  /** The records' ids, in the order of `records`. */
  ids: string[];
  /** A JSON array of the records. */
  records: string;
}

export type RecordAnswer =
  /** `lastUpdated`: the stamp the record was kept under, when not the one sent (it was too far ahead). */
  | { status: "accepted"; id: string; version: number; lastUpdated?: string }
  /** The server holds a newer copy (or a tombstone), which replaces the local one; no copy
   * comes back of a kind the user may not read. */
  | { status: "stale"; id: string; record?: SyncRecord }
  | { status: "rejected"; id: string; reason: string };

/** An answer per uploaded record, in the same position of the same key. */
export type UploadAnswer = Partial<Record<UploadKind, RecordAnswer[]>> & { serverTime?: string };

export type UploadBody = Partial<Record<UploadKind, SyncRecord[]>>;

/** The server's answer (409) to a cursor of another epoch: it was restored from a backup. */
export const EPOCH_CHANGED = "ServerEpochChanged";

export interface DownloadQuery {
  cursor: string | number;
  limit?: number;
  /** The `serverEpoch` the cursor came with; absent from cursor 0. */
  serverEpoch?: string;
}

export interface SyncApi {
  download(query: DownloadQuery): Promise<DownloadAnswer>;
  /**
   * The same page as a lists answer; absent: the server's object answer only. `onHead` hears
   * the answer's head as soon as it has come, before the records.
   */
  downloadLists?(query: DownloadQuery, onHead?: (head: ListsHead) => void, signal?: AbortSignal): Promise<ListsAnswer>;
  upload(body: UploadBody): Promise<UploadAnswer>;
  /** Resolves when the server answers at all, whatever it says; fails as the client does offline when nothing answers. */
  ping(): Promise<void>;
  /** Holds the organisation's change stream until it ends or `signal` aborts (docs/sync.md "Live sync"); absent: no live sync. */
  events?(handlers: SyncEventHandlers, signal: AbortSignal): Promise<StreamEnd>;
}

/** A probe that hears nothing in this long takes the server for unreachable (a call into a dead network can hang for minutes). */
export const PING_TIMEOUT_MS = 5_000;

export function httpSyncApi(client: ApiClient, orgId: string): SyncApi {
  const path = `/organizations/${encodeURIComponent(orgId)}/sync`;
  return {
    download: ({ cursor, limit, serverEpoch }) => client.request<DownloadAnswer>("GET", path, { query: { cursor, limit, serverEpoch } }),
    async downloadLists({ cursor, limit, serverEpoch }, onHead, signal) {
      const response = await client.request<Response>("GET", path, { query: { cursor, limit, serverEpoch, format: "lists" }, raw: true, signal });
      const type = response.headers.get("Content-Type") ?? "";
      if (!type.startsWith(LISTS_TYPE)) throw new Error(`the server answered ${type || "no type"}, not a lists answer`);
      return readListsAnswer(response, onHead);
    },
    upload: (body) => client.request<UploadAnswer>("PATCH", path, { body }),
    events: (handlers, signal) => listenToSyncEvents(client, orgId, handlers, signal),
    async ping() {
      // The server's health check: no token, no database read beyond a ping, a few bytes back.
      const healthz = new URL(`${apiBaseUrl()}/healthz`, globalThis.location?.href ?? "http://localhost/").href;
      try {
        await client.request("GET", healthz, { raw: true, signal: AbortSignal.timeout(PING_TIMEOUT_MS) });
      } catch (error) {
        // Any answer (a 503 from a server whose database is down, say) means the network is back.
        if (error instanceof ApiError && !error.offline) return;
        throw error;
      }
    },
  };
}

const LISTS_TYPE = "application/x-ndjson";

