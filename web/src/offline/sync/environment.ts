/** What the sync engine needs of the browser besides storage: timers and the network state. */

export type TimerHandle = unknown;

export interface Timers {
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(run: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * What the browser says of the connection (`navigator.onLine` and the online/offline events)
 * and of the page (shown or hidden: `document.visibilityState`).
 */
export interface Network {
  online(): boolean;
  /** Calls `listener` when the browser goes online or offline; answers how to stop. */
  subscribe(listener: (online: boolean) => void): () => void;
  visible(): boolean;
  /** Calls `listener` when the page is shown or hidden; answers how to stop. */
  onVisibility(listener: (visible: boolean) => void): () => void;
}

export const browserNetwork: Network = {
  online: () => globalThis.navigator?.onLine ?? true,
  subscribe(listener) {
    if (typeof window === "undefined") return () => {};
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  },
  visible: () => globalThis.document?.visibilityState !== "hidden",
  onVisibility(listener) {
    if (typeof document === "undefined") return () => {};
    const changed = () => listener(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", changed);
    return () => document.removeEventListener("visibilitychange", changed);
  },
};
