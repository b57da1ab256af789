/**
 * When the sync runs: an upload 300 ms after the last local change; an upload and a download
 * every minute in the tab that leads; a run the server answered with an error again after a
 * growing pause; and, while the server cannot be reached, as soon as a probe hears it again.
 * The browser's network and visibility events, and what other tabs learn of the network, are
 * hints that move these along.
 */
import type { SyncApi } from "./api";
import type { Network, TimerHandle, Timers } from "./environment";
import { LEADER_LOCK, type Locks } from "./locks";
import { ServerProbe } from "./probe";
import { type RunRequest, type RunSteps, SyncRuns } from "./runs";
import type { StatusBoard } from "./statusBoard";

/** How often the leading tab syncs (ms). */
export const SYNC_INTERVAL_MS = 60_000;
/** §9: an upload follows the last local change by 300 ms. */
export const UPLOAD_DEBOUNCE_MS = 300;
/** While the change stream is held, the periodic sync runs only every this many intervals (5 min): a safety net, not the news. */
export const LIVE_INTERVAL_TICKS = 5;
/** A run the server answered with an error is tried again after 2 s, then 4 s, 8 s … up to this. */
export const RETRY_MAX_MS = 30_000;

export interface SchedulerOptions {
  board: StatusBoard;
  api: SyncApi;
  steps: RunSteps;
  timers: Timers;
  locks: Locks;
  network: Network;
  intervalMs: number;
  debounceMs: number;
  log: (error: unknown) => void;
  /** Called when this tab starts to lead, with the signal that ends its leading (live sync holds its stream). */
  onLead?: (signal: AbortSignal) => void;
  /** Changes come live: the periodic sync may slow down. */
  slowed?: () => boolean;
}

export class SyncScheduler {
  private running = false;
  private leading = false;
  /** Aborting it gives up leading, or waiting to lead. */
  private leadership: AbortController | null = null;
  private debounce: TimerHandle | undefined;
  private retry: TimerHandle | undefined;
  private retryDelay = 0;
  /** A run that failed for want of an answer wanted to download: the run when the server is back does. */
  private downloadOwed = false;
  private unsubscribeNetwork: (() => void) | null = null;
  private unsubscribeVisibility: (() => void) | null = null;
  private readonly runs: SyncRuns;
  private readonly probe: ServerProbe;

  constructor(private readonly options: SchedulerOptions) {
    const { board, api, steps, timers, locks, network, log } = options;
    this.runs = new SyncRuns({
      board,
      locks,
      network,
      steps,
      log,
      succeeded: (run, reconnected) => {
        this.retryDelay = 0;
        // A download heard the server first (the live stream's, before the probe or any online
        // event): what waited goes up now, not at the next periodic sync.
        if (reconnected && !run.upload) {
          this.downloadOwed = false;
          this.probe.reset();
          void this.runs.enqueue(true, false);
        }
      },
      failed: (run, reconnected) => this.failed(run, reconnected),
    });
    this.probe = new ServerProbe({ api, timers, network, wanted: () => this.running && !board.reachable, answered: () => this.back() });
  }

  get started(): boolean {
    return this.running;
  }

  /** Starts periodic syncs (when this tab leads) and uploads what an earlier session left. */
  start(): void {
    const { board, locks, network, log } = this.options;
    this.running = true;
    this.unsubscribeNetwork = network.subscribe(this.onNetwork);
    this.unsubscribeVisibility = network.onVisibility(this.onVisibility);
    board.reachable = network.online();
    board.refreshInfo().catch(log);
    const { signal } = (this.leadership = new AbortController());
    locks.request(LEADER_LOCK, { signal }, () => this.lead(signal)).catch(() => undefined);
    // Whatever an earlier session left unsent, from every tab.
    void this.runs.enqueue(true, false);
  }

  stop(): void {
    const { timers } = this.options;
    this.running = false;
    this.unsubscribeNetwork?.();
    this.unsubscribeVisibility?.();
    this.leadership?.abort();
    if (this.debounce !== undefined) timers.clearTimeout(this.debounce);
    this.debounce = undefined;
    if (this.retry !== undefined) timers.clearTimeout(this.retry);
    this.retry = undefined;
    this.retryDelay = 0;
    this.probe.reset();
  }

