/**
 * When the service worker may be registered: once a signed-in session's first sync is over.
 * Installing it precaches the whole app (a hundred files) at once, and on a new device that is
 * the moment of the first download: the two shared the phone's cores, and the download took a
 * third longer (docs/web.md "PWA"). Nothing is lost by waiting: before its first download the
 * device has nothing to show offline, and a page loaded again is still served by a worker
 * installed before.
 */
import { useEffect, useState } from "react";

let allow: () => void = () => {};
const allowed = new Promise<void>((resolve) => (allow = resolve));

/** The session's first sync is over (whether it succeeded or not). */
export function allowServiceWorker(): void {
  allow();
}

/** Whether the service worker may be registered yet. */
export function useServiceWorkerAllowed(): boolean {
  const [ok, setOk] = useState(false);
  useEffect(() => {
    let mounted = true;
    void allowed.then(() => mounted && setOk(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ok;
}
