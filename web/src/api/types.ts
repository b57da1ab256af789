/**
 * What the rest of the app needs from the HTTP client (`client.ts`): one call that adds the
 * access token, refreshes it by the rules of spec §7 and §8, and turns every failure into an
 * {@link ApiError}.
 */
export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** The caller's own Authorization (basic auth, a link's token), or "none" for no header;
   * either way the access token is not added (§7). */
  auth?: string;
  signal?: AbortSignal;
  /** Answer the response itself (a file to save) once it succeeded, instead of its JSON. */
  raw?: boolean;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

/** How a call failed, in the wording of spec §8. */
export type ApiErrorKind = "api" | "offline" | "server" | "setup";

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = 0,
    readonly code = "",
    readonly contextId = "no-context-id",
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** No answer came back: the device is offline or the server unreachable. */
  get offline(): boolean {
    return this.kind === "offline";
  }
}
