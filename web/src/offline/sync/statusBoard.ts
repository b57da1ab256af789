/**
 * What this tab knows and shows of sync: the status (the same object until it changes),
 * whether the server can be reached, and the sync info that every tab shares in the store.
 */
import { CLOCK_OFFSET_KEY, OUTBOX_KEY, REJECTED_KEY, SYNC_INFO_KEY } from "../keys";
import type { KeyValueStore } from "../store";
import type { TabMessage } from "./channel";
import type { OutboxEntry, RejectedUpload } from "./outbox";
import type { SyncInfo, SyncState, SyncStatus } from "./status";

/** The parts of the status read from the store. */
type StoredPart = "info" | "rejected" | "pending";

export class StatusBoard {
  /**
   * Whether the server can be reached, as far as this tab knows: the last call got an answer
   * and the browser has not said offline since, or the browser has said online again. The
   * browser's events are hints, answers the truth (a phone's network often comes back silently).
   */
  reachable: boolean;
  private current: SyncStatus;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  /** Each transaction whose reads the status shows takes a turn as it starts; transactions
   * commit in that order, so what an earlier one read never replaces what a later one did. */
  private turns = 0;
  private readonly shownTurns = new Map<StoredPart, number>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly channel: BroadcastChannel | null,
    online: boolean,
  ) {
    this.reachable = online;
    // Until the first run has said otherwise, the engine is about to check: nothing is known up to date.
    this.current = { state: "syncing", online, rejected: [], pending: 0 };
  }

  get status(): SyncStatus {
    return this.current;
  }

  /** Calls `listener` on every status change; answers how to stop. */
  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(patch: Partial<SyncStatus>): void {
    this.current = { ...this.current, ...patch };
    for (const listener of this.listeners) listener(this.current);
  }

  /** Shows the state here and in the other tabs, with what this tab knows of the network. */
  setState(state: SyncState): void {
    this.publish({ state, online: this.reachable });
    const message: TabMessage = { type: "status", state, online: this.reachable };
    this.channel?.postMessage(message);
  }

  /** Shows here and in the other tabs whether this tab, the leader, holds the change stream. */
  setLive(live: boolean): void {
    if (this.current.live !== live) this.publish({ live });
    const message: TabMessage = { type: "live", live };
    this.channel?.postMessage(message);
  }

  /** A turn for a transaction whose reads the status will show; take it as the transaction starts. */
  takeTurn(): number {
    return ++this.turns;
  }

  /** Shows what the transaction of `turn` read, unless a later one's has been shown. */
  show(turn: number, part: StoredPart, patch: Partial<SyncStatus>): void {
    if (turn <= (this.shownTurns.get(part) ?? 0)) return;
    this.shownTurns.set(part, turn);
    this.publish(patch);
  }

  /** Reads what another tab (or an earlier session) saved of the sync info, and the outbox's size. */
  async refreshInfo(): Promise<void> {
    const turn = this.takeTurn();
    const [info = {}, rejected = [], offset, outbox = []] = await this.store.getMany<unknown>([SYNC_INFO_KEY, REJECTED_KEY, CLOCK_OFFSET_KEY, OUTBOX_KEY]);
    if (typeof offset === "number") this.publish({ clockOffset: offset });
    this.show(turn, "info", info as SyncInfo);
    this.show(turn, "rejected", { rejected: rejected as RejectedUpload[] });
    this.show(turn, "pending", { pending: (outbox as OutboxEntry[]).length });
  }

  /** Another tab saved or settled changes: the outbox they share changed. */
  async refreshPending(): Promise<void> {
    const turn = this.takeTurn();
    const outbox = (await this.store.get<OutboxEntry[]>(OUTBOX_KEY)) ?? [];
    this.show(turn, "pending", { pending: outbox.length });
  }

  async saveInfo(patch: SyncInfo): Promise<void> {
    const turn = this.takeTurn();
    const info = await this.store.update(async (tx) => {
      const next = { ...(await tx.get<SyncInfo>(SYNC_INFO_KEY)), ...patch };
      tx.set(SYNC_INFO_KEY, next);
      return next;
    });
    this.show(turn, "info", info);
  }
}
