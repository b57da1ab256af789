/**
 * The equipment tag (§2 /sites/{locationId}/equipment-tag/{equipmentId}): where a visit's work
 * on one item is done on a phone, opened by a scan or by tapping its row in the list. It shows
 * the item's due state as the list counts it and why, its open deficiencies with Resolve, its
 * services (why each is due or not, Perform Now), its last few history entries and its details,
 * with the Options button. A scan also performs the due updateOnScan services once per session;
 * a tap on a row does not (§4: those are performed by a scan). The read-only tag (.../read-only,
 * Preview Details of the equipment options) shows the same without any action, says 'Scan
 * barcode to make changes' and offers Scan Barcode, whose scan of the item opens its tag. It slides in over
 * 275 ms (§9), or appears at once for those who ask for less motion.
 */
import { Alert, Box, Button, CircularProgress, IconButton, Slide, Stack, Typography, useMediaQuery } from "@mui/material";
import { useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { can } from "../../../auth/session";
import type { Equipment, Site } from "../../../domain/records";
import { EquipmentOptionsDialog } from "../actions/EquipmentOptionsDialog";
import { EquipmentDetails } from "../form/EquipmentDetails";
import { OpenDeficiencies } from "../services/deficiencies/OpenDeficiencies";
import { DueStatus } from "../services/DueStatus";
import { RecentHistory } from "../services/history/RecentHistory";
import { ServicesPanel } from "../services/ServicesPanel";
import { useEquipmentRecords } from "../services/useEquipmentRecords";
import { useNow } from "../services/useNow";
import { useUpdateOnScan } from "../services/useUpdateOnScan";
import { BackIcon, MoreIcon } from "./icons";
import { openedFromList, sitePath } from "./paths";
import { ScanBarcodeButton } from "./ScanBarcodeButton";
import { useStoredRecord } from "../../../offline/useStoredRecord";

/** §9 Equipment tag slide. */
export const TAG_SLIDE_MS = 275;

export function EquipmentTagPage({ readOnly = false }: { readOnly?: boolean }) {
  const { locationId = "", equipmentId = "" } = useParams();
  const { user } = useAuth();
  const equipment = useStoredRecord<Equipment>("equipment", equipmentId, locationId);
  const site = useStoredRecord<Site>("locations", locationId);

  if (!can(user, "EQUIPMENT_READ")) return <Alert severity="warning">{t("equipmentReadNeeded")}</Alert>;
  if (!equipment.loaded || !site.loaded) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", minHeight: "30vh" }}>
        <CircularProgress aria-label={t("loading")} />
      </Box>
    );
  }
  if (!equipment.record || !site.record) {
    return (
      <Alert severity="error" role="alert">
        {t("equipmentLoadFailed")}
      </Alert>
    );
  }
  return <EquipmentTag key={equipmentId} equipment={equipment.record} site={site.record} readOnly={readOnly} />;
}

function EquipmentTag({ equipment, site, readOnly }: { equipment: Equipment; site: Site; readOnly: boolean }) {
  const navigate = useNavigate();
  const scanned = !openedFromList(useLocation().state);
  const [options, setOptions] = useState(false);
  const lessMotion = useMediaQuery("(prefers-reduced-motion: reduce)", { noSsr: true });
  const records = useEquipmentRecords(site.id, equipment.id);
  const ready = records.status === "ready" ? records.records : undefined;
  const now = useNow();

  return (
    // The page clips the slide, so it never widens the page while coming in.
    <Box sx={{ overflowX: "hidden" }}>
      <Slide in appear direction="left" timeout={lessMotion ? 0 : TAG_SLIDE_MS}>
        <Stack spacing={5} sx={{ maxWidth: 1100 }}>
          {!readOnly && scanned && <UpdateOnScan locationId={site.id} equipmentId={equipment.id} />}
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <IconButton aria-label={t("equipmentBack")} onClick={() => navigate(sitePath(site.id))}>
              <BackIcon />
            </IconButton>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h1" noWrap>
                {equipment.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {site.name}
              </Typography>
            </Box>
            {!readOnly && (
              <Button variant="contained" startIcon={<MoreIcon />} onClick={() => setOptions(true)}>
                {t("tagOptions")}
              </Button>
            )}
          </Stack>
          {readOnly && (
            <Alert severity="info" action={<ScanBarcodeButton locationId={site.id} />} sx={{ alignItems: "center" }}>
              {t("tagScanToMakeChanges")}
            </Alert>
          )}
          <Box sx={{ display: "grid", gap: 5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
            <Stack spacing={5}>
              {ready && <DueStatus records={ready} now={now} />}
              {ready && <OpenDeficiencies records={ready} readOnly={readOnly} />}
              <ServicesPanel locationId={site.id} equipmentId={equipment.id} readOnly={readOnly} records={records} />
            </Stack>
            <Stack spacing={5}>
              {ready && <RecentHistory records={ready} readOnly={readOnly} />}
              <EquipmentDetails equipment={equipment} site={site} />
            </Stack>
          </Box>
          {!readOnly && <EquipmentOptionsDialog open={options} onTag equipment={equipment} site={site} onClose={() => setOptions(false)} />}
        </Stack>
      </Slide>
    </Box>
  );
}

/** Performs the due updateOnScan services (§4) when the tag opens; not on the read-only tag. */
function UpdateOnScan({ locationId, equipmentId }: { locationId: string; equipmentId: string }) {
  useUpdateOnScan(locationId, equipmentId);
  return null;
}
