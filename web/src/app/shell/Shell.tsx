/**
 * The application shell of §1 around every signed-in screen: the organisation's logo (or
 * ours), the navigation bar, an optional site selector, the sync message, global alert
 * banners, and a footer with the copyright, 'Powered By' when the organisation shows its own
 * logo, and the build version.
 */
import { Alert, AppBar, Box, Button, Link, Stack, Toolbar, Typography } from "@mui/material";
import { useState } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { type Organization, visibleNavigation } from "../navigation";
import { SubscriptionGate } from "../../features/subscription/SubscriptionGate";
import { servedPaths } from "../routes";
import { t } from "../strings";
import { useImage } from "../../files/useImage";
import { LogoBox } from "./LogoBox";
import { NavBar } from "./NavBar";
import { SiteSelector } from "./SiteSelector";
import { SyncMessage } from "./SyncMessage";

interface GlobalAlert {
  id: string;
  type?: string;
  message: string;
}

const SEVERITIES = new Set(["info", "warning", "error", "success"]);

export function useOrganization(): Organization | null {
  return useRecords<Organization>("organization")[0] ?? null;
}

export function Shell() {
  const auth = useAuth();
  const org = useOrganization();
  const alerts = useRecords<GlobalAlert>("globalAlerts");
  // Kept on the device by file name, so the logo shows offline too.
  const logo = useImage("logos", typeof org?.logo === "string" ? org.logo.trim() || null : null);
  const logoUrl = logo.state === "ready" ? logo.url : null;
  const hasOwnLogo = typeof org?.logo === "string" && org.logo.trim() !== "";
  const groups = visibleNavigation(auth.user, org, servedPaths);
  const engine = useSyncEngine();

  const [unsent, setUnsent] = useState(0);

  async function logout(confirmed = false) {
    // Send what this device still holds before the session ends. What cannot be sent now
    // would wait on the device for the next sign-in, so the user decides.
    await engine.syncNow().catch(() => undefined);
    const pending = await engine.pendingChanges().catch(() => 0);
    if (pending > 0 && !confirmed) {
      setUnsent(pending);
      return;
    }
    setUnsent(0);
    await auth.logout();
  }

  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 4, flexWrap: "wrap", py: 3 }}>
          <NavBar groups={groups} />
          <LogoBox logoUrl={logoUrl} name={org?.name ?? t("appName")} />
          <Box sx={{ flexGrow: 1 }} />
          {org?.showSiteSelector && servedPaths.has("/sites/:locationId") && <SiteSelector />}
          <SyncMessage />
          <Button color="inherit" size="small" onClick={() => void logout()}>
            {t("logout")}
          </Button>
        </Toolbar>
      </AppBar>
      {alerts.length > 0 && (
        <Stack spacing={2} sx={{ p: 3 }} aria-label={t("alerts")}>
          {alerts.map((alert) => (
            <Alert key={alert.id} severity={(SEVERITIES.has(alert.type ?? "") ? alert.type : "info") as "info"}>
              {alert.message}
            </Alert>
          ))}
        </Stack>
      )}
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 3, sm: 5 } }}>
        <Outlet />
      </Box>
      <SubscriptionGate org={org} />
      <ResponsiveDialog
        open={unsent > 0}
        onClose={() => setUnsent(0)}
        title={t("unsentTitle")}
        actions={
          <>
            <Button onClick={() => setUnsent(0)}>{t("staySignedIn")}</Button>
            <Button color="error" onClick={() => void logout(true)}>
              {t("logout")}
            </Button>
          </>
        }
      >
        <Typography>{t("unsentText", { count: unsent })}</Typography>
      </ResponsiveDialog>
      <Box component="footer" sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>
        <Typography variant="caption" component="p">
          {t("copyright", { year: new Date().getFullYear() })}
        </Typography>
        {hasOwnLogo && (
          <Typography variant="caption" component="p">
            {t("poweredBy")}{" "}
            <Link href="/" underline="hover">
              {t("appName")}
            </Link>
          </Typography>
        )}
        <Typography variant="caption" component="p">
          {t("version", { version: __APP_VERSION__ })}
        </Typography>
      </Box>
    </Box>
  );
}
