/**
 * The server's changes on their way down (§4 Sync): pages after the saved cursor, merged into
 * the store a large batch at a time (merge.ts). A server restored from a backup answers the
 * saved cursor with a new epoch, and everything comes down again (docs/sync.md "Server epoch").
 */
import { ApiError } from "../../api/types";
import { CHANGE_NUMBER_KEY, CURSOR_KEY, SERVER_EPOCH_KEY } from "../keys";
import { type DownloadAnswer, EPOCH_CHANGED, type ListsAnswer, type ListsHead } from "./api";
import { clockOffset } from "./clockOffset";
import type { SyncContext } from "./context";
import { PageMerge, TextMerge } from "./merge";
import { yieldToPage } from "./pacing";

export const DOWNLOAD_PAGE_SIZE = 5_000;
/**
 * Records per page from cursor 0 (a first download, or everything again after a restore): the
 * most the server gives, so 100,000 records come in five answers rather than twenty.
 */
export const FIRST_DOWNLOAD_PAGE_SIZE = 20_000;
/**
 * Pages are merged up to this many records at a time, in one transaction. Each merge rewrites
 * the whole list of every site it touches, so merging a first download page by page rewrites
 * the big lists again and again: 100,000 records over 200 sites took 13 s in Chromium page by
 * page, and 0.9 s merged at once. A download a little over a batch is saved twice, the second
 * save reading back and rewriting every site's list for a few records (100,052 records in
 * batches of 100,000 took 1.3 s more), so a batch is twice the 100,000 records of a large
 * organisation. It bounds the pages kept for a merge done again and one transaction's size,
 * not what the download holds: each batch after the first reads back every list it touches,
 * and a first download touches them all.
 */
export const MERGE_BATCH = 200_000;
/** The name of the performance measure each save of downloaded records leaves. */
export const MERGE_MEASURE = "fieldtag:merge";

export interface DownloadSizes {
  pageSize: number;
  /** Records per page while the download goes on from cursor 0. */
  firstPageSize: number;
  mergeBatch: number;
  /** A first download stores a site's list in parts of at least this many characters. */
  listPartChars: number;
}

/** The server was restored from a backup since the cursor was given. */
function isEpochChange(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === EPOCH_CHANGED;
}

/** The server did not take the query: a server that knows no `format`. */
function isRefusedQuery(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

interface Fetched {
  page: DownloadAnswer | ListsAnswer;
  /** Server clock minus device clock, learned from this answer. */
  offset: number | undefined;
}

/**
 * Downloads and merges every change after the saved cursor. Answers when it ended, and whether
 * everything came down again because the server was restored (`restored`): the changes saved
 * meanwhile should go up now.
 *
 * One page is always on its way while the one before is placed (merge.ts PageMerge), so the
 * server prepares the next answer while this tab works on the last; the records are saved
 * once, at the end or every `mergeBatch` records.
 */
export async function download({ store, api, now, board, feed }: SyncContext, { pageSize, firstPageSize, mergeBatch, listPartChars }: DownloadSizes): Promise<{ restored: boolean; at: string }> {
  const [savedCursor, savedEpoch, savedChangeNumber] = await store.getMany<unknown>([CURSOR_KEY, SERVER_EPOCH_KEY, CHANGE_NUMBER_KEY]);
  let cursor = (savedCursor as string | number | undefined) ?? 0;
  let epoch = savedEpoch as string | undefined;
  let resync = false;
  let limit = Number(cursor) > 0 ? pageSize : firstPageSize;
  // A store that never held a record takes the lists as the server wrote them, until its first save.
  const changeNumber = (savedChangeNumber as number | undefined) ?? 0;
  let asText = Number(cursor) === 0 && api.downloadLists !== undefined && changeNumber === 0;

  // Ends what is still on its way when the download ends (a page asked for ahead of a failure).
  const stopped = new AbortController();
  // The next page is asked for as soon as the head of the one coming down says where it starts,
  // so the server makes it meanwhile; one page ahead at most.
  let comingFrom: string | number = cursor;
  let ahead: { from: string | number; fetched: Promise<Fetched> } | undefined;
  const heads = new Map<string, ListsHead>();
  const askAhead = () => {
    const head = heads.get(String(comingFrom));
    if (ahead || !head?.hasMore || String(head.cursor) === String(comingFrom)) return;
    epoch = head.serverEpoch ?? epoch;
    ahead = { from: head.cursor, fetched: ask(head.cursor) };
    ahead.fetched.catch(() => undefined);
  };
  const ask = async (from: string | number): Promise<Fetched> => {
    const sentAt = now();
    const query = { cursor: from, limit, serverEpoch: Number(from) > 0 ? epoch : undefined };
    const onHead = (head: ListsHead) => {
      heads.set(String(from), head);
      askAhead();
    };
    const page = asText && api.downloadLists ? await api.downloadLists(query, onHead, stopped.signal) : await api.download(query);
    return { page, offset: clockOffset(page.serverTime, sentAt, now()) };
  };
  try {
    let next = ask(cursor);
    const newMerge = () => (asText ? new TextMerge(changeNumber, listPartChars) : new PageMerge(store, resync));
    let merge = newMerge();
    for (;;) {
      let fetched: Fetched;
      try {
        fetched = await next;
      } catch (error) {
        if (asText && merge.records === 0 && isRefusedQuery(error)) {
          // A server without the lists answer (an older one behind a newer cached app): object
          // answers. Only on the first page: a refusal later is a failure, and the run is tried again.
          asText = false;
          merge = newMerge();
          next = ask(cursor);
          continue;
        }
        if (resync || !isEpochChange(error)) throw error;
        // The cursor counts versions of a history the server no longer has. The outbox is
        // untouched; the stored cursor moves only with the first saved page, so a failure
        // here starts over the same way.
        resync = true;
        cursor = 0;
        epoch = undefined;
        limit = firstPageSize;
        ahead = undefined;
        comingFrom = cursor;
        heads.clear();
        merge = newMerge();
        next = ask(cursor);
        continue;
      }
      const { page, offset } = fetched;
      board.reachable = true;
      epoch = page.serverEpoch ?? epoch;
      if (page.hasMore && page.cursor === cursor) throw new Error(`the sync cursor did not move from ${cursor}`);
      cursor = page.cursor;
      if (page.hasMore) {
        next = ahead && String(ahead.from) === String(cursor) ? ahead.fetched : ask(cursor);
        ahead = undefined;
        heads.delete(String(comingFrom));
        comingFrom = cursor;
        askAhead();
        // Read in the next turn of the loop; until then a failure must not go unheard.
        next.catch(() => undefined);
      }
      // The answer was read and parsed in one stretch of the page's thread: input goes first.
      await yieldToPage();
      await merge.add(page);
      if (!page.hasMore || merge.records >= mergeBatch) {
        const saveStart = performance.now();
        const records = merge.records;
        feed.changed(await merge.save(store, offset));
        if (offset !== undefined) board.publish({ clockOffset: offset });
        // Visible in the browser's performance timeline (and read by bench/web).
        performance.measure(MERGE_MEASURE, { start: saveStart, detail: { records } });
        // The store holds records now: later pages are merged record by record.
        asText = false;
        merge = newMerge();
      }
      if (!page.hasMore) break;
    }
  } finally {
    stopped.abort();
  }
  return { restored: resync, at: new Date(now()).toISOString() };
}
