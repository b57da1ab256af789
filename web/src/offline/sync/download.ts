/**
 * The server's changes on their way down (§4 Sync): pages after the saved cursor, merged into
 * the store a large batch at a time (merge.ts). A server restored from a backup answers the
 * saved cursor with a new epoch, and everything comes down again (docs/sync.md "Server epoch").
 */
import { ApiError } from "../../api/types";
import { CURSOR_KEY, SERVER_EPOCH_KEY } from "../keys";
import { type DownloadAnswer, EPOCH_CHANGED } from "./api";
import { clockOffset } from "./clockOffset";
import type { SyncContext } from "./context";
import { mergePages } from "./merge";

export const DOWNLOAD_PAGE_SIZE = 5_000;
/**
 * Pages are merged up to this many records at a time, in one transaction. Each merge rewrites
 * the whole list of every site it touches, so merging a first download page by page rewrites
 * the big lists again and again: 100,000 records over 200 sites took 13 s in Chromium page by
 * page, and 0.9 s merged at once.
 */
export const MERGE_BATCH = 100_000;
/** The name of the performance measure each merge of downloaded records leaves. */
export const MERGE_MEASURE = "fieldtag:merge";

export interface DownloadSizes {
  pageSize: number;
  mergeBatch: number;
}

/** The server was restored from a backup since the cursor was given. */
function isEpochChange(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === EPOCH_CHANGED;
}

function recordCount(page: DownloadAnswer): number {
  let count = 0;
  for (const value of Object.values(page)) if (Array.isArray(value)) count += value.length;
  return count;
}

/**
 * Downloads and merges every change after the saved cursor. Answers whether everything came
 * down again because the server was restored: the changes saved meanwhile should go up now.
 */
export async function download({ store, api, now, board, feed }: SyncContext, { pageSize, mergeBatch }: DownloadSizes): Promise<boolean> {
  const [savedCursor, savedEpoch] = await store.getMany<unknown>([CURSOR_KEY, SERVER_EPOCH_KEY]);
  let cursor = (savedCursor as string | number | undefined) ?? 0;
  let epoch = savedEpoch as string | undefined;
  let pages: DownloadAnswer[] = [];
  let pending = 0;
  let resync = false;
  for (;;) {
    const sentAt = now();
    let page: DownloadAnswer;
    try {
      page = await api.download({ cursor, limit: pageSize, serverEpoch: Number(cursor) > 0 ? epoch : undefined });
    } catch (error) {
      if (resync || !isEpochChange(error)) throw error;
      // The cursor counts versions of a history the server no longer has. The outbox is
      // untouched; the stored cursor moves only with the first merged page, so a failure
      // here starts over the same way.
      resync = true;
      cursor = 0;
      epoch = undefined;
      pages = [];
      pending = 0;
      continue;
    }
    board.reachable = true;
    epoch = page.serverEpoch ?? epoch;
    if (page.hasMore && page.cursor === cursor) throw new Error(`the sync cursor did not move from ${cursor}`);
    const offset = clockOffset(page.serverTime, sentAt, now());
    pages.push(page);
    pending += recordCount(page);
    cursor = page.cursor;
    if (!page.hasMore || pending >= mergeBatch) {
      const batch = pages;
      const mergeStart = performance.now();
      feed.changed(await store.update((tx) => mergePages(tx, batch, offset, { resync })));
      if (offset !== undefined) board.publish({ clockOffset: offset });
      // Visible in the browser's performance timeline (and read by bench/web).
      performance.measure(MERGE_MEASURE, { start: mergeStart, detail: { records: pending } });
      pages = [];
      pending = 0;
    }
    if (!page.hasMore) break;
  }
  await board.saveInfo({ lastSuccessfulDownloadDate: new Date(now()).toISOString() });
  return resync;
}
