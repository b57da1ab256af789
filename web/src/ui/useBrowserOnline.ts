/** Whether the browser says it is online, re-read on its online and offline events. */
import { useSyncExternalStore } from "react";

function subscribe(changed: () => void): () => void {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}
