/**
 * The dashboard, the office's home on a desktop (REPORT_READ): today's visits, then per site the
 * items overdue, due this month, with an open deficiency and that could not be serviced. Every
 * number opens the list behind it: the schedule's day, or the site's equipment list narrowed by
 * `?show=`. Worked out on the device from the synced records (features/dashboard/dashboard.ts),
 * once per change of the records and once a minute, so it shows offline.
 */
import { Alert, Box, Link, List, ListItem, ListItemText, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useDeferredValue, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { DueMark } from "../../domain/dueMarks";
import { type StringKey, t } from "../../lib/strings";
import { useRecords, useSyncStatus } from "../../offline/SyncProvider";
import { useDueRecords } from "../../offline/useDueRecords";
import type { SyncRecord } from "../../domain/syncRecord";
import { useCatalogue } from "../../offline/useSiteRecords";
import { ListSkeleton } from "../../ui/ListSkeleton";
import { useNow } from "../../ui/useNow";
import { type DashboardRecords, type SiteCounts, type Visit, dashboardOf } from "./dashboard";

/** Due dates move as time passes: the numbers are worked out again every minute. */
const REFRESH_MS = 60_000;

const COLUMNS: { mark: DueMark; title: StringKey; named: StringKey }[] = [
  { mark: "overdue", title: "dashboardOverdue", named: "dashboardOverdueAt" },
  { mark: "dueThisMonth", title: "dashboardDueThisMonth", named: "dashboardDueThisMonthAt" },
  { mark: "openDeficiency", title: "dashboardOpenDeficiencies", named: "dashboardOpenDeficienciesAt" },
  { mark: "couldNotService", title: "dashboardCouldNotService", named: "dashboardCouldNotServiceAt" },
];

interface UserRecord extends SyncRecord {
  name?: string;
}


export function DashboardPage() {
  const { user } = useAuth();
  if (!can(user, "REPORT_READ")) return <Alert severity="info">{t("dashboardNeedsPermission")}</Alert>;
  return <Dashboard orgId={user?.orgId ?? ""} />;
}

function useDashboardRecords(): DashboardRecords | undefined {
  const due = useDueRecords();
  const schedule = useRecords<Visit>("schedule");
  return useMemo(() => due && { ...due, schedule }, [due, schedule]);
}

function Dashboard({ orgId }: { orgId: string }) {
  const records = useDashboardRecords();
  const catalogue = useCatalogue();
  const now = useNow(REFRESH_MS);
  const downloaded = useSyncStatus((status) => status.lastSuccessfulDownloadDate !== undefined);
  const users = useRecords<UserRecord>("users");
  // Worked out behind the paint: the last numbers stay while new records are counted.
  const input = useDeferredValue(records);
  const dashboard = useMemo(() => input && dashboardOf(input, catalogue, orgId, now), [input, catalogue, orgId, now]);

  const siteName = (id: string) => records?.sites.find((s) => s.id === id)?.name ?? t("dashboardUnknownSite");
  const userName = (id: string) => users.find((u) => u.id === id)?.name || t("dashboardUnknownUser");

  return (
    <Stack spacing={4}>
      <Typography variant="h5" component="h1">
        {t("dashboard")}
      </Typography>
      <Typography color="text.secondary">{t("dashboardIntro")}</Typography>
      {!dashboard || (!downloaded && dashboard.sites.length === 0) ? (
        <Paper aria-busy="true">
          <ListSkeleton />
        </Paper>
      ) : (
        <>
          <Paper component="section" aria-labelledby="dashboard-visits" sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography id="dashboard-visits" variant="h6" component="h2">
              {t("dashboardTodaysVisits")}
            </Typography>
            <Link component={RouterLink} to={`/schedule?day=${dashboard.today}`}>
              {dashboard.visits.length === 1 ? t("dashboardVisitToday") : t("dashboardVisitsToday", { count: dashboard.visits.length })}
            </Link>
            {dashboard.visits.length === 0 ? (
              <Typography color="text.secondary">{t("dashboardNoVisits")}</Typography>
            ) : (
              <List dense disablePadding>
                {dashboard.visits.map((visit) => (
                  <ListItem key={visit.id} disableGutters>
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`/sites/${visit.locationId}`}>
                          {siteName(visit.locationId)}
                        </Link>
                      }
                      secondary={`${visit.startTime ?? ""}–${visit.endTime ?? ""} · ${userName(visit.userId)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
          <Paper component="section" aria-labelledby="dashboard-sites" sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography id="dashboard-sites" variant="h6" component="h2" sx={{ mb: 2 }}>
              {t("dashboardSites")}
            </Typography>
            {dashboard.sites.length === 0 ? (
              <Typography color="text.secondary">{t("dashboardNothingDue")}</Typography>
            ) : (
              <SiteTable sites={dashboard.sites} />
            )}
            <Box sx={{ mt: 2 }}>
              {dashboard.quietSites > 0 && dashboard.sites.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {dashboard.quietSites === 1 ? t("dashboardQuietSite") : t("dashboardQuietSites", { count: dashboard.quietSites })}
                </Typography>
              )}
              {dashboard.unevaluated > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t("dashboardUnevaluated", { count: dashboard.unevaluated })}
                </Typography>
              )}
            </Box>
          </Paper>
        </>
      )}
    </Stack>
  );
}

function SiteTable({ sites }: { sites: readonly SiteCounts[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="dashboard-sites">
        <TableHead>
          <TableRow>
            <TableCell>{t("dashboardSite")}</TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.mark} align="right">
                {t(column.title)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((counts) => (
            <TableRow key={counts.site.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`/sites/${counts.site.id}`}>
                  {counts.site.name}
                </Link>
              </TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column.mark} align="right">
                  {counts[column.mark] === 0 ? (
                    "0"
                  ) : (
                    <Link
                      component={RouterLink}
                      to={`/sites/${counts.site.id}?show=${column.mark}`}
                      aria-label={t(column.named, { count: counts[column.mark], site: counts.site.name })}
                    >
                      {counts[column.mark]}
                    </Link>
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
