/**
 * The organisation's change stream (docs/sync.md "Live sync"): Server-Sent Events read with
 * fetch, not EventSource, because the stream needs the bearer access token. It carries version
 * numbers only; the records still come by the permission-checked download.
 */
import { createParser } from "eventsource-parser";
import type { ApiClient } from "./types";

/** The organisation's version grew to `version` (or this is the current one, sent first). */
export interface VersionNotice {
  version: number;
  serverEpoch?: string;
}

export interface SyncEventHandlers {
  version(notice: VersionNotice): void;
  /** Anything came: an event or a keep-alive comment. */
  heardFrom?(): void;
}

/** How the stream ended: `reason` when the server said why before closing. */
export interface StreamEnd {
  reason?: string;
}

function parsed(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Reads the events of an open stream until it closes, or the server said it ends. */
export async function readSyncEvents(response: Response, handlers: SyncEventHandlers): Promise<StreamEnd> {
  const end: StreamEnd = {};
  let ended = false;
  const parser = createParser({
    onEvent({ event, data }) {
      handlers.heardFrom?.();
      const body = parsed(data) as Record<string, unknown> | undefined;
      if (event === "version" && typeof body?.version === "number") {
        handlers.version({ version: body.version, serverEpoch: typeof body.serverEpoch === "string" ? body.serverEpoch : undefined });
      } else if (event === "end") {
        ended = true;
        end.reason = typeof body?.reason === "string" ? body.reason : undefined;
      }
    },
    onComment: () => handlers.heardFrom?.(),
  });
  if (!response.body) return end;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || ended) break;
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
  return end;
}

/** Opens the stream of `orgId` through the API client (token, refresh, errors as every call) and reads it to its end. */
export async function listenToSyncEvents(client: ApiClient, orgId: string, handlers: SyncEventHandlers, signal: AbortSignal): Promise<StreamEnd> {
  const response = await client.request<Response>("GET", `/organizations/${encodeURIComponent(orgId)}/sync/events`, { raw: true, signal });
  return readSyncEvents(response, handlers);
}
