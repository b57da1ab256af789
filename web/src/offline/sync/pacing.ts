/**
 * Long loops on the page cut into slices of a few milliseconds, between which the page runs
 * what waits (a keystroke, a frame). Never inside a store transaction: waiting would commit it.
 */

/** How long a slice runs before the page may handle input. */
export const SLICE_MS = 8;

/**
 * Lets the page run what waits before going on: `scheduler.yield()` where the browser has it,
 * else a message to itself. Not a timer: a hidden tab (often the one that syncs) runs timers
 * once a second at best, and chained timers wait 4 ms each.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** The clock of one loop's slices: `if (pacing.due(i)) await pacing.pause();` after item `i`. */
export class Pacing {
  private sliceStart = performance.now();

  constructor(private readonly wait: () => Promise<void> = yieldToPage) {}

  /** Whether the slice has run its time (looked at every 256 items: reading the clock costs too). */
  due(i: number): boolean {
    return i % 256 === 255 && this.spent();
  }

  /** Whether the slice has run its time, by the clock now: for loops of a few long items (an answer's chunks, a page's groups). */
  spent(): boolean {
    return performance.now() - this.sliceStart >= SLICE_MS;
  }

  async pause(): Promise<void> {
    await this.wait();
    this.sliceStart = performance.now();
  }
}
