/**
 * While the server cannot be reached, a cheap probe asks whether it answers again: after 1 s,
 * then 1.5 s, then every 2 s, so a return is noticed within 2 s; every 30 s while the page is
 * hidden.
 */
import type { SyncApi } from "./api";
import type { Network, TimerHandle, Timers } from "./environment";

export const PROBE_FIRST_MS = 1_000;
export const PROBE_MAX_MS = 2_000;
/** The probe's pace while the page is hidden; showing the page probes at once. */
export const PROBE_HIDDEN_MS = 30_000;

export interface ProbeOptions {
  api: SyncApi;
  timers: Timers;
  network: Network;
  /** Whether probing is wanted now: the engine runs and the server is not known to answer. */
  wanted: () => boolean;
  /** The server answered while probing was wanted. */
  answered: () => void;
}

export class ServerProbe {
  private next: TimerHandle | undefined;
  private delay = PROBE_FIRST_MS;
  /** Probes waiting for an answer. */
  private readonly asking = new Set<Promise<void>>();

  constructor(private readonly options: ProbeOptions) {}

  get waiting(): ReadonlySet<Promise<void>> {
    return this.asking;
  }

  /** The next probe, unless one is due or none is wanted. */
  later(): void {
    const { timers, network, wanted } = this.options;
    if (this.next !== undefined || !wanted()) return;
    const visible = network.visible();
    const delay = visible ? this.delay : PROBE_HIDDEN_MS;
    if (visible) this.delay = Math.min(this.delay * 1.5, PROBE_MAX_MS);
    this.next = timers.setTimeout(() => {
      this.next = undefined;
      this.ask();
    }, delay);
  }

  /** Asks now whether the server answers. */
  ask(): void {
    const { api, wanted, answered } = this.options;
    // The next probe does not wait for this one: a call into a dead network can hang.
    this.later();
    const asking: Promise<void> = api
      .ping()
      .then(
        () => {
          if (wanted()) answered();
        },
        () => undefined,
      )
      .finally(() => this.asking.delete(asking));
    this.asking.add(asking);
  }

  /** Drops the next probe; the pace starts again from the first. */
  reset(): void {
    if (this.next !== undefined) this.options.timers.clearTimeout(this.next);
    this.next = undefined;
    this.delay = PROBE_FIRST_MS;
  }
}
