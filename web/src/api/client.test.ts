// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import type { Session } from "../auth/session";
import { REFRESH_WINDOW_MS, createApiClient } from "./client";
import { ApiError } from "./types";

const NOW = Date.parse("2026-11-23T10:00:00Z");

function session(token: string, expiresInMs: number, refreshToken = "refresh-1"): Session {
  return {
    user: { id: "u1", orgId: "o1", name: "Ann", email: "ann@acme.ca", permissions: ["*.*"] },
    token,
    expires: new Date(NOW + expiresInMs).toISOString(),
    refreshToken,
  };
}

interface Call {
  method: string;
  path: string;
  auth: string | null;
  app?: string;
}

/** A fake server: answers by path, records what it was asked. */
function fakeServer(answer: (call: Call, count: number) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  const apps: (string | undefined)[] = [];
  const fetchFn = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = { method: init?.method ?? "GET", path: url.pathname + url.search, auth: headers.Authorization ?? null };
    calls.push(call);
    apps.push(headers["X-Fieldtag-Client"]);
    const { status, body } = answer(call, calls.length);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as typeof fetch;
  return { calls, apps, fetchFn };
}

function holder(initial: Session | null) {
  const state = { current: initial, cleared: null as ApiError | null };
  return {
    state,
    session: {
      get: () => state.current,
      set: (next: Session | null, reason?: ApiError) => {
        state.current = next;
        if (!next) state.cleared = reason ?? null;
      },
    },
  };
}

beforeEach(() => localStorage.clear());

