import { describe, expect, it } from "vitest";
import { type DownloadProgress, dispositionName, readWithProgress } from "./download";

describe("dispositionName", () => {
  it("reads filename* first, then the plain filename", () => {
    expect(dispositionName(`attachment; filename="Inspection Report - Caf_ - 2026-11-30.pdf"; filename*=UTF-8''Inspection%20Report%20-%20Caf%C3%A9%20-%202026-11-30.pdf`)).toBe(
      "Inspection Report - Café - 2026-11-30.pdf",
    );
    expect(dispositionName(`attachment; filename="Location Report - All Sites - 2026-11-22.csv"`)).toBe("Location Report - All Sites - 2026-11-22.csv");
    expect(dispositionName("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(dispositionName("attachment")).toBeUndefined();
    expect(dispositionName(null)).toBeUndefined();
  });
});

describe("readWithProgress", () => {
  function streamed(chunks: string[], headers: Record<string, string> = {}): Response {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers });
  }

  it("reports the bytes received chunk by chunk, with the total when the server gives one", async () => {
    const seen: DownloadProgress[] = [];
    const blob = await readWithProgress(streamed(['{"a":', "[1,2,3]", "}"], { "Content-Length": "13" }), (p) => seen.push(p));
    expect(await blob.text()).toBe('{"a":[1,2,3]}');
    expect(seen.map((p) => p.received)).toEqual([5, 12, 13]);
    expect(seen.every((p) => p.total === 13)).toBe(true);
  });

  it("counts without a total for a streamed export, which has no Content-Length", async () => {
    const seen: DownloadProgress[] = [];
    const blob = await readWithProgress(streamed(["x".repeat(70_000), "y".repeat(30_000)]), (p) => seen.push(p));
    expect(blob.size).toBe(100_000);
    expect(seen).toEqual([
      { received: 70_000, total: null },
      { received: 100_000, total: null },
    ]);
  });
});
