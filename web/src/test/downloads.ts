/**
 * For tests of screens that download files: what the screen saves is listed instead of saved,
 * and `navigator.onLine` reads `online`. Call in `beforeEach`; `vi.restoreAllMocks()` after.
 */
import { vi } from "vitest";

export interface Downloads {
  /** The names of the files saved, in order. */
  saved: string[];
  online: boolean;
}

export function captureDownloads(): Downloads {
  const downloads: Downloads = { saved: [], online: true };
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => downloads.online });
  URL.createObjectURL = vi.fn(() => "blob:download");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.saved.push(this.download);
  });
  return downloads;
}
