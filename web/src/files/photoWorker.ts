/** The photo worker: resizes photos off the page's thread, so typing and scrolling stay smooth. */
import { resizePhoto } from "./resizePhoto";

export interface PhotoRequest {
  id: number;
  file: Blob;
}

export type PhotoAnswer = { id: number; blob: Blob; thumbnail: Blob } | { id: number; error: string };

self.onmessage = async (event: MessageEvent<PhotoRequest>) => {
  const { id, file } = event.data;
  try {
    const prepared = await resizePhoto(file);
    self.postMessage({ id, ...prepared } satisfies PhotoAnswer);
  } catch (error) {
    self.postMessage({ id, error: String(error) } satisfies PhotoAnswer);
  }
};
