/**
 * Photos and signatures through the signed-URL file API (docs/files.md): the device names the
 * file itself, the moment the photo is taken offline, so the write request carries the name.
 * Files are write-once: a second PUT answers 409, and the device then reads the file back to
 * tell its own earlier upload from another image under the same name.
 */
import { getSignedFile, putSignedFile, resolveFileUrl } from "./signedFiles";
import { ApiError, type ApiClient } from "./types";

export type EvidenceFolder = "photos" | "signatures";

export const EVIDENCE_CONTENT_TYPE: Record<EvidenceFolder, "image/jpeg" | "image/png"> = { photos: "image/jpeg", signatures: "image/png" };

/** How a PUT went: its status, or null when no answer came back. */
export type PutOutcome = { status: number; message: string } | null;

export interface EvidenceFilesApi {
  /** A write URL for the device-named `fileName`; rejects with the API's error (400, 403: for good). */
  writeUrl(folder: EvidenceFolder, fileName: string): Promise<string>;
  put(url: string, blob: Blob, folder: EvidenceFolder): Promise<PutOutcome>;
  /** The stored bytes, or undefined when the server has no such file; rejects when nothing answers. */
  readBack(folder: EvidenceFolder, fileName: string): Promise<Blob | undefined>;
}

interface SignedUrl {
  url: string;
  fileName: string;
}

async function refusal(response: Response): Promise<string> {
  try {
    const text = await response.text();
    try {
      return (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      return text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 300);
    }
  } catch {
    return `${response.status} ${response.statusText}`.trim();
  }
}

export function evidenceFilesApi(client: ApiClient, orgId: string, fetchFn?: typeof fetch): EvidenceFilesApi {
  const path = `/organizations/${orgId}/signed-urls`;
  return {
    async writeUrl(folder, fileName) {
      const body = { action: "write", folderName: folder, contentType: EVIDENCE_CONTENT_TYPE[folder], fileName };
      return resolveFileUrl((await client.request<SignedUrl>("POST", path, { body })).url);
    },

    async put(url, blob, folder) {
      let response: Response;
      try {
        response = await putSignedFile(url, blob, EVIDENCE_CONTENT_TYPE[folder], fetchFn);
      } catch {
        return null;
      }
      return { status: response.status, message: response.ok ? "" : await refusal(response) };
    },

    async readBack(folder, fileName) {
      let signed: SignedUrl;
      try {
        signed = await client.request<SignedUrl>("POST", path, { body: { action: "read", folderName: folder, fileName } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      }
      const response = await getSignedFile(resolveFileUrl(signed.url), fetchFn);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new ApiError(response.status >= 500 ? "server" : "api", await refusal(response), response.status);
      return response.blob();
    },
  };
}
