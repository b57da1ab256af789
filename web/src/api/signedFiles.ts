/**
 * Files moved through signed URLs (§7): the bytes go straight to the URL the server signed,
 * a storage bucket's or the API's own, not through the API client.
 */
import { apiBaseUrl, isApiUrl } from "./baseUrl";
import { clientAppHeader } from "./clientApp";

const browserFetch: typeof fetch = (...args) => fetch(...args);

/** What a call to a file URL carries besides its own headers: which app makes it, when the URL is the API's. */
export function fileUrlHeaders(url: string): Record<string, string> {
  return isApiUrl(url) ? clientAppHeader() : {};
}

/** A URL the server answered, made absolute against the API's address when it is a path. */
export function resolveFileUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const base = apiBaseUrl() || globalThis.location?.origin || "http://localhost";
  return new URL(url, `${base}/`).toString();
}

/** PUTs `body` to a signed write URL; rejects, as fetch does, when no answer came back. */
export function putSignedFile(url: string, body: Blob, contentType: string, fetchFn: typeof fetch = browserFetch): Promise<Response> {
  const resolved = resolveFileUrl(url);
  return fetchFn(resolved, { method: "PUT", headers: { "Content-Type": contentType, ...fileUrlHeaders(resolved) }, body });
}

/** GETs a file from a signed read URL; rejects, as fetch does, when no answer came back. */
export function getSignedFile(url: string, fetchFn: typeof fetch = browserFetch): Promise<Response> {
  return fetchFn(url, { headers: fileUrlHeaders(url) });
}
