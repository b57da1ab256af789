/**
 * Tests of screens that take or show photos: each test gets an empty image queue in memory, and
 * object URLs that read as `url` (jsdom has none), dropped again after the test's own cleanup.
 */
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, vi } from "vitest";
import { replaceImageQueue } from "../offline/images";
import { openImageQueue } from "../offline/images/queue";

/** Call at the top of a test file, before its own hooks (after-hooks run last-registered first). */
export function freshImageQueueEachTest(url = "blob:photo"): void {
  beforeEach(() => {
    replaceImageQueue(openImageQueue({ indexedDB: new IDBFactory(), channel: null }));
    URL.createObjectURL = vi.fn(() => url);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => replaceImageQueue(null));
}
