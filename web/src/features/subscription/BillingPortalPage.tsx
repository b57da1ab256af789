/**
 * The Billing Portal entry of the navigation (§2, shown when manualBilling is false): asks the
 * server for a customer portal session and sends the browser there.
 */
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { customerPortalUrl, goTo } from "./api";

export function BillingPortalPage() {
  const auth = useAuth();
  const [error, setError] = useState<string | null>(null);
  const open = useCallback(async () => {
    if (!auth.user) return;
    setError(null);
    try {
      goTo(await customerPortalUrl(auth.client, auth.user.orgId));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [auth.client, auth.user]);
  useEffect(() => void open(), [open]);

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560 }}>
      <Stack spacing={4} sx={{ alignItems: "flex-start" }}>
        <Typography variant="h5" component="h1">
          {t("billingPortal")}
        </Typography>
        {error ? (
          <>
            <Alert severity="error" sx={{ alignSelf: "stretch" }}>
              {error}
            </Alert>
            <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap" }}>
              <Button variant="contained" onClick={() => void open()}>
                {t("tryAgain")}
              </Button>
              <Button component={RouterLink} to="/settings">
                {t("goToSettings")}
              </Button>
            </Stack>
          </>
        ) : (
          <Stack direction="row" spacing={3} sx={{ alignItems: "center" }} aria-busy="true">
            <CircularProgress size={24} aria-label={t("openingBillingPortal")} />
            <Typography>{t("openingBillingPortal")}</Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
