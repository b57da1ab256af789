/**
 * Live sync (docs/sync.md "Live sync"): the tab that leads holds the organisation's change
 * stream, which says only that the version grew. A version above the device's cursor asks for a
 * download now, the normal permission-checked one; nothing from the stream is ever merged. A
 * stream that cannot be held is asked for again after a jittered, growing pause; meanwhile the
 * periodic download goes on as before. Every tab shows whether the stream is held.
 */
import type { StreamEnd, SyncEventHandlers, VersionNotice } from "../../api/syncEvents";
import { ApiError } from "../../api/types";
import { CURSOR_KEY, SERVER_EPOCH_KEY } from "../keys";
import type { KeyValueStore } from "../store";
import type { Network, TimerHandle, Timers } from "./environment";
import type { StatusBoard } from "./statusBoard";

/** The first pause before asking for the stream again; it doubles with each failure… */
export const LIVE_RETRY_BASE_MS = 1_000;
/** …up to this. */
export const LIVE_RETRY_MAX_MS = 30_000;
/** The server sends a keep-alive every 15 s: this long without a byte, and a proxy dropped the stream silently. */
export const LIVE_SILENCE_MS = 45_000;

/** Full jitter: anything from 0 to the doubled pause, so devices cut off together come back apart. */
export function liveRetryDelay(failures: number, random: () => number): number {
  if (failures <= 0) return 0;
  const ceiling = Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_BASE_MS * 2 ** (failures - 1));
  return Math.floor(random() * ceiling);
}

export type OpenEvents = (handlers: SyncEventHandlers, signal: AbortSignal) => Promise<StreamEnd>;

export interface LiveOptions {
  events: OpenEvents;
  store: KeyValueStore;
  board: StatusBoard;
  timers: Timers;
  network: Network;
  random: () => number;
  /** A version the device does not have was announced: download it, if `stillBehind` says so when the download's turn comes. */
  download: (stillBehind: () => Promise<boolean>) => void;
  log: (error: unknown) => void;
}

/** The `end` reason of a stream whose access token expired: asked for again at once, the API client refreshing the token. */
export const TOKEN_EXPIRED = "tokenExpired";

/** The server refused this user the stream: the session ended, or access to the organisation was removed. */
function refused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export class LiveStream {
  private leading: AbortSignal | null = null;

  constructor(private readonly options: LiveOptions) {}

  /** Holds the stream until `signal` aborts (this tab stops leading). */
  hold(signal: AbortSignal): void {
    this.leading = signal;
    this.options.board.setLive(false);
    void this.connect(signal).finally(() => {
      if (this.leading === signal) this.leading = null;
    });
  }

  /** Another tab asks whether the stream is held: only the tab that leads knows. */
  tell(): void {
    if (this.leading) this.options.board.setLive(this.options.board.status.live === true);
  }

  private async connect(signal: AbortSignal): Promise<void> {
    const { events, board, network, log } = this.options;
    let failures = 0;
    while (!signal.aborted) {
      if (!network.online()) {
        // The browser's online event ends the pause; a network that comes back silently, the timer.
        await this.pause(LIVE_RETRY_MAX_MS, signal);
        continue;
      }
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      signal.addEventListener("abort", stop, { once: true });
      const unsubscribe = network.subscribe((online) => online || attempt.abort());
      const watchdog = this.watchdog(attempt);
      let end: StreamEnd | undefined;
      try {
        end = await events(
          {
            version: (notice) => {
              if (board.status.live !== true) board.setLive(true);
              failures = 0;
              this.heard(notice);
            },
            heardFrom: watchdog.reset,
          },
          attempt.signal,
        );
      } catch (error) {
        if (signal.aborted) return; // This tab no longer leads (or closes): the next leader tells.
        if (refused(error)) {
          board.setLive(false);
          return;
        }
        // A server without the route (404) is older, not failing: the periodic download does.
        if (error instanceof ApiError && !error.offline && error.status !== 404) log(error);
      } finally {
        watchdog.stop();
        unsubscribe();
        signal.removeEventListener("abort", stop);
        attempt.abort();
      }
      if (signal.aborted) return;
      // The first version of the next stream says whether anything was missed meanwhile.
      if (end?.reason === TOKEN_EXPIRED && failures === 0) {
        failures += 1; // At once only after a stream that worked, so a token refused again waits.
        continue;
      }
      board.setLive(false);
      failures += 1;
      await this.pause(liveRetryDelay(failures, this.options.random), signal);
    }
  }

  /** Aborts `attempt` when nothing comes for {@link LIVE_SILENCE_MS}. */
  private watchdog(attempt: AbortController): { reset: () => void; stop: () => void } {
    const { timers } = this.options;
    let handle: TimerHandle = timers.setTimeout(() => attempt.abort(), LIVE_SILENCE_MS);
    return {
      reset: () => {
        timers.clearTimeout(handle);
        handle = timers.setTimeout(() => attempt.abort(), LIVE_SILENCE_MS);
      },
      stop: () => timers.clearTimeout(handle),
    };
  }

  /** Waits `ms`, or until the browser says it is online again, or `signal` aborts. */
  private pause(ms: number, signal: AbortSignal): Promise<void> {
    const { timers, network } = this.options;
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        timers.clearTimeout(handle);
        unsubscribe();
        signal.removeEventListener("abort", done);
        resolve();
      };
      const unsubscribe = network.subscribe((online) => online && done());
      signal.addEventListener("abort", done, { once: true });
      const handle = timers.setTimeout(done, ms);
    });
  }

  /**
   * The server already spreads an organisation's notices over 0–250 ms per stream, so the
   * download is asked for at once; asked for during a run, it joins the one queued after it.
   * Whether the device is behind is asked once, when that run starts (sync/runs.ts), so a
   * version the device already has, or one the run under way brings down (a first download
   * hears the latest version as the stream opens), makes no download.
   */
  private heard(notice: VersionNotice): void {
    if (this.leading) this.options.download(() => this.behind(notice));
  }

  /** The announced version is above the cursor, or counts in another history (a restored server). */
  private async behind({ version, serverEpoch }: VersionNotice): Promise<boolean> {
    const [cursor, epoch] = await this.options.store.getMany<unknown>([CURSOR_KEY, SERVER_EPOCH_KEY]);
    if (typeof epoch === "string" && serverEpoch !== undefined && epoch !== serverEpoch) return true;
    return version > Number(cursor ?? 0);
  }

}
