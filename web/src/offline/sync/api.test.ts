import { describe, expect, it, vi } from "vitest";
import { type ApiClient, ApiError } from "../../api/types";
import { httpSyncApi } from "./api";
import { ListsAnswerReader, parseListsAnswer, readListsAnswer } from "./listsAnswer";
import { Pacing } from "./pacing";
import { ORG, SITE_A, SITE_B, T0, equipmentRecord as item, hex, iso } from "../../test/syncRecords";

describe("httpSyncApi", () => {
  it("downloads with GET and uploads with PATCH on the organisation's sync path", async () => {
    const request = vi.fn().mockResolvedValue({});
    const api = httpSyncApi({ request } as ApiClient, "0000000000000000000000000000000a");
    await api.download({ cursor: 12, limit: 5000, serverEpoch: "e1" });
    await api.upload({ equipment: [] });
    expect(request.mock.calls).toEqual([
      ["GET", "/organizations/0000000000000000000000000000000a/sync", { query: { cursor: 12, limit: 5000, serverEpoch: "e1" } }],
      ["PATCH", "/organizations/0000000000000000000000000000000a/sync", { body: { equipment: [] } }],
    ]);
  });

  it("pings the server's health check, without a token, and takes any answer for one", async () => {
    const request = vi.fn().mockResolvedValue(new Response("{}"));
    const api = httpSyncApi({ request } as ApiClient, "0000000000000000000000000000000a");
    await api.ping();
    expect(request).toHaveBeenCalledWith("GET", "http://localhost/healthz", expect.objectContaining({ raw: true, signal: expect.any(AbortSignal) }));

    request.mockRejectedValue(new ApiError("server", "Server error", 503));
    await expect(api.ping()).resolves.toBeUndefined();
    request.mockRejectedValue(new ApiError("offline", "Device is offline"));
    await expect(api.ping()).rejects.toThrow("Device is offline");
  });
});

