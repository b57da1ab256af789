/**
 * When the service worker may be registered. Its first install precaches the whole app (about
 * a hundred and twenty files) at once, and on a new device that is the moment of the first
 * download: the two shared the phone's cores, and the download took a third longer
 * (docs/web.md "PWA"). So a device that no worker controls yet registers once the session's
 * first sync is over and the page has then had {@link QUIET_MS} without a key or a tap (the
 * install beside the list's first search made one key in seven take 50 ms or more), or at the
 * latest {@link AT_LATEST_MS} after the sync began (a sync that hangs on a dead network, or
 * typing that never pauses, must not keep the app from working offline). A device a worker
 * already controls registers at once: it only looks for a new version, on the login page too.
 */
import { useEffect, useState } from "react";

/** The longest a device without a worker waits for its first sync before registering anyway. */
export const AT_LATEST_MS = 30_000;
/** How long the page goes without a key or a tap, after the first sync, before the install starts. */
export const QUIET_MS = 2_000;
/** What counts as someone using the page. */
const INPUT_EVENTS = ["keydown", "pointerdown"] as const;

export interface ServiceWorkerGate {
  /**
   * Opens the gate once `firstRun` settles and the page has been quiet for {@link QUIET_MS}, or
   * at the latest after {@link AT_LATEST_MS}; at once on a device a worker controls.
   */
  openAfter(firstRun: Promise<unknown>): void;
  /** Whether the service worker may be registered yet (a hook). */
  useOpen(): boolean;
}

export interface GateOptions {
  /** Whether a service worker controls this page already. */
  controlled?: () => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  /** Milliseconds on a steady clock. */
  now?: () => number;
  /** Where keys and taps are heard (the window). */
  input?: EventTarget;
}

export function serviceWorkerGate({
  controlled = () => Boolean(globalThis.navigator?.serviceWorker?.controller),
  setTimer = (run, ms) => setTimeout(run, ms),
  now = () => performance.now(),
  input = globalThis,
}: GateOptions = {}): ServiceWorkerGate {
  let open = false;
  let opened: () => void = () => {};
  const whenOpen = new Promise<void>((resolve) => (opened = resolve));
  const openNow = () => {
    open = true;
    opened();
  };
  if (controlled()) openNow();
  let waiting = false;
  return {
    openAfter(firstRun) {
      if (open || waiting) return;
      waiting = true;
      let lastInput = now();
      const heard = () => (lastInput = now());
      for (const type of INPUT_EVENTS) input.addEventListener(type, heard, { capture: true, passive: true });
      const finish = () => {
        for (const type of INPUT_EVENTS) input.removeEventListener(type, heard, { capture: true });
        if (!open) openNow();
      };
      const finishWhenQuiet = () => {
        if (open) return;
        const quietFor = now() - lastInput;
        if (quietFor >= QUIET_MS) finish();
        else setTimer(finishWhenQuiet, QUIET_MS - quietFor);
      };
      void firstRun.then(finishWhenQuiet, finishWhenQuiet);
      setTimer(finish, AT_LATEST_MS);
    },
    useOpen() {
      const [ready, setReady] = useState(open);
      useEffect(() => {
        let mounted = true;
        void whenOpen.then(() => mounted && setReady(true));
        return () => {
          mounted = false;
        };
      }, []);
      return ready;
    },
  };
}

/** The app's gate: the session's first sync opens it (SessionServices.tsx), the update prompt waits on it (UpdatePrompt.tsx). */
export const appServiceWorkerGate = serviceWorkerGate();
