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
import { CLOCK_OFFSET_KEY, CURSOR_KEY, SERVER_EPOCH_KEY, listKey } from "../keys";
import { type SyncRecord, serverCopyWins } from "../records";
import type { StoreTransaction } from "../store";
import type { DownloadAnswer } from "./api";
import { type RecordChanges, RecordLists, refOf } from "./lists";

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
  const incoming: [SyncKind, SyncRecord][] = [];
  for (const page of pages) {
    for (const kind of SYNC_KINDS) {
      if (kind === "globalAlerts") continue;
      for (const record of page[kind] ?? []) incoming.push([kind, record]);
    }
  }

  const lists = new RecordLists(tx);
  const [, alerts] = await Promise.all([lists.load(incoming.map(([kind, record]) => refOf(kind, record))), tx.get(ALERTS_KEY)]);
  for (const [kind, server] of incoming) {
    const local = lists.find(kind, server.id);
    if (serverCopyWins(resync && local ? { ...local, version: undefined } : local, server)) lists.place(kind, server);
  }
  lists.write();

  const changes = lists.changes();
  const kinds = new Set(changes.kinds);
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
