/**
 * The application shell of §1 around every signed-in screen: a one-line bar with the
 * navigation, the organisation's logo (or ours), an optional site selector, the sync message
 * and logout; global alert banners and a warning when the device's clock is off; and the
 * copyright, 'Powered By' when the organisation shows its own logo, and the build version.
 * On a phone the bar keeps the menu, Back below the top level, the logo and the sync message:
 * the site selector, logout and the footer's lines are in the menu. The bar's height is fixed,
 * whatever the sync message says.
 */
import { Alert, AppBar, Box, Link, Stack, Toolbar, Typography } from "@mui/material";
import { useMemo } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { useRecords } from "../../offline/SyncProvider";
import { useOrganization } from "../../offline/useOrganization";
import { visibleNavigation } from "../navigation";
import { SubscriptionGate } from "../../features/subscription/SubscriptionGate";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useImage } from "../../files/useImage";
import { BackButton } from "./BackButton";
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

/** The bar's one line: MUI's toolbar heights, held whatever its content. */
const BAR_HEIGHT = { xs: 56, sm: 64 };

export interface ShellProps {
  /** The screen above an address, which Back opens on a screen opened directly. */
  parentOf: (pathname: string) => string;
}

export function Shell({ parentOf }: ShellProps) {
  const auth = useAuth();
  const org = useOrganization();
  const device = useDevice();
  const phone = device === "mobile";
  const alerts = useRecords<GlobalAlert>("globalAlerts");
  // Kept on the device by file name, so the logo shows offline too.
  const logo = useImage("logos", typeof org?.logo === "string" ? org.logo.trim() || null : null);
  const logoUrl = logo.state === "ready" ? logo.url : null;
  const hasOwnLogo = typeof org?.logo === "string" && org.logo.trim() !== "";
  const groups = visibleNavigation(auth.user, org);
  const topLevel = useMemo(() => new Set(["/welcome", ...groups.flatMap((group) => [group.path, ...group.items.map((item) => item.path)])]), [groups]);
  const siteSelector = org?.showSiteSelector ? <SiteSelector /> : null;

  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: { xs: 2, sm: 4 }, flexWrap: "nowrap", height: BAR_HEIGHT, minHeight: BAR_HEIGHT }}>
          {device !== "desktop" && <BackButton topLevel={topLevel} parentOf={parentOf} />}
          <NavBar
            groups={groups}
            menuExtras={
              phone && (
                <Stack sx={{ flexGrow: 1 }}>
                  {siteSelector && <Box sx={{ p: 4 }}>{siteSelector}</Box>}
                  <LogoutButton inMenu />
                  <Box sx={{ mt: "auto", p: 4, color: "text.secondary" }}>
                    <FooterLines hasOwnLogo={hasOwnLogo} />
                  </Box>
                </Stack>
              )
            }
          />
          <LogoBox logoUrl={logoUrl} name={org?.name ?? t("appName")} />
          <Box sx={{ flexGrow: 1 }} />
          {!phone && siteSelector}
          {/* The logo gives way first (down to its 88 px): the sync status keeps its words, in up to 45% of the bar. */}
          <Box sx={{ minWidth: 0, overflow: "hidden", display: "flex", flexShrink: 0, maxWidth: "45%" }}>
            <SyncMessage />
          </Box>
          {!phone && <LogoutButton />}
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
      {!phone && (
        <Box component="footer" sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>
          <FooterLines hasOwnLogo={hasOwnLogo} />
        </Box>
      )}
    </Box>
  );
}

/** §1: the copyright, 'Powered By' beside the organisation's own logo, and the build version. */
function FooterLines({ hasOwnLogo }: { hasOwnLogo: boolean }) {
  return (
    <>
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
    </>
  );
}
