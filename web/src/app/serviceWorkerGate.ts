/**
 * When the service worker may be registered. Its first install precaches the whole app (about
 * a hundred and twenty files) at once, and on a new device that is the moment of the first
 * download: the two shared the phone's cores, and the download took a third longer
 * (docs/web.md "PWA"). So a device that no worker controls yet registers once the session's
 * first sync is over, or at the latest {@link AT_LATEST_MS} after it began (a sync that hangs
 * on a dead network must not keep the app from working offline). A device a worker already
 * controls registers at once: it only looks for a new version, on the login page too.
 */
import { useEffect, useState } from "react";

/** The longest a device without a worker waits for its first sync before registering anyway. */
export const AT_LATEST_MS = 30_000;

export interface ServiceWorkerGate {
  /** Opens the gate once `firstRun` settles, or at the latest after {@link AT_LATEST_MS}; at once on a device a worker controls. */
  openAfter(firstRun: Promise<unknown>): void;
  /** Whether the service worker may be registered yet (a hook). */
  useOpen(): boolean;
}

export interface GateOptions {
  /** Whether a service worker controls this page already. */
  controlled?: () => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
}

export function serviceWorkerGate({
  controlled = () => Boolean(globalThis.navigator?.serviceWorker?.controller),
  setTimer = (run, ms) => setTimeout(run, ms),
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
      void firstRun.then(openNow, openNow);
      setTimer(openNow, AT_LATEST_MS);
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
