/**
 * The organisation record for the settings screens (§7): read with
 * `GET /organizations/{orgId}` and changed with `PATCH /organizations/{orgId}` — the server
 * checks every field there. Until the read answers (and when it fails, offline say) the
 * copy synced to the device stands in. After a save the device's copy follows by a sync, so
 * the shell's logo and site selector change everywhere.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { readOrganization, updateOrganization } from "../../../api/organizations";
import type { Organization } from "../../../domain/organization";
import { useAuth } from "../../../auth/AuthProvider";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { useOrganization } from "../../../offline/useOrganization";
import { track } from "../../../offline/analytics/track";

export interface OrganizationSettings {
  organization: Organization | null;
  /** The server's copy could not be read ('Failed to load organization.'). */
  loadFailed: boolean;
  loading: boolean;
  reload: () => void;
  /** Sends the changed fields; answers the saved record or throws the API client's error. */
  save: (changes: Record<string, unknown>) => Promise<Organization>;
}

export function useOrganizationSettings(): OrganizationSettings {
  const { client, user } = useAuth();
  const engine = useSyncEngine();
  const stored = useOrganization();
  const clientRef = useRef(client);
  clientRef.current = client;
  const orgId = user?.orgId ?? "";
  const [fetched, setFetched] = useState<Organization | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    readOrganization(clientRef.current, orgId).then(
      (answer) => {
        if (!live) return;
        setFetched(answer);
        setLoadFailed(false);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setLoadFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [orgId, attempt]);

  const save = useCallback(
    async (changes: Record<string, unknown>) => {
      const saved = await updateOrganization(clientRef.current, orgId, changes);
      track("EDIT", "organization");
      setFetched(saved);
      setLoadFailed(false);
      void engine.syncNow().catch(() => undefined);
      return saved;
    },
    [orgId, engine],
  );

  // The newer of the two copies: a download after the read may have brought a later one.
  const newer = fetched && stored && String(stored.lastUpdated ?? "") > String(fetched.lastUpdated ?? "") ? stored : (fetched ?? stored);
  return { organization: newer, loadFailed, loading, reload: () => setAttempt((n) => n + 1), save };
}
