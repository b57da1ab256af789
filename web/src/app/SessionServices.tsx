/**
 * What a signed-in session runs: the device's store and the sync engine for the user's
 * organisation. Syncs on every route change (§4: data is uploaded and the last upload date
 * refetched on each route change) and when the network comes back.
 */
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../auth/AuthProvider";
import { SyncProvider } from "../offline/SyncProvider";
import { openStore } from "../offline/store";
import { httpSyncApi } from "../offline/sync/api";
import { createSyncEngine } from "../offline/sync/engine";
import { ownStore } from "./ownStore";

export function SessionServices({ children }: { children: ReactNode }) {
  const { client, user } = useAuth();
  const orgId = user?.orgId ?? "";
  // The client changes with every token refresh; the engine must not restart for that.
  const clientRef = useRef(client);
  clientRef.current = client;
  const engine = useMemo(() => {
    const store = ownStore(openStore(), orgId);
    return createSyncEngine({ store, api: httpSyncApi({ request: (...args) => clientRef.current.request(...args) }, orgId) });
  }, [orgId]);
  const { pathname } = useLocation();

  useEffect(() => {
    void engine.syncNow();
  }, [engine, pathname]);

  useEffect(() => {
    const back = () => void engine.syncNow();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [engine]);

  return <SyncProvider engine={engine}>{children}</SyncProvider>;
}
