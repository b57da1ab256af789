/**
 * /sites/{locationId}/customer-select (§2): pick the site's customer from the searchable
 * customers list (or remove it); the choice is saved on the site through the sync engine and
 * the app returns to the site. Changing needs LOCATION_WRITE (§6).
 */
import { Alert, Button, ListItem, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Customer, Site } from "../../domain/records";
import { useLoadedRecords, useSyncEngine } from "../../offline/SyncProvider";
import { PagedList } from "../../ui/PagedList";
import { TabbedPane } from "../../ui/TabbedPane";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { CustomersGate } from "./CustomersGate";
import { searchCustomers } from "./customerDraft";

function CustomerSelect() {
  const { locationId = "" } = useParams();
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const sites = useLoadedRecords<Site>("locations");
  const customers = useLoadedRecords<Customer>("customers");
  const [query, setQuery] = useState("");
  const shown = useMemo(() => searchCustomers(customers ?? [], query), [customers, query]);

  if (sites === undefined || customers === undefined) return null;
  const site = sites.find((s) => s.id === locationId);
  if (!site) return <Alert severity="warning">{t("siteNotFound")}</Alert>;
  const mayChange = can(user, "LOCATION_WRITE");

  async function choose(customerId: string | null) {
    if (!site) return;
    try {
      await engine.put("locations", { ...site, customerId });
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    navigate(`/sites/${site.id}`);
  }

  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      {!mayChange && <Alert severity="info">{t("selectCustomerNeedsPermission")}</Alert>}
      <TabbedPane
        title={t("selectCustomerFor", { site: site.name })}
        headingLevel="h1"
        tabs={[]}
        selectedTab=""
        onTabChange={() => undefined}
        search={{ value: query, onChange: setQuery }}
        actions={
          <Button size="small" component={RouterLink} to={`/sites/${site.id}`}>
            {t("cancel")}
          </Button>
        }
      >
        <PagedList
          items={shown}
          itemKey={(customer) => customer.id}
          renderItem={(customer) => (
            <ListItem divider disablePadding>
              <ListItemButton
                selected={customer.id === site.customerId}
                aria-current={customer.id === site.customerId ? "true" : undefined}
                disabled={!mayChange}
                onClick={() => void choose(customer.id)}
              >
                <ListItemText primary={customer.name} secondary={customer.accountNumber ? String(customer.accountNumber) : undefined} />
              </ListItemButton>
            </ListItem>
          )}
          empty={
            <Typography sx={{ p: 4 }} color="text.secondary">
              {query ? t("noCustomersMatch") : t("noCustomersYet")}
            </Typography>
          }
        />
      </TabbedPane>
      {site.customerId && mayChange && (
        <Button color="error" sx={{ alignSelf: "flex-start" }} onClick={() => void choose(null)}>
          {t("removeCustomer")}
        </Button>
      )}
    </Stack>
  );
}

export function CustomerSelectPage() {
  return (
    <CustomersGate>
      <CustomerSelect />
    </CustomersGate>
  );
}
