/** The overlays connected to the session, the synced records, the router and the API. */
import { useMemo } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { type User, loadSession } from "../../auth/session";
import { useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { acceptTerms, checkoutUrl, goTo } from "./api";
import { type BillingOrganization, CURRENT_TERMS_VERSION } from "./conditions";
import { SubscriptionOverlays, type SubscriptionActions } from "./SubscriptionOverlays";

export function SubscriptionGate({ org }: { org: BillingOrganization | null }) {
  const auth = useAuth();
  const engine = useSyncEngine();
  const location = useLocation();
  const users = useRecords<User>("users");
  // Accepted here: the session knows first. Accepted on another device: the synced record does.
  const acceptedHere = auth.user?.acceptedTermsVersion;
  const acceptedVersion = acceptedHere === CURRENT_TERMS_VERSION ? acceptedHere : (users.find((u) => u.id === auth.user?.id)?.acceptedTermsVersion ?? acceptedHere);
  const user = auth.user ? { ...auth.user, acceptedTermsVersion: acceptedVersion } : null;

  const actions = useMemo<SubscriptionActions>(
    () => ({
      async startCheckout() {
        if (!auth.user) return;
        goTo(await checkoutUrl(auth.client, auth.user.orgId));
      },
      async acceptTerms() {
        if (!auth.user) return;
        const recorded = await acceptTerms(auth.client, auth.user.id);
        const session = loadSession();
        if (session) auth.begin({ ...session, user: { ...session.user, acceptedTermsVersion: recorded.acceptedTermsVersion } });
        await engine.syncNow().catch(() => undefined);
      },
      async refresh() {
        await engine.syncNow();
      },
      logout() {
        void auth.logout();
      },
    }),
    [auth, engine],
  );

  return <SubscriptionOverlays user={user} org={org} location={location} actions={actions} />;
}
