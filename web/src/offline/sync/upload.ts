/**
 * Local changes on their way up (§4 Sync): each is saved, stamped and flagged in one
 * transaction, then sent in batches; the server's answers settle each batch (outbox.ts) and
 * tell how far the device clock is from the server's.
 */
import { type UploadKind, isLocationScoped, isUploadKind } from "../kinds";
import { CLOCK_OFFSET_KEY, OUTBOX_KEY } from "../keys";
import type { LocalRecord } from "../records";
import type { SyncRecord } from "../../domain/syncRecord";
import type { StoreReader } from "../store";
import { clockOffset } from "./clockOffset";
import type { SyncContext } from "./context";
import { type OutboxEntry, collectBatch, entryName, saveLocalChange, settleBatch } from "./outbox";

/** Records per upload request, well under the server's 8 MiB body limit. */
export const UPLOAD_BATCH = 1_000;

/** How many local changes have not reached the server yet (every tab's). */
export async function outboxSize(tx: StoreReader): Promise<number> {
  return ((await tx.get<OutboxEntry[]>(OUTBOX_KEY)) ?? []).length;
}

/** Saves a local change to upload; the caller schedules the upload. */
export async function saveChange<T extends LocalRecord>({ store, now, board, feed }: SyncContext, kind: UploadKind, record: T): Promise<T & SyncRecord> {
  if (!isUploadKind(kind)) throw new Error(`${kind as string} are download only`);
  if (isLocationScoped(kind) && !record.locationId) throw new Error(`${kind} ${record.id}: locationId is not set`);
  const turn = board.takeTurn();
  const { saved, changes, pending } = await store.update(async (tx) => ({ ...(await saveLocalChange(tx, kind, record, now())), pending: await outboxSize(tx) }));
  feed.changed(changes);
  board.show(turn, "pending", { pending });
  return saved;
}

/** Sends the outbox, `batchSize` records a request, until every entry has been looked at once. */
export async function upload({ store, api, now, board, feed }: SyncContext, batchSize: number): Promise<void> {
  // Entries looked at in this run; one edited again in flight waits for its own upload.
  const looked = new Set<string>();
  for (;;) {
    const collectTurn = board.takeTurn();
    const { batch, pending } = await store.update(async (tx) => ({ batch: await collectBatch(tx, looked, batchSize), pending: await outboxSize(tx) }));
    board.show(collectTurn, "pending", { pending });
    if (!batch) break;
    for (const entry of batch.looked) looked.add(entryName(entry));
    if (batch.sent.size === 0) continue;
    const sentAt = now();
    const answer = await api.upload(batch.body);
    board.reachable = true;
    const offset = clockOffset(answer.serverTime, sentAt, now());
    const settleTurn = board.takeTurn();
    const settled = await store.update(async (tx) => {
      const result = await settleBatch(tx, batch, answer, new Date(now()).toISOString());
      if (offset !== undefined) tx.set(CLOCK_OFFSET_KEY, offset);
      return { ...result, pending: await outboxSize(tx) };
    });
    if (offset !== undefined) board.publish({ clockOffset: offset });
    board.show(settleTurn, "rejected", { rejected: settled.rejected });
    board.show(settleTurn, "pending", { pending: settled.pending });
    feed.changed(settled.changes);
  }
  await board.saveInfo({ lastSuccessfulUploadDate: new Date(now()).toISOString() });
}
