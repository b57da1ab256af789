/**
 * Analytics (docs/analytics.md), for administrators (SETTINGS_WRITE): what is collected, the
 * organisation's off switch (`analyticsDisabled` on the organisation record, saved at once
 * with `PATCH /organizations/{orgId}`), and the counts per category from the server.
 */
import { Alert, Box, FormControlLabel, Paper, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { type AnalyticsCounts, readAnalyticsCounts } from "../../../api/analytics";
import { useAuth } from "../../../auth/AuthProvider";
import { can } from "../../../auth/session";
import { type StringKey, t } from "../../../lib/strings";
import { ANALYTICS_CATEGORIES, type AnalyticsCategory } from "../../../offline/analytics/events";
import { SelectInput } from "../../../ui/forms/SelectInput";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useOrganizationSettings } from "../organization/useOrganizationSettings";

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIODS = [
  { value: "all", label: "analyticsAllTime", days: null },
  { value: "30", label: "analyticsLast30Days", days: 30 },
  { value: "365", label: "analyticsLast12Months", days: 365 },
] as const satisfies readonly { value: string; label: StringKey; days: number | null }[];

const categoryLabel = (category: AnalyticsCategory) => t(`analytics${category}` as StringKey);

function sinceOf(period: string, now: number): string | undefined {
  const days = PERIODS.find((p) => p.value === period)?.days;
  return days ? new Date(now - days * DAY_MS).toISOString().slice(0, 10) : undefined;
}

export function AnalyticsPage() {
  const { client, user } = useAuth();
  const snackbar = useSnackbar();
  const settings = useOrganizationSettings();
  const clientRef = useRef(client);
  clientRef.current = client;
  const admin = can(user, "SETTINGS_WRITE");
  const orgId = user?.orgId ?? "";
  const [period, setPeriod] = useState("all");
  const [counts, setCounts] = useState<AnalyticsCounts | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const enabled = settings.organization?.analyticsDisabled !== true;

  useEffect(() => {
    if (!admin) return undefined;
    let live = true;
    readAnalyticsCounts(clientRef.current, orgId, sinceOf(period, Date.now())).then(
      (answer) => live && (setCounts(answer), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [admin, orgId, period]);

  async function toggle(on: boolean) {
    setSaving(true);
    try {
      await settings.save({ analyticsDisabled: !on });
      snackbar.show(t("analyticsSaved"));
    } catch (error) {
      snackbar.show(`${t("organizationSaveFailed")} ${(error as Error).message}`.trim(), "error");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 4 }}>
        {t("analytics")}
      </Typography>
      {!admin ? (
        <Alert severity="info">{t("analyticsNeedsWrite")}</Alert>
      ) : (
        <Stack spacing={5}>
          <Typography>{t("analyticsIntro")}</Typography>
          <Box>
            <FormControlLabel
              control={<Switch checked={enabled} disabled={saving || !settings.organization} onChange={(event) => void toggle(event.target.checked)} />}
              label={t("analyticsEnabled")}
            />
            {!enabled && <Alert severity="info">{t("analyticsOffNote")}</Alert>}
          </Box>
          <Box component="section" aria-labelledby="analytics-counts">
            <Typography id="analytics-counts" variant="h6" component="h2" sx={{ mb: 3 }}>
              {t("analyticsCounts")}
            </Typography>
            <SelectInput
              label={t("analyticsSinceLabel")}
              name="since"
              value={period}
              onChange={setPeriod}
              options={PERIODS.map((p) => ({ value: p.value, label: t(p.label) }))}
            />
            {failed ? (
              <Alert severity="warning" sx={{ mt: 3 }}>
                {t("analyticsCountsFailed")}
              </Alert>
            ) : (
              <Table size="small" sx={{ mt: 3 }} aria-labelledby="analytics-counts">
                <TableHead>
                  <TableRow>
                    <TableCell>{t("analyticsCategory")}</TableCell>
                    <TableCell align="right">{t("analyticsEventCount")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {ANALYTICS_CATEGORIES.map((category) => (
                    <TableRow key={category}>
                      <TableCell component="th" scope="row">
                        {categoryLabel(category)}
                      </TableCell>
                      <TableCell align="right">{counts ? counts.counts[category] : "…"}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
