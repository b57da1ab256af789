/**
 * The site (§2 /sites/{locationId}): on desktop three columns, the site's information, its
 * equipment list and its location reports (REPORT_READ); on mobile and tablet the equipment
 * list, with the site information and the site's reports each a button away. 'Site not
 * found' when the device has no such site, once its first download has come; until then the
 * page shows as loading.
 */
import { Alert, Box, Button, Collapse, Paper, Stack, Typography } from "@mui/material";
import { useId, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import type { Site } from "../../domain/records";
import { EquipmentList } from "../../features/equipment/list/EquipmentList";
import { SiteReports, useCanReadReports } from "../../features/reports/SiteReports";
import { SiteForm } from "../../features/sites/SiteForm";
import { FinishVisitButton } from "../../features/visits/FinishVisitButton";
import { useSyncStatus } from "../../offline/SyncProvider";
import { useStoredRecord } from "../../offline/useStoredRecord";
import { ListSkeleton } from "../../ui/ListSkeleton";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { SiteSettings } from "./SiteSettings";

export function SitePage() {
  const { locationId = "" } = useParams();
  const desktop = useDevice() === "desktop";
  const { loaded, record: site } = useStoredRecord<Site>("locations", locationId);
  const [showInfo, setShowInfo] = useState(false);
  const [showReports, setShowReports] = useState(false);
  const infoId = useId();
  const reportsId = useId();
  const reports = useCanReadReports();
  const downloaded = useSyncStatus((status) => status.lastSuccessfulDownloadDate !== undefined);

  if (!loaded || (!site && !downloaded)) {
    return (
      <Paper aria-busy="true">
        <ListSkeleton />
      </Paper>
    );
  }
  if (!site) {
    return (
      <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560 }}>
        <Alert severity="error">{t("sitePageNotFound")}</Alert>
      </Paper>
    );
  }

  const floorPlans = (
    <Button component={RouterLink} to={`/sites/${site.id}/settings/floor-plans`} sx={{ flexShrink: 0 }}>
      {t("floorPlans")}
    </Button>
  );
  const heading = (
    <Typography variant="h5" component="h1" noWrap>
      {site.name}
    </Typography>
  );
  if (desktop) {
    return (
      <Stack spacing={4}>
        <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between" }}>
          <Box sx={{ minWidth: 0 }}>{heading}</Box>
          <Stack direction="row" spacing={2}>
            <FinishVisitButton site={site} />
            {floorPlans}
          </Stack>
        </Stack>
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: reports ? "minmax(0, 2fr) minmax(0, 3fr) minmax(220px, 1.2fr)" : "minmax(0, 2fr) minmax(0, 3fr)",
            gap: 5,
            alignItems: "start",
          }}
        >
          <Stack spacing={5}>
            <SiteForm key={site.id} site={site} />
            <SiteSettings locationId={site.id} />
          </Stack>
          <Box sx={{ height: "calc(100dvh - 220px)", minHeight: 480 }}>
            <EquipmentList locationId={site.id} />
          </Box>
          {reports && <SiteReports site={site} />}
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 3, rowGap: 2 }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>{heading}</Box>
        <FinishVisitButton site={site} />
        {floorPlans}
        <Button variant="outlined" aria-expanded={showInfo} aria-controls={infoId} onClick={() => setShowInfo((open) => !open)} sx={{ flexShrink: 0 }}>
          {t("siteInformation")}
        </Button>
        {reports && (
          <Button variant="outlined" aria-expanded={showReports} aria-controls={reportsId} onClick={() => setShowReports((open) => !open)} sx={{ flexShrink: 0 }}>
            {t("siteReports")}
          </Button>
        )}
      </Stack>
      <Collapse in={showInfo} id={infoId} unmountOnExit>
        <Stack spacing={5}>
          <SiteForm key={site.id} site={site} />
          <SiteSettings locationId={site.id} />
        </Stack>
      </Collapse>
      {reports && (
        <Collapse in={showReports} id={reportsId} unmountOnExit>
          <SiteReports site={site} />
        </Collapse>
      )}
      <EquipmentList locationId={site.id} />
    </Stack>
  );
}
