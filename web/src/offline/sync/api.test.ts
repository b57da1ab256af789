import { describe, expect, it, vi } from "vitest";
import { type ApiClient, ApiError } from "../../api/types";
import { httpSyncApi } from "./api";

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