describe("reading a lists answer", () => {
  const head = (recordCount: number) => JSON.stringify({ recordCount, cursor: 2, serverEpoch: "e", hasMore: false, serverTime: iso(T0), globalAlerts: [] });
  const header = JSON.stringify({ kind: "equipment", locationId: SITE_A, ids: [hex(1)] });
  const records = JSON.stringify([item(1, { version: 2, name: "Extincteur à poudre" })]);
  const answer = `${head(1)}\n${header}\n${records}\n`;

  /** The HTTP sync API over a client whose answer's body comes in `chunks` of bytes, then `ends`. */
  function apiAnswering(chunks: Uint8Array[], { ends = "done", type = "application/x-ndjson" }: { ends?: "done" | "fails"; type?: string } = {}) {
    const left = [...chunks];
    // A chunk per read, as a network gives them; the end after the last.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = left.shift();
        if (chunk) controller.enqueue(chunk);
        else if (ends === "done") controller.close();
        else controller.error(new TypeError("network error"));
      },
    });
    const client = { request: async () => new Response(body, { headers: { "Content-Type": type } }) } as unknown as ApiClient;
    return httpSyncApi(client, ORG);
  }

  it("keeps each group's records as text", () => {
    expect(parseListsAnswer(answer)).toMatchObject({ cursor: 2, hasMore: false, groups: [{ kind: "equipment", locationId: SITE_A, ids: [hex(1)], records }] });
  });

  it.each([
    ["cut between a group's lines", `${head(1)}\n${header}\n`],
    ["cut between two groups", `${head(2)}\n${header}\n${records}\n`],
    ["cut inside a list, right after a bracket", `${head(1)}\n${header}\n${records.slice(0, records.indexOf("]") + 1)}`],
    ["with records that are not a list", `${head(1)}\n${header}\n{"id":"x"}\n`],
    ["cut inside a line", `${head(1)}\n${header.slice(0, 20)}`],
  ])("refuses an answer %s", (_, text) => {
    expect(() => parseListsAnswer(text)).toThrow();
  });

  it("reads the same answer from pieces cut anywhere, each line placed once it has ended", () => {
    const second = JSON.stringify({ kind: "equipment", locationId: SITE_B, ids: [hex(2), hex(3)] });
    const secondRecords = JSON.stringify([item(2, { version: 3 }), item(3, { version: 4 })]);
    const text = `${head(3)}\n${header}\n${records}\n${second}\n${secondRecords}\n`;
    const whole = parseListsAnswer(text);
    expect(whole.groups.map((group) => [group.locationId, group.ids, group.records])).toEqual([
      [SITE_A, [hex(1)], records],
      [SITE_B, [hex(2), hex(3)], secondRecords],
    ]);
    for (const size of [1, 2, 7, 33, 100]) {
      const reader = new ListsAnswerReader();
      for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
      expect(reader.end()).toEqual(whole);
    }
    // Cut short at any point before its last line break: refused.
    for (const cut of [1, text.indexOf(second), text.length - 1]) {
      const reader = new ListsAnswerReader();
      reader.push(text.slice(0, cut));
      expect(() => reader.end()).toThrow();
    }
  });

  it("refuses a line as soon as it has come, before the rest of the answer, and stops the body", async () => {
    const reader = new ListsAnswerReader();
    expect(() => reader.push(`${head(2)}\n${header}\n{"id":"x"}\n`)).toThrow("not a list");
    expect(() => new ListsAnswerReader().push("null\n")).toThrow("head is not an object");
    expect(() => new ListsAnswerReader().push(`${head(1)}\n0\n`)).toThrow("group is not an object");

    // The server would go on sending: the body is cancelled, not left open.
    const cancel = vi.fn();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`${head(2)}\n${header}\n{"id":"x"}\n`));
      },
      cancel,
    });
    await expect(readListsAnswer(new Response(body))).rejects.toThrow("not a list");
    expect(cancel).toHaveBeenCalled();
  });

  it("tells the head as soon as it has come, from bytes split anywhere, a letter's too", async () => {
    const bytes = new TextEncoder().encode(answer);
    const accent = bytes.indexOf(0xc3);
    // The head's line split in two, and the two bytes of "à" in two chunks.
    const cuts = [10, accent + 1];
    const chunks = [bytes.slice(0, cuts[0]), bytes.slice(cuts[0], cuts[1]), bytes.slice(cuts[1])];
    const heads: unknown[] = [];
    const got = await apiAnswering(chunks).downloadLists?.({ cursor: 0 }, (head) => heads.push(head));
    expect(heads).toEqual([JSON.parse(head(1))]);
    expect(got?.groups[0]?.records).toBe(records);
  });

  it("fails when the body fails partway, after telling the head", async () => {
    const bytes = new TextEncoder().encode(answer);
    const heads: unknown[] = [];
    const api = apiAnswering([bytes.slice(0, bytes.indexOf(10) + 5)], { ends: "fails" });
    await expect(api.downloadLists?.({ cursor: 0 }, (head) => heads.push(head))).rejects.toThrow();
    expect(heads).toHaveLength(1);
  });

  it("gives the page back between chunks already come down, once a slice has run its time", async () => {
    // Chunks already queued are read without a turn of the page's loop: a page of megabytes
    // would be decoded in one stretch.
    const bytes = new TextEncoder().encode(answer);
    const read = async (msPerLook: number) => {
      let clock = 0;
      const now = vi.spyOn(performance, "now").mockImplementation(() => (clock += msPerLook));
      const wait = vi.fn(async () => undefined);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 16) controller.enqueue(bytes.slice(at, at + 16));
          controller.close();
        },
      });
      try {
        const got = await readListsAnswer(new Response(body), () => undefined, new Pacing(wait));
        return { got, pauses: wait.mock.calls.length };
      } finally {
        now.mockRestore();
      }
    };
    const slow = await read(5);
    expect(slow.got).toEqual(parseListsAnswer(answer));
    expect(slow.pauses).toBeGreaterThan(1);
    const fast = await read(0);
    expect(fast.got).toEqual(parseListsAnswer(answer));
    expect(fast.pauses).toBe(0);
  });

  it("refuses an answer that is not a lists answer", async () => {
    const api = apiAnswering([new TextEncoder().encode('{"cursor":2}')], { type: "application/json" });
    await expect(api.downloadLists?.({ cursor: 0 })).rejects.toThrow("not a lists answer");
  });
});
