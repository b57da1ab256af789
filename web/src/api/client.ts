/**
 * The HTTP client every call goes through (§7, §8): adds the bearer access token, refreshes
 * it when it expires within 2 minutes, forces one refresh and one retry when the server says
 * the token is blacklisted, clears the session when the refresh token is deleted, fake or
 * missing ('No refresh token on file'), and turns every failure into an {@link ApiError}
 * worded as the error catalogue says. Every
 * call says which app makes it; a refresh the server refuses because the user may no longer
 * sign in to this app ends the session, as a deleted refresh token does.
 */
import { t } from "../lib/strings";
import type { Session } from "../auth/session";
import { apiUrl } from "./baseUrl";
import { CLIENT_HEADER, type ClientApp, clientApp } from "./clientApp";
import { type ApiClient, ApiError, type RequestOptions } from "./types";

/** Refresh when the access token has less than this left (§9). */
export const REFRESH_WINDOW_MS = 2 * 60 * 1000;
const REFRESH_LOCK = "fieldtag-refresh";
const RETRY_AFTER_REFRESH = new Set(["AccessTokenBlackListed", "InvalidAccessToken"]);

export interface SessionHolder {
  get(): Session | null;
  /** A new session after a refresh, or null when the refresh token is gone (§4 Auth). */
  set(session: Session | null, reason?: ApiError): void;
}

export interface ClientOptions {
  session: SessionHolder;
  fetch?: typeof fetch;
  now?: () => number;
  /** Which app this is (the installed phone app, or the web app in a tab). */
  app?: () => ClientApp;
}

interface ErrorBody {
  code?: string;
  message?: string;
  contextId?: string;
}

export function createApiClient({ session, fetch: fetchFn = (...args) => fetch(...args), now = Date.now, app = clientApp }: ClientOptions): ApiClient & {
  refresh(stale?: string): Promise<Session>;
} {
  let refreshing: Promise<Session> | null = null;

  async function send(method: string, path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const url = new URL(apiUrl(path), globalThis.location?.href ?? "http://localhost/");
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { Accept: options.raw ? "*/*" : "application/json" };
    // An absolute URL is not the API's (§7): it gets none of our headers.
    if (!/^https?:\/\//.test(path)) headers[CLIENT_HEADER] = app();
    if (options.auth && options.auth !== "none") headers.Authorization = options.auth;
    else if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    try {
      return await fetchFn(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      // fetch rejects only when no answer came back (§8: a network error).
      throw new ApiError("offline", t("deviceOffline"));
    }
  }

  async function failure(response: Response): Promise<ApiError> {
    let body: ErrorBody = {};
    try {
      body = (await response.json()) as ErrorBody;
    } catch {
      // Not JSON (a proxy's page, say): the status alone tells.
    }
    const contextId = body.contextId || "no-context-id";
    if (response.status >= 500) return new ApiError("server", body.message || t("serverError"), response.status, body.code ?? "", contextId);
    return new ApiError("api", body.message || t("noMessageFromApi"), response.status, body.code ?? "", contextId);
  }

  /** Runs `work` while no other tab refreshes: the server rotates refresh tokens and takes a
   * spent one for a stolen one, so two tabs refreshing with the same token would end both. */
  function acrossTabs<R>(work: () => Promise<R>): Promise<R> {
    const locks = globalThis.navigator?.locks;
    return locks ? (locks.request(REFRESH_LOCK, work) as Promise<R>) : work();
  }

  async function refresh(stale?: string): Promise<Session> {
    refreshing ??= acrossTabs(async () => {
      const current = session.get();
      if (!current?.refreshToken) {
        // §7: nothing to refresh with; a session without one is of no further use.
        const missing = new ApiError("api", t("noRefreshToken"), 401, "NoRefreshToken");
        if (current) session.set(null, missing);
        throw missing;
      }
      // Another tab refreshed while this one waited: its session is the new one.
      if (stale !== undefined && current.token !== stale) return current;
      const response = await send("POST", "/token", { auth: `Bearer ${current.refreshToken}` }, null);
      if (!response.ok) {
        const error = await failure(response);
        if (error.code === "LoginNotAllowed" || error.code === "NoRefreshToken") {
          session.set(null, error);
          throw error;
        }
        if (error.code === "RefreshTokenDeletedOrFake" || response.status === 401) {
          const cleared = new ApiError("api", t("refreshTokenDeletedOrFake"), error.status, "RefreshTokenDeletedOrFake", error.contextId);
          session.set(null, cleared);
          throw cleared;
        }
        throw error;
      }
      const next = (await response.json()) as Session;
      session.set(next);
      return next;
    }).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function freshToken(): Promise<string | null> {
    const current = session.get();
    if (!current) return null;
    const expires = Date.parse(current.expires);
    if (Number.isFinite(expires) && expires - now() > REFRESH_WINDOW_MS) return current.token;
    try {
      return (await refresh(current.token)).token;
    } catch (error) {
      // Offline with a token about to expire: try with it; the server has the last word.
      if (error instanceof ApiError && error.offline) return current.token;
      throw error;
    }
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const ownAuth = !!options.auth || /^https?:\/\//.test(path);
    const token = ownAuth ? null : await freshToken();
    let response = await send(method, path, options, token);
    if (!response.ok && !ownAuth && response.status === 401) {
      const error = await failure(response);
      // One forced refresh and one retry (§4 Auth); an expired token too, which a device
      // whose clock runs behind the server's takes for a fresh one.
      if (!RETRY_AFTER_REFRESH.has(error.code)) throw error;
      response = await send(method, path, options, (await refresh(token ?? undefined)).token);
    }
    if (!response.ok) throw await failure(response);
    if (options.raw) return response as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request, refresh };
}
