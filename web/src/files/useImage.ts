/**
 * An image file shown from the device: the kept copy when there is one (offline too),
 * otherwise fetched through a read URL and kept for next time.
 */
import { useEffect, useState } from "react";
import { getSignedFile } from "../api/signedFiles";
import { type FilesClient, FileError, type Folder } from "./files";
import { cachedImage, keepImage } from "./imageCache";
import { useFiles } from "./useFiles";

export type ImageState =
  | { state: "none" }
  | { state: "loading" }
  | { state: "ready"; url: string }
  | { state: "error"; message: string };

/** Fetches the image bytes: the kept copy, or a download through a fresh read URL. */
export async function loadImage(files: FilesClient, folder: Folder, fileName: string, fetchFn?: typeof fetch): Promise<Blob> {
  const kept = await cachedImage(folder, fileName);
  if (kept) return kept;
  const url = await files.readUrl(folder, fileName);
  let response: Response;
  try {
    response = await getSignedFile(url, fetchFn);
  } catch {
    throw new FileError("offline", true);
  }
  if (!response.ok) throw new FileError(`${response.status} ${response.statusText}`.trim());
  const blob = await response.blob();
  await keepImage(folder, fileName, blob);
  return blob;
}

export function useImage(folder: Folder, fileName: string | null | undefined): ImageState {
  const files = useFiles();
  const [image, setImage] = useState<ImageState>({ state: "none" });

  useEffect(() => {
    if (!fileName) {
      setImage({ state: "none" });
      return undefined;
    }
    let live = true;
    let url: string | null = null;
    setImage({ state: "loading" });
    loadImage(files, folder, fileName).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setImage({ state: "ready", url });
      },
      (error: unknown) => live && setImage({ state: "error", message: (error as Error).message }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [files, folder, fileName]);

  return image;
}
