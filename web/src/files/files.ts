/**
 * The files client (§7 signed URLs): an image goes up by asking
 * `POST /organizations/{orgId}/signed-urls` for a write URL in its folder, then PUTting the
 * file there; the answer's file name is what a record stores. To show a file, the same call
 * with `action: 'read'` answers a URL to fetch it from. §5: png travels as image/png, anything
 * else as image/jpeg, so only PNG and JPEG images are taken, and they are checked before
 * anything is sent.
 */
import { t } from "../lib/strings";
import { putSignedFile, resolveFileUrl } from "../api/signedFiles";
import type { ApiClient } from "../api/types";
import { ApiError } from "../api/types";

export const FOLDERS = ["letter-heads", "logos", "profile-pictures", "floor-plans", "photos", "signatures"] as const;
export type Folder = (typeof FOLDERS)[number];

/** The largest image the client sends; the server has its own limit and its word is final. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface SignedUrl {
  url: string;
  fileName: string;
}

/** §5: image/png for a png, otherwise image/jpeg. */
export function contentTypeOf(file: { name: string; type: string }): "image/png" | "image/jpeg" {
  return file.type === "image/png" || /\.png$/i.test(file.name) ? "image/png" : "image/jpeg";
}

const JPEG_TYPES = new Set(["image/jpeg", "image/jpg", "image/pjpeg"]);

/** Why `file` cannot be uploaded, in the user's words, or undefined when it can. */
export function imageProblem(file: { name: string; type: string; size: number }): string | undefined {
  const png = file.type === "image/png" || (file.type === "" && /\.png$/i.test(file.name));
  const jpeg = JPEG_TYPES.has(file.type) || (file.type === "" && /\.jpe?g$/i.test(file.name));
  if (!png && !jpeg) return t("fileWrongType");
  if (file.size === 0) return t("fileEmpty");
  if (file.size > MAX_IMAGE_BYTES) return t("fileTooLarge", { max: MAX_IMAGE_BYTES / (1024 * 1024) });
  return undefined;
}

/** A file the client refused, or the storage refused: the message says which and why. */
export class FileError extends Error {
  constructor(
    message: string,
    readonly offline = false,
  ) {
    super(message);
    this.name = "FileError";
  }
}

export interface FilesClient {
  /** Sends `file` to `folder`; answers the stored file name. */
  upload(folder: Folder, file: Blob & { name: string }): Promise<string>;
  /** A URL to fetch `fileName` from (it expires). */
  readUrl(folder: Folder, fileName: string): Promise<string>;
}

async function storageRefusal(response: Response): Promise<FileError> {
  let message = "";
  try {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { message?: string };
      message = body.message ?? "";
    } catch {
      // An object store answers XML or text; its words are still the reason.
      message = text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 300);
    }
  } catch {
    // no body
  }
  return new FileError(t("fileUploadRefused", { reason: message || `${response.status} ${response.statusText}`.trim() }));
}

function apiFailure(error: unknown): never {
  if (error instanceof ApiError) throw new FileError(error.offline ? t("fileOffline") : t("fileUploadRefused", { reason: error.message }), error.offline);
  throw error;
}

export function createFilesClient(client: ApiClient, orgId: string, fetchFn?: typeof fetch): FilesClient {
  const path = `/organizations/${orgId}/signed-urls`;
  return {
    async upload(folder, file) {
      const problem = imageProblem(file);
      if (problem) throw new FileError(problem);
      const contentType = contentTypeOf(file);
      const signed = await client.request<SignedUrl>("POST", path, { body: { folderName: folder, action: "write", contentType } }).catch(apiFailure);
      let response: Response;
      try {
        response = await putSignedFile(signed.url, file, contentType, fetchFn);
      } catch {
        throw new FileError(t("fileOffline"), true);
      }
      if (!response.ok) throw await storageRefusal(response);
      return signed.fileName;
    },
    async readUrl(folder, fileName) {
      const signed = await client
        .request<SignedUrl>("POST", path, { body: { folderName: folder, action: "read", fileName } })
        .catch((error: unknown) => {
          if (error instanceof ApiError) throw new FileError(error.offline ? t("fileOffline") : error.message, error.offline);
          throw error;
        });
      return resolveFileUrl(signed.url);
    },
  };
}
