/**
 * The application shell of §1 around every signed-in screen: the organisation's logo (or
 * ours), the navigation bar, an optional site selector, the sync message, logout, global alert
 * banners and a warning when the device's clock is off, and a footer with the copyright,
 * 'Powered By' when the organisation shows its own logo, and the build version.
 */
import { Alert, AppBar, Box, Link, Stack, Toolbar, Typography } from "@mui/material";
import { Outlet } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { useRecords } from "../../offline/SyncProvider";
import { type Organization, visibleNavigation } from "../navigation";
import { SubscriptionGate } from "../../features/subscription/SubscriptionGate";
import { servedPaths } from "../routes";
import { t } from "../strings";
import { useImage } from "../../files/useImage";
import { ClockWarning } from "./ClockWarning";
import { LogoBox } from "./LogoBox";
import { LogoutButton } from "./LogoutButton";
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

  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 4, flexWrap: "wrap", py: 3 }}>
          <NavBar groups={groups} />
          <LogoBox logoUrl={logoUrl} name={org?.name ?? t("appName")} />
          <Box sx={{ flexGrow: 1 }} />
          {org?.showSiteSelector && servedPaths.has("/sites/:locationId") && <SiteSelector />}
          <SyncMessage />
          <LogoutButton />
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
      <ClockWarning />
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 3, sm: 5 } }}>
        <Outlet />
      </Box>
      <SubscriptionGate org={org} />
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
