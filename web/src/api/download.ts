/**
 * Files the API answers (reports, the exports), saved on the device: the request goes
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

/** How much of a download has arrived; `total` when the server said the size (a streamed export does not). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** Reads the answer's body chunk by chunk, telling `onProgress` after each. */
export async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks, { type: response.headers.get("Content-Type") ?? "" });
}

/**
 * GETs `path` and saves the answer; resolves to the name it was saved under. With `onProgress`,
 * the body is read chunk by chunk and each is reported. Failures are the client's ApiErrors.
 */
export async function downloadFile(
  client: ApiClient,
  path: string,
  query: Query,
  fallbackName: string,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<string> {
  const response = await client.request<Response>("GET", path, { query, raw: true });
  const blob = onProgress ? await readWithProgress(response, onProgress) : await response.blob();
  const name = dispositionName(response.headers.get("Content-Disposition")) ?? fallbackName;
  saveFile(blob, name);
  return name;
}
