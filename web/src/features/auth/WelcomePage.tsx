/**
 * /welcome after sign-up and after the payment provider's checkout: a greeting and a button to
 * settings (§2). Reached back from the payment provider's checkout (`?checkout=`), it records that
 * billing is set up (§4), so the trial prompt stops; right after sign-up it does not, or the
 * trial prompt would never be seen. What the router puts inside (the setup checklist) shows
 * under the greeting, and under it the way to a demo organisation (which logs out of this one).
 */
import { Button, Paper, Stack, Typography } from "@mui/material";
import { type ReactNode, useEffect } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { updateOrganization } from "../../api/organizations";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { forgetImages } from "../../files/imageCache";
import { can } from "../../auth/session";
import { useSyncEngine } from "../../offline/SyncProvider";
import { useOrganization } from "../../offline/useOrganization";
import { ExploreDemoButton, type LeaveOrganization } from "./ExploreDemoButton";

export function WelcomePage({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const engine = useSyncEngine();
  const org = useOrganization();
  const [search] = useSearchParams();
  const needsFlag = search.has("checkout") && !!org && org.hasSetUpBilling !== true && can(auth.user, "SETTINGS_WRITE");

  useEffect(() => {
    if (!needsFlag || !org) return;
    // Through the API rather than the outbox: the organisation is the server's to check, and a
    // refusal (an inactive organisation) leaves nothing waiting on the device.
    updateOrganization(auth.client, org.id, { hasSetUpBilling: true })
      .then(() => engine.syncNow())
      .catch(() => undefined);
  }, [needsFlag, org, auth.client, engine]);

  const leave: LeaveOrganization = {
    organizationName: org?.name ?? "",
    async unsentAfterSync() {
      await engine.syncNow().catch(() => undefined);
      return engine.pendingChanges();
    },
    async logOut() {
      await auth.logout();
      await forgetImages();
      await engine.destroy();
    },
  };

  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Paper sx={{ p: { xs: 4, sm: 6 } }}>
        <Stack spacing={4} sx={{ alignItems: "flex-start" }}>
          <Typography variant="h5" component="h1">
            {t("welcome")}
          </Typography>
          <Typography>{t("welcomeText")}</Typography>
          <Button variant="contained" component={RouterLink} to="/settings">
            {t("goToSettings")}
          </Button>
        </Stack>
      </Paper>
      {children}
      <Paper sx={{ p: { xs: 4, sm: 6 } }}>
        <ExploreDemoButton leave={leave} />
      </Paper>
    </Stack>
  );
}
