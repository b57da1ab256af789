/**
 * Customers exist only where §2 says: the BILLING feature, the organisation's showBilling and
 * location-read. Elsewhere a customers address answers that they are not available, rather
 * than a broken screen; nothing shows until the organisation has been read from the device.
 */
import { Alert, Button, Stack } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { type Organization, customersVisible } from "../../domain/organization";
import { useLoadedRecords } from "../../offline/SyncProvider";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";

export function CustomersGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const orgs = useLoadedRecords<Organization>("organization");
  if (orgs === undefined) return null;
  if (!customersVisible(user, orgs[0])) {
    return (
      <Stack spacing={4} sx={{ alignItems: "flex-start" }}>
        <Alert severity="info">{t("customersNotAvailable")}</Alert>
        <Button variant="outlined" component={RouterLink} to="/sites">
          {t("goToSites")}
        </Button>
      </Stack>
    );
  }
  return <>{children}</>;
}
