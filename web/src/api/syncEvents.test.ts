import { describe, expect, it, vi } from "vitest";
import { type SyncEventHandlers, listenToSyncEvents, readSyncEvents } from "./syncEvents";
import type { ApiClient } from "./types";

function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
}

function recorder(): SyncEventHandlers & { versions: unknown[]; heard: number } {
  const handlers = {
    versions: [] as unknown[],
    heard: 0,
    version: (notice: unknown) => handlers.versions.push(notice),
    heardFrom: () => void (handlers.heard += 1),
  };
  return handlers;
}

describe("readSyncEvents", () => {
  it("announces each version, whatever the chunks cut, and answers why the server ended the stream", async () => {
    const handlers = recorder();
    const end = await readSyncEvents(
      streamed([
        'event: version\ndata: {"version": 7, "serverEpoch": "e1"}\n\n: keep-',
        "alive\n\nevent: vers",
        'ion\ndata: {"version": 9, "serverEpoch": "e1"}\n\nevent: end\ndata: {"reason": "token expired"}\n\n',
      ]),
      handlers,
    );
    expect(handlers.versions).toEqual([
      { version: 7, serverEpoch: "e1" },
      { version: 9, serverEpoch: "e1" },
    ]);
    expect(end).toEqual({ reason: "token expired" });
    expect(handlers.heard).toBe(4); // two versions, a keep-alive, the end
  });

  it("ignores events it does not know and data that is not a version", async () => {
    const handlers = recorder();
    const end = await readSyncEvents(streamed(["event: other\ndata: {}\n\n", "event: version\ndata: nonsense\n\n", 'data: {"version": 3}\n\n']), handlers);
    expect(handlers.versions).toEqual([]);
    expect(end).toEqual({ reason: undefined });
  });
});

describe("listenToSyncEvents", () => {
  it("opens the organisation's stream through the API client, so the access token and its refresh apply", async () => {
    const request = vi.fn(async () => streamed(['event: version\ndata: {"version": 1, "serverEpoch": "e"}\n\n']));
    const client = { request } as unknown as ApiClient;
    const handlers = recorder();
    const signal = new AbortController().signal;
    await listenToSyncEvents(client, "org 1", handlers, signal);
    expect(request).toHaveBeenCalledWith("GET", "/organizations/org%201/sync/events", { raw: true, signal });
    expect(handlers.versions).toEqual([{ version: 1, serverEpoch: "e" }]);
  });
});
