/**
 * Where the API lives (§7: overridable, stored locally). Empty means this site's own server,
 * which is how the one `fieldtag` binary serves both the app and `/api`.
 */
const KEY = "fieldtag.apiBaseUrl";

export function apiBaseUrl(): string {
  return (globalThis.localStorage?.getItem(KEY) ?? "").replace(/\/+$/, "");
}

export function setApiBaseUrl(url: string): void {
  const trimmed = url.trim();
  if (trimmed) localStorage.setItem(KEY, trimmed);
  else localStorage.removeItem(KEY);
}

/** The full address of an API path such as `/token`; absolute URLs are left alone. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${apiBaseUrl()}/api${path}`;
}

/** Whether an absolute URL is one of the API's (a signed file link may point at a storage bucket instead). */
export function isApiUrl(url: string): boolean {
  const base = apiBaseUrl() || globalThis.location?.origin || "";
  return url.startsWith(`${base}/api/`);
}
