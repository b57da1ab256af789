/**
 * A site's location reports (§2 /sites/{locationId}: the desktop's third column, a button
 * away on mobile and tablet): the eight reports for this site. Nothing without REPORT_READ.
 */
import { Paper, Typography } from "@mui/material";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Site } from "../../domain/records";
import { ReportList } from "./ReportList";

export function useCanReadReports(): boolean {
  return can(useAuth().user, "REPORT_READ");
}

export function SiteReports({ site }: { site: Site }) {
  if (!useCanReadReports()) return null;
  return (
    <Paper component="section" aria-labelledby="location-reports-title">
      <Typography id="location-reports-title" variant="h6" component="h2" sx={{ px: 4, pt: 4, pb: 2 }}>
        {t("siteReports")}
      </Typography>
      <ReportList site={site} label={t("siteReports")} />
    </Paper>
  );
}
