import { describe, expect, it, vi } from "vitest";
import { evidenceFilesApi } from "./evidenceFiles";
import { ApiError, type ApiClient } from "./types";

const NAME = "photos/0123456789abcdef0123456789abcdef.jpg";

function client(answer: (body: unknown) => unknown): ApiClient & { bodies: unknown[] } {
  const bodies: unknown[] = [];
  return {
    bodies,
    async request<T>(_method: string, _path: string, options?: { body?: unknown }) {
      bodies.push(options?.body);
      return answer(options?.body) as T;
    },
  };
}

describe("the photo file calls", () => {
  it("ask a write link for the name the device chose, and PUT the bytes as JPEG", async () => {
    const api = client(() => ({ url: "https://files.example/put", fileName: NAME }));
    const fetchFn = vi.fn(async () => new Response(null, { status: 200 }));
    const files = evidenceFilesApi(api, "org", fetchFn as unknown as typeof fetch);
    const url = await files.writeUrl("photos", NAME);
    expect(api.bodies[0]).toEqual({ action: "write", folderName: "photos", contentType: "image/jpeg", fileName: NAME });
    expect(await files.put(url, new Blob(["x"]), "photos")).toEqual({ status: 200, message: "" });
    expect(fetchFn).toHaveBeenCalledWith("https://files.example/put", expect.objectContaining({ method: "PUT", headers: { "Content-Type": "image/jpeg" } }));
  });

  it("answer null for a PUT that got no answer, and the server's words for a refusal", async () => {
    const files = evidenceFilesApi(client(() => ({})), "org", (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch);
    expect(await files.put("https://files.example/put", new Blob(["x"]), "photos")).toBeNull();
    const refusing = evidenceFilesApi(client(() => ({})), "org", (async () =>
      new Response(JSON.stringify({ message: "FileExists" }), { status: 409 })) as unknown as typeof fetch);
    expect(await refusing.put("https://files.example/put", new Blob(["x"]), "signatures")).toEqual({ status: 409, message: "FileExists" });
  });

  it("read a stored file back, or undefined when the server has none", async () => {
    const api = client(() => ({ url: "https://files.example/get", fileName: NAME }));
    const stored = evidenceFilesApi(api, "org", (async () => new Response("bytes", { status: 200 })) as unknown as typeof fetch);
    expect(await (await stored.readBack("photos", NAME))?.text()).toBe("bytes");
    expect(api.bodies[0]).toEqual({ action: "read", folderName: "photos", fileName: NAME });
    const missing = evidenceFilesApi(api, "org", (async () => new Response(null, { status: 404 })) as unknown as typeof fetch);
    expect(await missing.readBack("photos", NAME)).toBeUndefined();
    const unsigned = evidenceFilesApi(
      client(() => {
        throw new ApiError("api", "FileNotFound", 404);
      }),
      "org",
    );
    expect(await unsigned.readBack("photos", NAME)).toBeUndefined();
  });
});
