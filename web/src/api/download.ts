/**
 * Files the API answers (reports, the billing export), saved on the device: the request goes
 * through the API client (bearer token, refresh, the error wording of §8) and the bytes are
 * saved under the name the server's Content-Disposition gives, or `fallbackName` without one.
 */
import type { ApiClient, Query } from "./types";

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), if any. */
export function dispositionName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: the plain name will do.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || undefined;
}

/** Saves `blob` as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after this task; release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs `path` and saves the answer; resolves to the name it was saved under. Failures are the client's ApiErrors. */
export async function downloadFile(client: ApiClient, path: string, query: Query, fallbackName: string): Promise<string> {
  const response = await client.request<Response>("GET", path, { query, raw: true });
  const blob = await response.blob();
  const name = dispositionName(response.headers.get("Content-Disposition")) ?? fallbackName;
  saveFile(blob, name);
  return name;
}
