/**
 * A customer's sites, under its form: each opens its site; 'Add Site' opens the Add Site form
 * for this customer (/customers/{id}/sites/new, LOCATION_WRITE).
 */
import { Button, List, ListItem, ListItemButton, ListItemText, Paper, Toolbar, Typography } from "@mui/material";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Site } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { byName } from "../../domain/names";

const present = (part: unknown) => typeof part === "string" && part.trim() !== "";

export function CustomerSites({ customerId }: { customerId: string }) {
  const { user } = useAuth();
  const sites = useRecords<Site>("locations");
  const own = useMemo(() => sites.filter((s) => s.customerId === customerId).sort(byName), [sites, customerId]);
  return (
    <Paper component="section" aria-label={t("sites")}>
      <Toolbar variant="dense" sx={{ gap: 3 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t("sites")}
        </Typography>
        {can(user, "LOCATION_WRITE") && (
          <Button variant="contained" size="small" component={RouterLink} to={`/customers/${customerId}/sites/new`}>
            {t("addSite")}
          </Button>
        )}
      </Toolbar>
      {own.length === 0 ? (
        <Typography sx={{ p: 4 }} color="text.secondary">
          {t("noCustomerSites")}
        </Typography>
      ) : (
        <List disablePadding>
          {own.map((site) => (
            <ListItem key={site.id} divider disablePadding>
              <ListItemButton component={RouterLink} to={`/sites/${site.id}`}>
                <ListItemText primary={site.name} secondary={[site.address, site.city].filter(present).join(", ") || undefined} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
