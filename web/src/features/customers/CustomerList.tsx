/**
 * The customers list beside the customer form (§2 /customers): searchable, sorted by name,
 * 50 at a time, each row the customer's name and account number. Add Customer needs
 * LOCATION_WRITE.
 */
import { Button, ListItem, ListItemButton, ListItemText, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Customer } from "../../domain/records";
import { useSyncStatus } from "../../offline/SyncProvider";
import { PagedList } from "../../ui/PagedList";
import { TabbedPane } from "../../ui/TabbedPane";
import { searchCustomers } from "./customerDraft";

export function CustomerList({ customers, selectedId }: { customers: readonly Customer[]; selectedId?: string }) {
  const { user } = useAuth();
  const syncing = useSyncStatus((status) => status.state === "syncing");
  const [query, setQuery] = useState("");
  const shown = useMemo(() => searchCustomers(customers, query), [customers, query]);
  return (
    <TabbedPane
      title={t("customers")}
      headingLevel="h1"
      tabs={[]}
      selectedTab=""
      onTabChange={() => undefined}
      search={{ value: query, onChange: setQuery }}
      syncing={syncing}
      actions={
        can(user, "LOCATION_WRITE") && (
          <Button variant="contained" size="small" component={RouterLink} to="/customers/new">
            {t("addCustomer")}
          </Button>
        )
      }
    >
      <PagedList
        items={shown}
        itemKey={(customer) => customer.id}
        renderItem={(customer) => (
          <ListItem divider disablePadding>
            <ListItemButton
              component={RouterLink}
              to={`/customers/${customer.id}`}
              selected={customer.id === selectedId}
              aria-current={customer.id === selectedId ? "page" : undefined}
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
  );
}
