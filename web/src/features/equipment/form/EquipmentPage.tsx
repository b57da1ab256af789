/**
 * The equipment screens of §2: /sites/{locationId}/equipment/new (optional ?barcode=) and
 * /sites/{locationId}/equipment/{equipmentId}. Adding or updating needs EQUIPMENT_WRITE (the
 * actions addEquipment and editEquipment), so without it the form is not shown (§5). Editing
 * on desktop shows the details, services and history columns; on mobile and tablet the
 * details only.
 */
import { Alert, Box, Paper, Typography } from "@mui/material";
import { useParams, useSearchParams } from "react-router";
import { t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { can } from "../../../auth/session";
import { useDevice } from "../../../ui/theme";
import type { Equipment, Site } from "../../../domain/records";
import { useEquipmentAbilities } from "../actions/abilities";
import { ServicesPanel } from "../services/ServicesPanel";
import { HistoryList } from "../services/history/HistoryList";
import { EquipmentForm } from "./EquipmentForm";
import { useStoredRecord } from "../../../offline/useStoredRecord";

export function EquipmentPage() {
  const { locationId = "", equipmentId } = useParams();
  const [query] = useSearchParams();
  const { user } = useAuth();
  const may = useEquipmentAbilities();
  const desktop = useDevice() === "desktop";
  const site = useStoredRecord<Site>("locations", locationId);
  const item = useStoredRecord<Equipment>("equipment", equipmentId, locationId);

  if (!(equipmentId ? may.edit : may.add)) return <Notice text={t("equipmentWriteNeeded")} />;
  if (!site.loaded || (equipmentId && !item.loaded)) return <Typography color="text.secondary">{t("loading")}</Typography>;
  if (!site.record) return <Notice text={t("sitePageNotFound")} error />;
  if (!equipmentId) return <EquipmentForm key="new" site={site.record} initialBarcode={query.get("barcode") ?? ""} />;
  if (!item.record) return <Notice text={t("equipmentLoadFailed")} error />;

  const form = <EquipmentForm key={item.record.id} site={site.record} equipment={item.record} />;
  if (!desktop) return form;
  // The panels hide themselves without their read permissions; so do their columns.
  const columns = [
    form,
    can(user, "SERVICE_READ") && <ServicesPanel locationId={locationId} equipmentId={item.record.id} />,
    (can(user, "HISTORY_READ") || can(user, "DEFICIENCY_READ")) && <HistoryList locationId={locationId} equipmentId={item.record.id} />,
  ].filter((column) => column !== false);
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`, gap: 5, alignItems: "start" }}>
      {columns.map((column, index) =>
        index === 0 ? (
          <Box key="details">{column}</Box>
        ) : (
          <Paper key={index} sx={{ p: 5 }}>
            {column}
          </Paper>
        ),
      )}
    </Box>
  );
}

function Notice({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560 }}>
      <Alert severity={error ? "error" : "info"}>{text}</Alert>
    </Paper>
  );
}
