/**
 * Sync runs, one after another in this tab; a request made before the queued run starts
 * joins it. A run holds the sync lock, so one tab syncs at a time, uploads and downloads as
 * asked, and says how it went.
 */
import { ApiError } from "../../api/types";
import type { Network } from "./environment";
import { type Locks, SYNC_LOCK } from "./locks";
import type { SyncInfo } from "./status";
import type { StatusBoard } from "./statusBoard";

export interface RunRequest {
  upload: boolean;
  download: boolean;
  /** Skip, rather than wait, when another tab is syncing. */
  ifAvailable: boolean;
  /**
   * A download wanted only while the device is still behind (a live notice's): asked when the
   * run starts, after the runs before it, which may have brought the announced changes down.
   */
  stillBehind?: () => Promise<boolean>;
}

interface Job extends RunRequest {
  done: Promise<void>;
}

export interface RunSteps {
  /** Saves when it ended itself: the status shows it while a long download follows. */
  upload(): Promise<void>;
  /**
   * Answers when it ended, which the run saves with how it went, and whether everything came
   * down again because the server was restored (`restored`).
   */
  download(): Promise<{ restored: boolean; at: string }>;
}

export interface RunsOptions {
  board: StatusBoard;
  locks: Locks;
  network: Network;
  steps: RunSteps;
  log: (error: unknown) => void;
  /** `reconnected`: the server had not been answering when the run began. */
  succeeded: (run: RunRequest, reconnected: boolean) => void;
  /** After the status says so; `board.reachable` tells whether the server answered. */
  failed: (run: RunRequest, reconnected: boolean) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class SyncRuns {
  private queued: Job | null = null;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly options: RunsOptions) {}

  /** Settles after the last run queued, and so after every run before it. */
  get last(): Promise<void> {
    return this.tail;
  }

  /**
   * Queues a sync run after the current one; requests made before it starts join it. With
   * `stillBehind`, the download is made only if it answers true when the run starts.
   */
  enqueue(upload: boolean, download: boolean, ifAvailable = false, stillBehind?: () => Promise<boolean>): Promise<void> {
    const queued = this.queued;
    if (queued) {
      queued.upload ||= upload;
      if (download) queued.stillBehind = joinedCondition(queued, stillBehind);
      queued.download ||= download;
      queued.ifAvailable &&= ifAvailable;
      return queued.done;
    }
    const job: Job = { upload, download, ifAvailable, stillBehind: download ? stillBehind : undefined, done: Promise.resolve() };
    this.queued = job;
    job.done = this.tail.then(() => {
      if (this.queued === job) this.queued = null;
      return this.run(job);
    });
    this.tail = job.done;
    return job.done;
  }

  private async run(job: Job): Promise<void> {
    const { board, locks, network, steps, log, succeeded, failed } = this.options;
    try {
      await locks.request(SYNC_LOCK, { ifAvailable: job.ifAvailable }, async (lock) => {
        if (!lock) return; // Another tab is syncing; what it merges comes over the channel.
        // Nothing left to do is no run: the status stays as the last run left it.
        if (job.download && job.stillBehind && !(await stillBehind(job.stillBehind, log))) {
          if (!job.upload) return;
          job.download = false;
        }
        const reconnected = !board.reachable;
        // A try while the server cannot be reached is quiet: the status keeps saying why.
        if (board.reachable) board.setState("syncing");
        // The download's end is saved with the run's: a write of its own kept the status waiting
        // on the store, behind whatever the screens read as the records arrived.
        const info: SyncInfo = {};
        try {
          if (job.upload) await steps.upload();
          if (job.download) {
            const downloaded = await steps.download();
            info.lastSuccessfulDownloadDate = downloaded.at;
            // Changes saved while everything came down go to the restored server now, not a minute later.
            if (downloaded.restored) await steps.upload();
          }
          await board.saveInfo({ ...info, lastTrySuccessStatus: "yes", failureReason: undefined });
          board.setState("upToDate");
          succeeded(job, reconnected);
        } catch (error) {
          if (error instanceof ApiError) board.reachable = !error.offline;
          log(error);
          // Offline by the browser's own word is a state, not a failure.
          const failureReason = network.online() ? messageOf(error) : undefined;
          await board.saveInfo({ ...info, lastTrySuccessStatus: "no", failureReason }).catch(log);
          board.setState("error");
          failed(job, reconnected);
        }
      });
    } catch (error) {
      log(error);
    }
  }
}

/**
 * The condition of a queued download that another request joins: none if either download has
 * none; else the later one, which stands for the earlier (a notice announces the server's
 * latest version and epoch, so being past the later is being past every earlier one), so a
 * long run that hears hundreds of notices checks once.
 */
function joinedCondition(queued: RunRequest, stillBehind: (() => Promise<boolean>) | undefined): (() => Promise<boolean>) | undefined {
  if (!queued.download) return stillBehind;
  return queued.stillBehind && stillBehind;
}

/** Asks the condition; one that fails counts as behind (a download too many, never one too few). */
async function stillBehind(check: () => Promise<boolean>, log: (error: unknown) => void): Promise<boolean> {
  try {
    return await check();
  } catch (error) {
    log(error);
    return true;
  }
}
