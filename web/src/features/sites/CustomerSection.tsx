/**
 * The customer section of the site forms (§2 Other screens): the site's customer, and for a
 * saved site a way to /sites/{id}/customer-select to pick one. Shown only where customers
 * are (§2: the BILLING feature, the organisation's showBilling and location-read).
 */
import { Button, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { type Organization, customersVisible } from "../../domain/organization";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Customer } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";

export function CustomerSection({ siteId, customerId, org }: { siteId?: string; customerId: string; org: Organization | null }) {
  const { user } = useAuth();
  const customers = useRecords<Customer>("customers");
  if (!customersVisible(user, org)) return null;
  const customer = customerId ? customers.find((c) => c.id === customerId) : undefined;
  const name = customer?.name ?? (customerId ? t("customerNotOnDevice") : t("noCustomer"));
  return (
    <Stack component="section" aria-label={t("customer")} spacing={2} sx={{ alignItems: "flex-start" }}>
      <Typography variant="subtitle2" component="h3">
        {t("customer")}
      </Typography>
      <Typography>{name}</Typography>
      {siteId && can(user, "LOCATION_WRITE") && (
        <Button variant="outlined" size="small" component={RouterLink} to={`/sites/${siteId}/customer-select`}>
          {t("selectCustomer")}
        </Button>
      )}
    </Stack>
  );
}
