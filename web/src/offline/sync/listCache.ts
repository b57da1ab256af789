/**
 * Lists read from the store, shared by every screen that asks until their kind changes: a
 * site's thousands of records are read and deserialised once, not once per screen and visit.
 *
 * A change made here or in another tab patches the kept lists with the records it placed, so
 * a service performed in one tab reaches another tab's equipment list without reading the
 * site's history again. Changes are numbered by the store ({@link RecordChanges}); one that
 * arrives out of order (a tab's message overtaken by a later change) cannot be patched in
 * safely, so its kinds are read again instead, as are changes too large to send between tabs.
 */
import { type SyncKind, isLocationScoped } from "../kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import type { RecordChanges } from "./lists";

/** Changes of more records than this are not sent between tabs: each tab reads its lists again. */
export const PATCH_LIMIT = 2_000;

interface Entry {
  kind: SyncKind;
  locationId: string;
  read: Promise<SyncRecord[]>;
  /** The answer, once `read` has settled. */
  records?: SyncRecord[];
}

export class ListCache {
  private readonly lists = new Map<string, Entry>();
  /** The highest change number heard of. */
  private latest = 0;

  constructor(private readonly load: (kind: SyncKind, locationId?: string) => Promise<SyncRecord[]>) {}

  /** The kind's records that are not deleted (one site's with `locationId`), read once until they change. */
  list(kind: SyncKind, locationId?: string): Promise<SyncRecord[]> {
    const key = keyOf(kind, locationId);
    const kept = this.lists.get(key);
    if (kept) return kept.read;
    const entry = { kind, locationId: locationId ?? "", read: this.load(kind, locationId) };
    this.keep(key, entry);
    return entry.read;
  }

  /** The kept list, if its read has finished: a screen opened again shows it without waiting. */
  peek(kind: SyncKind, locationId?: string): SyncRecord[] | undefined {
    return this.lists.get(keyOf(kind, locationId))?.records;
  }

  /**
   * Brings the kept lists up to date with a committed change: patched with its records when
   * it comes in order and carries them, otherwise forgotten, to be read again.
   */
  changed(changes: RecordChanges): void {
    const inOrder = changes.number !== undefined && changes.number > this.latest;
    if (changes.number !== undefined) this.latest = Math.max(this.latest, changes.number);
    const byKind = new Map<SyncKind, Map<string, SyncRecord>>();
    for (const [kind, record] of changes.records) {
      let records = byKind.get(kind);
      if (!records) byKind.set(kind, (records = new Map()));
      records.set(record.id, record);
    }
    for (const [key, entry] of this.lists) {
      if (!changes.kinds.has(entry.kind)) continue;
      const records = byKind.get(entry.kind);
      if (!inOrder || !records) {
        this.lists.delete(key);
        continue;
      }
      this.keep(key, { kind: entry.kind, locationId: entry.locationId, read: entry.read.then((list) => patched(list, records, entry)) });
    }
  }

  private keep(key: string, entry: Entry): void {
    this.lists.set(key, entry);
    entry.read.then(
      (records) => {
        entry.records = records;
      },
      () => this.lists.get(key) === entry && this.lists.delete(key),
    );
  }
}

const keyOf = (kind: SyncKind, locationId?: string) => `${kind}\u0000${locationId ?? ""}`;

/**
 * `list` with `changed` placed: a changed record replaces its copy where it still belongs (its
 * site, for a site's list of a location-scoped kind, and not deleted), leaves it otherwise,
 * and joins the end when new. Patching twice with the same records changes nothing.
 */
function patched(list: readonly SyncRecord[], changed: ReadonlyMap<string, SyncRecord>, { kind, locationId }: { kind: SyncKind; locationId: string }): SyncRecord[] {
  const belongs = (record: SyncRecord) => !record.deleted && (!isLocationScoped(kind) || locationId === "" || record.locationId === locationId);
  const next: SyncRecord[] = [];
  const seen = new Set<string>();
  for (const record of list) {
    const replacement = changed.get(record.id);
    if (!replacement) next.push(record);
    else if (belongs(replacement)) next.push(replacement);
    if (replacement) seen.add(record.id);
  }
  for (const [id, record] of changed) if (!seen.has(id) && belongs(record)) next.push(record);
  return next;
}
