/**
 * Company-wide reports (§2 /reports, §6 REPORT_READ): the eight reports, each opening its
 * dialog with a choice of site — every site where the report allows it.
 */
import { Alert, Paper, Stack, Typography } from "@mui/material";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { ReportList } from "./ReportList";

export function ReportsPage() {
  const { user } = useAuth();
  if (!can(user, "REPORT_READ")) return <Alert severity="info">{t("reportsNeedPermission")}</Alert>;
  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t("reports")}
      </Typography>
      <Typography color="text.secondary">{t("companyReports")}</Typography>
      <Paper>
        <ReportList label={t("reports")} />
      </Paper>
    </Stack>
  );
}