  /** Uploads, then downloads, now. */
  syncNow(): Promise<void> {
    this.cancelDebounce();
    return this.runs.enqueue(true, true);
  }

  /** Uploads once local changes have paused for the debounce. */
  uploadSoon(): void {
    if (!this.running) return; // The outbox keeps it; start() uploads it.
    this.cancelDebounce();
    this.debounce = this.options.timers.setTimeout(() => {
      this.debounce = undefined;
      void this.runs.enqueue(true, false);
    }, this.options.debounceMs);
  }

  /**
   * The server announced changes this device has not downloaded: download after the current
   * run (notices meanwhile join), if `stillBehind` then says the runs before did not bring them.
   */
  downloadSoon(stillBehind?: () => Promise<boolean>): void {
    if (this.running) void this.runs.enqueue(false, true, false, stillBehind);
  }

  /** Another tab learnt whether the server answers: tabs share what they learn of the network. */
  heard(online: boolean): void {
    const { board } = this.options;
    if (online && !board.reachable) this.back();
    else if (!online && board.reachable) {
      board.reachable = false;
      this.probe.later();
    }
  }

  /** Resolves when no sync is queued or running in this tab, and no probe waits for an answer. */
  async idle(): Promise<void> {
    let last: Promise<void>;
    do {
      last = this.runs.last;
      await Promise.all([last, ...this.probe.waiting]);
    } while (last !== this.runs.last || this.probe.waiting.size > 0);
  }

  private cancelDebounce(): void {
    if (this.debounce !== undefined) this.options.timers.clearTimeout(this.debounce);
    this.debounce = undefined;
  }

  private failed(run: RunRequest, reconnected: boolean): void {
    // A download that heard the server again but failed (a 500, say): its retry sends what waits too.
    if (this.options.board.reachable) this.scheduleRetry(reconnected ? { ...run, upload: true } : run);
    else {
      this.downloadOwed ||= run.download;
      this.probe.later();
    }
  }

  private scheduleRetry(run: RunRequest): void {
    if (!this.running || this.retry !== undefined) return;
    this.retryDelay = Math.min(this.retryDelay ? this.retryDelay * 2 : 2_000, RETRY_MAX_MS);
    this.retry = this.options.timers.setTimeout(() => {
      this.retry = undefined;
      void this.runs.enqueue(run.upload, run.download, run.ifAvailable);
    }, this.retryDelay);
  }

  /** The server can be reached again: send what waited; the leader also catches up. */
  private back(): void {
    this.options.board.reachable = true;
    this.probe.reset();
    // The run below starts as soon as the sync lock allows; until then, say it is coming.
    this.options.board.setState("syncing");
    const download = this.leading || this.downloadOwed;
    this.downloadOwed = false;
    void this.runs.enqueue(true, download);
  }

  private readonly onNetwork = (online: boolean): void => {
    const { board } = this.options;
    if (online) {
      this.back();
      return;
    }
    board.reachable = false;
    board.publish({ online: false, failureReason: undefined });
    this.probe.later();
  };

  private readonly onVisibility = (visible: boolean): void => {
    if (!visible || !this.running) return;
    if (!this.options.board.reachable) {
      // Shown again: ask now rather than at the hidden page's slow pace.
      this.probe.reset();
      this.probe.ask();
    } else if (this.options.board.status.pending > 0) {
      // A hidden page may have been frozen before its debounced upload ran.
      this.cancelDebounce();
      void this.runs.enqueue(true, false);
    }
  };

  /** Runs the periodic syncs while this tab holds the leader lock, until `signal` aborts. */
  private lead(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve(); // Stopped before the lock came.
    this.leading = true;
    void this.runs.enqueue(true, true, true);
    this.options.onLead?.(signal);
    let skipped = 0;
    const interval = this.options.timers.setInterval(() => {
      // While the server cannot be reached the probe brings the sync back, not the interval.
      if (!this.options.board.reachable) return;
      if (this.options.slowed?.() && ++skipped < LIVE_INTERVAL_TICKS) return;
      skipped = 0;
      void this.runs.enqueue(true, true, true);
    }, this.options.intervalMs);
    return new Promise((release) => {
      signal.addEventListener(
        "abort",
        () => {
          this.leading = false;
          this.options.timers.clearInterval(interval);
          release();
        },
        { once: true },
      );
    });
  }
}
