/**
 * One tab syncs at a time. The engine needs this much of the Web Locks API; `navigator.locks`
 * has it, and {@link localLocks} stands in where it is missing (and lets tests run two
 * engines as two tabs).
 */

export interface LockRequestOptions {
  /** Don't wait: run `work` with null at once when the lock is held. */
  ifAvailable?: boolean;
  /** Gives up waiting for the lock. */
  signal?: AbortSignal;
}

export interface Locks {
  request<T>(name: string, options: LockRequestOptions, work: (lock: object | null) => Promise<T>): Promise<T>;
}

/** Held for the length of each sync run, in whichever tab runs it. */
export const SYNC_LOCK = "fieldtag-sync";
/** Held for as long as a tab lives by the one tab that runs the periodic downloads. */
export const LEADER_LOCK = "fieldtag-sync-leader";

export function browserLocks(): Locks {
  const web = globalThis.navigator?.locks;
  if (!web) return localLocks();
  return {
    // The DOM typing nests the callback's promise; awaiting it gives the callback's value.
    async request(name, options, work) {
      return await web.request(name, options, work);
    },
  };
}

interface Queue {
  held: boolean;
  waiting: (() => void)[];
}

/** Exclusive locks within this page, granted in request order. */
export function localLocks(): Locks {
  const queues = new Map<string, Queue>();

  function acquire(queue: Queue, signal: AbortSignal | undefined): Promise<void> {
    if (!queue.held) {
      queue.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        signal?.removeEventListener("abort", aborted);
        resolve();
      };
      const aborted = () => {
        queue.waiting = queue.waiting.filter((next) => next !== granted);
        reject(signal?.reason ?? new DOMException("The lock request was aborted", "AbortError"));
      };
      signal?.addEventListener("abort", aborted, { once: true });
      queue.waiting.push(granted);
    });
  }

  function release(queue: Queue): void {
    const next = queue.waiting.shift();
    if (next) next();
    else queue.held = false;
  }

  return {
    async request(name, { ifAvailable = false, signal }, work) {
      if (signal?.aborted) throw signal.reason;
      let queue = queues.get(name);
      if (!queue) queues.set(name, (queue = { held: false, waiting: [] }));
      if (ifAvailable && queue.held) return work(null);
      await acquire(queue, signal);
      try {
        return await work({ name });
      } finally {
        release(queue);
      }
    },
  };
}
