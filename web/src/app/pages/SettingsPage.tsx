/**
 * Settings (§2): the sync panel, an entry to every settings screen this user may see — the
 * navigation's Settings items (§6 gating and feature flags), with their full titles; the own
 * profile is always there — the Export Data dialog (the whole organisation, with progress;
 * SETTINGS_READ), the Export Billing Data dialog, and the Import Data dialog and the
 * CSV import (SETTINGS_WRITE; without it, shown disabled with why), and Analytics for
 * administrators (SETTINGS_WRITE). The roof composes it: its
 * entries open several features.
 */
import { List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { type StringKey, t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { ImportDataDialog } from "../../features/imports/ImportDataDialog";
import { ExportBillingDialog } from "../../features/settings/ExportBillingDialog";
import { ExportDataDialog } from "../../features/settings/ExportDataDialog";
import { SyncPanel } from "../../features/settings/SyncPanel";
import { useOrganization } from "../../offline/useOrganization";
import { visibleNavigation } from "../navigation";

/** Full titles: the navigation truncates to 15 characters (§2), a list has room. */
const TITLES: Record<string, StringKey> = {
  "/profile": "profile",
  "/organization": "organization",
  "/preferences": "preferences",
  "/users": "users",
  "/equipment-types": "equipmentTypes",
  "/site-types": "siteTypes",
  "/service-month-categories": "serviceMonthCategories",
  "/custom-fields": "customFields",
  "/imports": "imports",
  "/billing-portal": "billingPortal",
};

function fullTitle(item: { path: string; title: string }): string {
  const key = TITLES[item.path];
  return key ? t(key) : item.title;
}

export function SettingsPage() {
  const { user } = useAuth();
  const org = useOrganization();
  const items = visibleNavigation(user, org).find((group) => group.path === "/settings")?.items ?? [];
  const [exporting, setExporting] = useState(false);
  const [exportingData, setExportingData] = useState(false);
  const [importing, setImporting] = useState(false);
  const importWrite = can(user, "SETTINGS_WRITE");
  const importReason = importWrite ? undefined : t("importNeedsWrite");
  const entries = items.some((item) => item.path === "/profile") ? items : [{ title: t("profile"), path: "/profile", external: false }, ...items];
  return (
    <Stack spacing={5} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t("settings")}
      </Typography>
      <SyncPanel />
      <Paper>
        <List aria-label={t("settingsScreens")}>
          {entries.map((item) => (
            <ListItem key={item.path} disablePadding>
              {item.external ? (
                <ListItemButton component="a" href={item.path} target="_blank" rel="noopener">
                  <ListItemText primary={fullTitle(item)} />
                </ListItemButton>
              ) : (
                <ListItemButton component={RouterLink} to={item.path}>
                  <ListItemText primary={fullTitle(item)} />
                </ListItemButton>
              )}
            </ListItem>
          ))}
          {can(user, "SETTINGS_READ") && (
            <ListItem disablePadding>
              <ListItemButton onClick={() => setExportingData(true)}>
                <ListItemText primary={t("exportData")} />
              </ListItemButton>
            </ListItem>
          )}
          <ListItem disablePadding>
            <ListItemButton onClick={() => setExporting(true)}>
              <ListItemText primary={t("exportBillingData")} />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton disabled={!importWrite} onClick={() => setImporting(true)}>
              <ListItemText primary={t("importData")} secondary={importReason} />
            </ListItemButton>
          </ListItem>
          <ListItem disablePadding>
            <ListItemButton disabled={!importWrite} component={RouterLink} to="/imports/csv">
              <ListItemText primary={t("csvImport")} secondary={importReason} />
            </ListItemButton>
          </ListItem>
          {importWrite && (
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to="/analytics">
                <ListItemText primary={t("analytics")} />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Paper>
      {exportingData && <ExportDataDialog onClose={() => setExportingData(false)} />}
      {exporting && <ExportBillingDialog onClose={() => setExporting(false)} />}
      {importing && <ImportDataDialog onClose={() => setImporting(false)} />}
    </Stack>
  );
}
