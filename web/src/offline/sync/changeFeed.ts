/**
 * Records changed here or in another tab: the kept lists are patched, screens hear which
 * kinds changed, and the other tabs are told, with the records.
 */
import type { SyncKind } from "../kinds";
import type { TabMessage } from "./channel";
import { type ListCache, PATCH_LIMIT } from "./listCache";
import type { RecordChanges } from "./lists";

export class ChangeFeed {
  private readonly listeners = new Set<(kinds: ReadonlySet<SyncKind>) => void>();

  constructor(
    private readonly lists: ListCache,
    private readonly channel: BroadcastChannel | null,
  ) {}

  /** Calls `listener` when records of some kinds change, here or in another tab; answers how to stop. */
  subscribe(listener: (kinds: ReadonlySet<SyncKind>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(changes: RecordChanges, fromOtherTab = false): void {
    if (changes.kinds.size === 0) return;
    this.lists.changed(changes);
    for (const listener of this.listeners) listener(changes.kinds);
    if (fromOtherTab) return;
    // A large merge is not copied to every tab: they read their lists again.
    const records = changes.records.length <= PATCH_LIMIT ? changes.records : [];
    const message: TabMessage = { type: "changed", kinds: [...changes.kinds], records, number: changes.number };
    this.channel?.postMessage(message);
  }
}
