/**
 * The outbox: local changes waiting to upload, and how an upload's answers settle them (§4
 * Sync, docs/sync.md). A record is settled only if it is still exactly the copy that was
 * sent: one changed again while the upload was in flight stays flagged for the next upload.
 */
import { t } from "../../lib/strings";
import type { UploadKind } from "../kinds";
import { CLOCK_OFFSET_KEY, OUTBOX_KEY, REJECTED_KEY } from "../keys";
import type { LocalRecord } from "../records";
import type { SyncRecord } from "../../domain/syncRecord";
import type { StoreTransaction } from "../store";
import type { RecordAnswer, UploadAnswer, UploadBody } from "./api";
import { type RecordChanges, type RecordRef, RecordLists, refOf } from "./lists";

/** A record changed locally and not yet settled. */
export interface OutboxEntry {
  kind: UploadKind;
  id: string;
}

/**
 * An upload the server refused. The local copy is kept but no longer flagged, so it is not
 * sent again and again, and nothing is lost silently; this entry says what and why. The copy
 * stays as the user left it until the server's copy changes and comes down.
 */
export interface RejectedUpload {
  kind: UploadKind;
  id: string;
  /** The server's reason, starting with the field at fault or naming the missing permission. */
  reason: string;
  /** When the answer came (device clock, ISO 8601). */
  at: string;
}

/** The rejected list keeps the latest few; older refusals drop off. */
const REJECTED_KEPT = 100;

export interface UploadBatch {
  body: UploadBody;
  /** Each record as it was read, flag included, in the order sent. */
  sent: Map<UploadKind, SyncRecord[]>;
  /** The outbox entries this batch looked at, sent or not. */
  looked: OutboxEntry[];
}

export function entryName(entry: OutboxEntry): string {
  return `${entry.kind}/${entry.id}`;
}

/**
 * Saves a local change: stamped with the server-corrected time, flagged, placed in its list
 * and added to the outbox, all in the transaction `tx`.
 */
export async function saveLocalChange<T extends LocalRecord>(
  tx: StoreTransaction,
  kind: UploadKind,
  record: T,
  deviceNow: number,
): Promise<{ saved: T & SyncRecord; changes: RecordChanges }> {
  const lists = new RecordLists(tx);
  const [, offset = 0, outbox = []] = await Promise.all([
    lists.load([refOf(kind, record)]),
    tx.get<number>(CLOCK_OFFSET_KEY),
    tx.get<OutboxEntry[]>(OUTBOX_KEY),
  ]);
  // Later than the copy it replaces, so the server's last-writer-wins keeps this edit.
  const previous = Date.parse(lists.find(kind, record.id)?.lastUpdated ?? "");
  const stamp = Math.max(deviceNow + offset, Number.isNaN(previous) ? 0 : previous + 1);
  const saved = { ...record, lastUpdated: new Date(stamp).toISOString(), hasBeenChangedLocally: true } as T & SyncRecord;
  lists.place(kind, saved);
  lists.write();
  if (!outbox.some((entry) => entry.kind === kind && entry.id === record.id)) tx.set(OUTBOX_KEY, [...outbox, { kind, id: record.id }]);
  return { saved, changes: lists.changes() };
}

/**
 * The next batch of at most `limit` outbox entries not in `skip`: their flagged records, ready
 * to send. Entries whose record is no longer flagged (a tombstone came down meanwhile) leave
 * the outbox. Null when every entry has been looked at.
 */
export async function collectBatch(tx: StoreTransaction, skip: ReadonlySet<string>, limit: number): Promise<UploadBatch | null> {
  const outbox = (await tx.get<OutboxEntry[]>(OUTBOX_KEY)) ?? [];
  const looked = outbox.filter((entry) => !skip.has(entryName(entry))).slice(0, limit);
  if (looked.length === 0) return null;

  const lists = new RecordLists(tx);
  await lists.load(looked);
  const body: UploadBody = {};
  const sent = new Map<UploadKind, SyncRecord[]>();
  const done = new Set<string>();
  for (const entry of looked) {
    const record = lists.find(entry.kind, entry.id);
    if (!record?.hasBeenChangedLocally) {
      done.add(entryName(entry));
      continue;
    }
    (body[entry.kind] ??= []).push(withoutFlag(record));
    let records = sent.get(entry.kind);
    if (!records) sent.set(entry.kind, (records = []));
    records.push(record);
  }
  if (done.size > 0) tx.set(OUTBOX_KEY, outbox.filter((entry) => !done.has(entryName(entry))));
  return { body, sent, looked };
}

/**
 * Applies the server's answers: accepted records are unflagged (under the stamp the server
 * kept), stale ones replaced by the server's copy, rejected ones, and stale ones without a copy
 * the user may read, unflagged and listed with the reason. Answers the kinds whose lists changed.
 */
export async function settleBatch(
  tx: StoreTransaction,
  batch: UploadBatch,
  answer: UploadAnswer,
  now: string,
): Promise<{ changes: RecordChanges; rejected: RejectedUpload[] }> {
  const refs: RecordRef[] = [];
  for (const [kind, records] of batch.sent) {
    records.forEach((record, i) => {
      refs.push(refOf(kind, record));
      const reply = answer[kind]?.[i];
      if (reply?.status === "stale" && reply.record) refs.push(refOf(kind, reply.record));
    });
  }
  const lists = new RecordLists(tx);
  const [, outbox = [], rejectedBefore = []] = await Promise.all([
    lists.load(refs),
    tx.get<OutboxEntry[]>(OUTBOX_KEY),
    tx.get<RejectedUpload[]>(REJECTED_KEY),
  ]);

  const settled = new Set<string>();
  const refused: RejectedUpload[] = [];
  for (const [kind, records] of batch.sent) {
    records.forEach((record, i) => {
      const reply: RecordAnswer | undefined = answer[kind]?.[i];
      const current = lists.find(kind, record.id);
      // No answer, or edited again in flight: it stays in the outbox for the next upload.
      if (!reply || reply.id !== record.id || !current || !sameCopy(current, record)) return;
      if (reply.status === "accepted") {
        // The stamp the server kept: a stamp ahead of it here would outrank newer copies coming down.
        lists.place(kind, { ...withoutFlag(current), version: reply.version, lastUpdated: reply.lastUpdated ?? current.lastUpdated });
      } else if (reply.status === "stale" && reply.record) lists.place(kind, withoutFlag(reply.record));
      else {
        // Refused, or stale with a copy this user may not read: the local copy stays, and the user hears why.
        lists.place(kind, withoutFlag(current));
        refused.push({ kind, id: record.id, reason: reply.status === "stale" ? t("syncStaleUnreadable") : reply.reason, at: now });
      }
      settled.add(entryName({ kind, id: record.id }));
    });
  }
  lists.write();
  tx.set(OUTBOX_KEY, outbox.filter((entry) => !settled.has(entryName(entry))));
  // A record settled now is no longer refused, whatever was said of it before.
  const rejected = [...refused, ...rejectedBefore.filter((entry) => !settled.has(entryName(entry)))].slice(0, REJECTED_KEPT);
  tx.set(REJECTED_KEY, rejected);
  return { changes: lists.changes(), rejected };
}

function withoutFlag(record: SyncRecord): SyncRecord {
  const copy = { ...record };
  delete copy.hasBeenChangedLocally;
  return copy;
}

/** Structured clone keeps property order, so an unchanged record serializes the same. */
function sameCopy(a: SyncRecord, b: SyncRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
