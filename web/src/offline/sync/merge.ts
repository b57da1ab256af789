/**
 * Merging downloaded pages into the local store (§4 Sync): a server copy replaces the local
 * one by {@link serverCopyWins}; `globalAlerts` is always the whole current list. The
 * records, the cursor and the clock offset are written in one transaction, so a failure
 * leaves the store as it was and the same pages come down again.
 *
 * After the server was restored (a new epoch), versions are numbers of another history: the
 * whole download is merged with `resync`, which compares stamps and never takes an equal
 * version to mean the same write.
 */
import { SYNC_KINDS, type SyncKind } from "../kinds";
import { CHANGE_NUMBER_KEY, CLOCK_OFFSET_KEY, CURSOR_KEY, SERVER_EPOCH_KEY, listKey } from "../keys";
import { serverCopyWins } from "../records";
import type { SyncRecord } from "../../domain/syncRecord";
import type { KeyValueStore, StoreReader, StoreTransaction } from "../store";
import type { DownloadAnswer } from "./api";
import { type RecordChanges, RecordLists, refOf } from "./lists";
import { Pacing } from "./pacing";

const ALERTS_KEY = listKey("globalAlerts");

/**
 * Merges `pages` (oldest first) and saves the last one's cursor and the clock offset learned
 * from it; answers the kinds that changed.
 */
export async function mergePages(
  tx: StoreTransaction,
  pages: readonly DownloadAnswer[],
  clockOffset?: number,
  { resync = false }: { resync?: boolean } = {},
): Promise<RecordChanges> {
  const last = pages.at(-1);
  if (!last) return { kinds: new Set(), records: [] };
  const lists = new RecordLists(tx);
  await placePages(lists, pages, resync);
  await tx.setAll(lists.entries());
  return finish(tx, lists, last, clockOffset);
}

/**
 * A download's pages merged as they come down, ahead of the transaction that saves them: the
 * lists a page touches are read (in read-only transactions) and its records placed while the
 * next page is on its way, so the save only writes. Should any tab change records in between
 * (the change number moved), the save merges the pages again over what is stored by then, as
 * {@link mergePages} does: a change waiting to upload still wins.
 */
export class PageMerge {
  private readonly pages: DownloadAnswer[] = [];
  private readonly lists: RecordLists;
  /** How many records the pages added so far hold. */
  records = 0;

  constructor(
    store: StoreReader,
    private readonly resync: boolean,
  ) {
    // Reads only: placed records reach the store in save()'s transaction.
    this.lists = new RecordLists({ get: (key) => store.get(key), getMany: (keys) => store.getMany(keys), keys: () => store.keys() });
  }

  /** Places a page's records after those of the pages added before it. */
  async add(page: DownloadAnswer): Promise<void> {
    this.pages.push(page);
    for (const kind of SYNC_KINDS) if (kind !== "globalAlerts") this.records += page[kind]?.length ?? 0;
    await placePages(this.lists, [page], this.resync, new Pacing());
  }

  /** Saves the placed records, the last page's cursor and the clock offset in one transaction. */
  save(store: KeyValueStore, clockOffset?: number): Promise<RecordChanges> {
    return store.update(async (tx) => {
      const last = this.pages.at(-1);
      if (!last) return { kinds: new Set(), records: [] };
      const number = (await tx.get<number>(CHANGE_NUMBER_KEY)) ?? 0;
      if (number !== this.lists.firstChangeNumber) return mergePages(tx, this.pages, clockOffset, { resync: this.resync });
      await tx.setAll(this.lists.entries());
      return finish(tx, this.lists, last, clockOffset);
    });
  }
}

/**
 * Reads what the pages' records need and places each server copy that wins over the stored one;
 * with `pacing`, in slices (never inside a transaction: pausing would commit it).
 */
async function placePages(lists: RecordLists, pages: readonly DownloadAnswer[], resync: boolean, pacing?: Pacing): Promise<void> {
  const incoming: [SyncKind, SyncRecord][] = [];
  for (const page of pages) {
    for (const kind of SYNC_KINDS) {
      if (kind === "globalAlerts") continue;
      for (const record of page[kind] ?? []) incoming.push([kind, record]);
    }
  }
  await lists.load(incoming.map(([kind, record]) => refOf(kind, record)), pacing);
  for (let i = 0; i < incoming.length; i++) {
    const [kind, server] = incoming[i] as [SyncKind, SyncRecord];
    const local = lists.find(kind, server.id);
    if (serverCopyWins(resync && local ? { ...local, version: undefined } : local, server)) lists.place(kind, server);
    if (pacing?.due(i)) await pacing.pause();
  }
}

/** The rest of a merge's writes, after the lists': alerts, cursor, epoch and clock offset. */
async function finish(tx: StoreTransaction, lists: RecordLists, last: DownloadAnswer, clockOffset: number | undefined): Promise<RecordChanges> {
  const changes = lists.changes();
  const kinds = new Set(changes.kinds);
  const alerts = await tx.get(ALERTS_KEY);
  if (last.globalAlerts && JSON.stringify(last.globalAlerts) !== JSON.stringify(alerts)) {
    tx.set(ALERTS_KEY, last.globalAlerts);
    // The whole list is replaced, not its records placed: readers read it again.
    kinds.add("globalAlerts");
  }
  tx.set(CURSOR_KEY, last.cursor);
  if (last.serverEpoch !== undefined) tx.set(SERVER_EPOCH_KEY, last.serverEpoch);
  if (clockOffset !== undefined) tx.set(CLOCK_OFFSET_KEY, clockOffset);
  return { ...changes, kinds };
}