describe("api client", () => {
  it("sends the access token while it has more than 2 minutes left", async () => {
    const { calls, fetchFn } = fakeServer(() => ({ status: 200, body: { ok: 1 } }));
    const { session: s } = holder(session("access-1", REFRESH_WINDOW_MS + 1000));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    expect(await client.request("GET", "/organizations/o1", { query: { a: 1, skip: undefined } })).toEqual({ ok: 1 });
    expect(calls).toEqual([{ method: "GET", path: "/api/organizations/o1?a=1", auth: "Bearer access-1" }]);
  });

  it("refreshes first when the token expires within 2 minutes, then uses the new one", async () => {
    const { calls, fetchFn } = fakeServer((call) =>
      call.path === "/api/token" ? { status: 200, body: session("access-2", 3_600_000, "refresh-2") } : { status: 200, body: {} },
    );
    const { state, session: s } = holder(session("access-1", REFRESH_WINDOW_MS - 1000));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    await client.request("GET", "/organizations/o1");
    expect(calls.map((c) => [c.path, c.auth])).toEqual([
      ["/api/token", "Bearer refresh-1"],
      ["/api/organizations/o1", "Bearer access-2"],
    ]);
    expect(state.current?.refreshToken).toBe("refresh-2");
  });

  it("refreshes once for many calls made together", async () => {
    const { calls, fetchFn } = fakeServer((call) =>
      call.path === "/api/token" ? { status: 200, body: session("access-2", 3_600_000, "refresh-2") } : { status: 200, body: {} },
    );
    const { session: s } = holder(session("access-1", 0));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    await Promise.all([client.request("GET", "/a"), client.request("GET", "/b"), client.request("GET", "/c")]);
    expect(calls.filter((c) => c.path === "/api/token")).toHaveLength(1);
  });

  it("forces one refresh and one retry on a blacklisted token, and no more", async () => {
    const { calls, fetchFn } = fakeServer((call) => {
      if (call.path === "/api/token") return { status: 200, body: session("access-2", 3_600_000, "refresh-2") };
      return { status: 401, body: { code: "AccessTokenBlackListed", message: "The access token has been revoked", contextId: "c1" } };
    });
    const { session: s } = holder(session("access-1", 3_600_000));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    const error = await client.request("GET", "/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("AccessTokenBlackListed");
    expect(calls.map((c) => [c.path, c.auth])).toEqual([
      ["/api/x", "Bearer access-1"],
      ["/api/token", "Bearer refresh-1"],
      ["/api/x", "Bearer access-2"],
    ]);
  });

  it("refreshes once and retries once when the server finds the token expired (a device clock behind)", async () => {
    const { calls, fetchFn } = fakeServer((call) => {
      if (call.path === "/api/token") return { status: 200, body: session("access-2", 3_600_000, "refresh-2") };
      if (call.auth === "Bearer access-1") return { status: 401, body: { code: "InvalidAccessToken", message: "expired" } };
      return { status: 200, body: { ok: true } };
    });
    const { session: s } = holder(session("access-1", 3_600_000));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    expect(await client.request("GET", "/x")).toEqual({ ok: true });
    expect(calls.map((c) => c.auth)).toEqual(["Bearer access-1", "Bearer refresh-1", "Bearer access-2"]);
  });

  it("uses the session another tab refreshed meanwhile instead of spending its refresh token again", async () => {
    const { state, session: s } = holder(session("access-1", 0));
    const { calls, fetchFn } = fakeServer(() => ({ status: 200, body: {} }));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    // The other tab's refresh lands before this tab's refresh starts.
    state.current = session("access-9", 3_600_000, "refresh-9");
    await client.refresh("access-1");
    await client.request("GET", "/x");
    expect(calls.map((c) => [c.path, c.auth])).toEqual([["/api/x", "Bearer access-9"]]);
  });

  it("clears the session with 'Refresh token deleted or fake' when the refresh token is gone", async () => {
    const { fetchFn } = fakeServer(() => ({ status: 401, body: { code: "RefreshTokenDeletedOrFake", message: "x", contextId: "c2" } }));
    const { state, session: s } = holder(session("access-1", 0));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    const error = (await client.request("GET", "/x").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("Refresh token deleted or fake");
    expect(state.current).toBeNull();
    expect(state.cleared?.code).toBe("RefreshTokenDeletedOrFake");
  });

  it("says 'No refresh token on file' when asked to refresh without a stored refresh token, and asks the server nothing", async () => {
    const { calls, fetchFn } = fakeServer(() => ({ status: 200, body: {} }));
    const none = createApiClient({ session: holder(null).session, fetch: fetchFn, now: () => NOW });
    const error = (await none.refresh().catch((e: unknown) => e)) as ApiError;
    expect([error.message, error.code]).toEqual(["No refresh token on file", "NoRefreshToken"]);
    const { state, session: s } = holder(session("access-1", 0, ""));
    const blank = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    const cleared = (await blank.request("GET", "/x").catch((e: unknown) => e)) as ApiError;
    expect(cleared.message).toBe("No refresh token on file");
    expect(state.current).toBeNull();
    expect(state.cleared?.code).toBe("NoRefreshToken");
    expect(calls).toEqual([]);
  });

  it("keeps the server's 'No refresh token on file' and clears the session", async () => {
    const { fetchFn } = fakeServer(() => ({ status: 401, body: { code: "NoRefreshToken", message: "No refresh token on file", contextId: "c5" } }));
    const { state, session: s } = holder(session("access-1", 0));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    const error = (await client.request("GET", "/x").catch((e: unknown) => e)) as ApiError;
    expect([error.message, error.code]).toEqual(["No refresh token on file", "NoRefreshToken"]);
    expect(state.current).toBeNull();
  });

  it("words failures as the error catalogue does", async () => {
    const answers = [
      { status: 400, body: { code: "BadRequest", message: "Please fill out all fields", contextId: "c3" } },
      { status: 400, body: {} },
      { status: 500, body: { contextId: "c4" } },
    ];
    const { fetchFn } = fakeServer((_, n) => answers[n - 1] ?? { status: 200 });
    const client = createApiClient({ session: holder(null).session, fetch: fetchFn, now: () => NOW });
    const first = (await client.request("POST", "/users").catch((e: unknown) => e)) as ApiError;
    expect([first.kind, first.message, first.contextId]).toEqual(["api", "Please fill out all fields", "c3"]);
    const second = (await client.request("POST", "/users").catch((e: unknown) => e)) as ApiError;
    expect([second.message, second.contextId]).toEqual(["No message sent from api", "no-context-id"]);
    const third = (await client.request("POST", "/users").catch((e: unknown) => e)) as ApiError;
    expect([third.kind, third.message, third.contextId]).toEqual(["server", "Server error", "c4"]);
  });

  it("reports no answer as the device being offline", async () => {
    const fetchFn = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    const client = createApiClient({ session: holder(session("a", 3_600_000)).session, fetch: fetchFn, now: () => NOW });
    const error = (await client.request("GET", "/x").catch((e: unknown) => e)) as ApiError;
    expect([error.offline, error.message]).toEqual([true, "Device is offline"]);
  });

  it("leaves the header to calls with their own auth, and sends none for 'none'", async () => {
    const { calls, fetchFn } = fakeServer(() => ({ status: 200, body: {} }));
    const client = createApiClient({ session: holder(session("access-1", 3_600_000)).session, fetch: fetchFn, now: () => NOW });
    await client.request("POST", "/token", { auth: "Basic abc" });
    await client.request("POST", "/users", { auth: "none", body: {} });
    expect(calls.map((c) => c.auth)).toEqual(["Basic abc", null]);
  });

  it("answers the response itself for a file download, with the token, and words a failed one as any other", async () => {
    const { calls, fetchFn } = fakeServer((call) => (call.path.includes("missing") ? { status: 400, body: { message: "Unknown report", contextId: "c9" } } : { status: 200, body: "%PDF" }));
    const client = createApiClient({ session: holder(session("access-1", 3_600_000)).session, fetch: fetchFn, now: () => NOW });
    const response = await client.request<Response>("GET", "/reports/locationReport", { query: { output: "pdf" }, raw: true });
    expect(await response.text()).toBe('"%PDF"');
    expect(calls[0]).toEqual({ method: "GET", path: "/api/reports/locationReport?output=pdf", auth: "Bearer access-1" });
    const error = (await client.request("GET", "/reports/missing", { raw: true }).catch((e: unknown) => e)) as ApiError;
    expect([error.message, error.contextId]).toEqual(["Unknown report", "c9"]);
  });

  it("says which app it is on every call: login, refresh and the rest", async () => {
    const { apps, fetchFn } = fakeServer((call) => (call.path === "/api/token" ? { status: 200, body: session("access-2", 3_600_000) } : { status: 200, body: {} }));
    const client = createApiClient({ session: holder(session("access-1", 0)).session, fetch: fetchFn, now: () => NOW, app: () => "mobile" });
    await client.request("POST", "/token", { auth: "Basic abc" });
    await client.request("GET", "/organizations/o1");
    await client.request("POST", "/users", { auth: "none", body: {} });
    expect(apps).toEqual(["mobile", "mobile", "mobile", "mobile"]);
  });

  it("is the web app in a browser tab", async () => {
    const { apps, fetchFn } = fakeServer(() => ({ status: 200, body: {} }));
    const client = createApiClient({ session: holder(session("access-1", 3_600_000)).session, fetch: fetchFn, now: () => NOW });
    await client.request("GET", "/x");
    expect(apps).toEqual(["web"]);
  });

  it("ends the session with the server's words when the user may no longer sign in to this app", async () => {
    const message = "Your account may not sign in to the web app. Ask an administrator for the Web Login permission.";
    const { fetchFn } = fakeServer(() => ({ status: 403, body: { code: "LoginNotAllowed", message, contextId: "c5" } }));
    const { state, session: s } = holder(session("access-1", 0));
    const client = createApiClient({ session: s, fetch: fetchFn, now: () => NOW });
    const error = (await client.request("GET", "/x").catch((e: unknown) => e)) as ApiError;
    expect([error.code, error.message]).toEqual(["LoginNotAllowed", message]);
    expect(state.current).toBeNull();
    expect(state.cleared?.message).toBe(message);
  });

  it("uses the stored API base URL override", async () => {
    localStorage.setItem("fieldtag.apiBaseUrl", "https://api.example.com/");
    const seen: string[] = [];
    const fetchFn = (async (input: URL | RequestInfo) => {
      seen.push(String(input));
      return new Response("{}", { status: 200 });
    }) as typeof fetch;
    const client = createApiClient({ session: holder(null).session, fetch: fetchFn, now: () => NOW });
    await client.request("GET", "/healthz");
    expect(seen).toEqual(["https://api.example.com/api/healthz"]);
  });
});
