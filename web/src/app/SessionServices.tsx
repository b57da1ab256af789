/**
 * What a signed-in session runs: the device's store and the sync engine for the user's
 * organisation. Syncs on every route change (§4: data is uploaded and the last upload date
 * refetched on each route change) and when the network comes back. Its analytics queue counts
 * each screen opened (NAVIGATION) and carries what the screens `track`.
 */
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../auth/AuthProvider";
import { SyncProvider } from "../offline/SyncProvider";
import { evidenceFilesApi } from "../api/evidenceFiles";
import { claimImages, imageQueue } from "../offline/images";
import { createImageUploader } from "../offline/images/uploader";
import { screenOf } from "../offline/analytics/events";
import { startSessionAnalytics } from "../offline/analytics/session";
import { track } from "../offline/analytics/track";
import { type KeyValueStore, openStore } from "../offline/store";
import { httpSyncApi } from "../offline/sync/api";
import { createSyncEngine } from "../offline/sync/engine";
import { useSnackbar } from "../ui/snackbar/SnackbarProvider";
import { ownStore } from "./ownStore";
import { appServiceWorkerGate } from "./serviceWorkerGate";
import { t } from "../lib/strings";

let previousStore: KeyValueStore | null = null;

export function SessionServices({ children }: { children: ReactNode }) {
  const { client, user } = useAuth();
  const orgId = user?.orgId ?? "";
  // The client changes with every token refresh; the engine must not restart for that.
  const clientRef = useRef(client);
  clientRef.current = client;
  const { engine, store } = useMemo(() => {
    // One connection at a time: the previous session's closes when the next one opens (not
    // on unmount, which React's strict mode rehearses while the store is still in use).
    previousStore?.close();
    previousStore = ownStore(openStore(), orgId);
    const api = httpSyncApi({ request: (...args) => clientRef.current.request(...args) }, orgId);
    return { engine: createSyncEngine({ store: previousStore, api }), store: previousStore };
  }, [orgId]);
  const images = useMemo(
    () =>
      createImageUploader({
        queue: imageQueue(),
        api: evidenceFilesApi({ request: (...args) => clientRef.current.request(...args) }, orgId),
        ready: claimImages(orgId).catch(() => undefined),
      }),
    [orgId],
  );
  const { pathname } = useLocation();
  const snackbar = useSnackbar();

  // A change the server refused is kept on the device, unflagged; the user must hear of it.
  useEffect(() => {
    let known = new Set(engine.status().rejected.map((r) => `${r.kind}:${r.id}:${r.at}`));
    return engine.subscribe((status) => {
      const now = new Set(status.rejected.map((r) => `${r.kind}:${r.id}:${r.at}`));
      for (const rejected of status.rejected) {
        if (!known.has(`${rejected.kind}:${rejected.id}:${rejected.at}`)) snackbar.show(`${t("syncFailed")}: ${rejected.reason}`, "error");
      }
      known = now;
    });
  }, [engine, snackbar]);

  useEffect(() => {
    const analytics = startSessionAnalytics(engine, store, { request: (...args) => clientRef.current.request(...args) }, orgId);
    return () => analytics.stop();
  }, [engine, store, orgId]);

  useEffect(() => {
    // The first run's end lets the service worker register: a first download has the cores to itself.
    appServiceWorkerGate.openAfter(engine.syncNow());
  }, [engine, pathname]);

  useEffect(() => track("NAVIGATION", screenOf(pathname)), [pathname]);

  useEffect(() => {
    const back = () => void engine.syncNow();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [engine]);

  return (
    <SyncProvider engine={engine} images={images}>
      {children}
    </SyncProvider>
  );
}
