/**
 * An item's history (§2 equipment page and tag view; HISTORY_READ): newest first, each with its
 * date in the site's time zone, type and description, opening the record. Above it, the item's
 * deficiencies (DEFICIENCY_READ), open ones first. Add History and Add Deficiency need the
 * write permissions (§6).
 */
import { Alert, Box, Button, Chip, ListItem, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import { type ReactNode, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { t } from "../../../../lib/strings";
import { useAuth } from "../../../../auth/AuthProvider";
import { can, canTake } from "../../../../auth/session";
import { formatDate } from "../../../../domain/dates";
import type { HistoryRecord } from "../../../../domain/history";
import type { Deficiency } from "../../../../domain/records";
import { PagedList } from "../../../../ui/PagedList";
import { isOpen, sortDeficiencies } from "../deficiencies/deficiencies";
import { deficiencyPath, historyPath } from "../paths";
import { type EquipmentRecords, useEquipmentRecords } from "../useEquipmentRecords";
import { HistoryLine } from "./HistoryLine";

export interface HistoryListProps {
  locationId: string;
  equipmentId: string;
  /** Lists without links or add buttons (the read-only tag view). */
  readOnly?: boolean;
}

export function HistoryList({ locationId, equipmentId, readOnly = false }: HistoryListProps) {
  const { user } = useAuth();
  const state = useEquipmentRecords(locationId, equipmentId);
  const seesHistory = can(user, "HISTORY_READ");
  const seesDeficiencies = can(user, "DEFICIENCY_READ");
  if (!seesHistory && !seesDeficiencies) return null;
  if (state.status === "loading") return <Typography color="text.secondary">{t("loading")}</Typography>;
  if (state.status === "missing") {
    return <Alert severity="error">{state.what === "site" ? t("sitePageNotFound") : t("equipmentNotFound")}</Alert>;
  }
  return (
    <Stack spacing={5}>
      {seesDeficiencies && <DeficiencySection records={state.records} readOnly={readOnly} />}
      {seesHistory && <HistorySection records={state.records} readOnly={readOnly} />}
    </Stack>
  );
}

function SectionHeading({ id, title, action }: { id: string; title: string; action?: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", mb: 2 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      {action}
    </Stack>
  );
}

function HistorySection({ records, readOnly }: { records: EquipmentRecords; readOnly: boolean }) {
  const { user } = useAuth();
  const { equipment, history } = records.view;
  const timeZone = records.site.site.timeZone;
  const newestFirst = useMemo(() => [...history].sort((a, b) => (Date.parse(b.date) || 0) - (Date.parse(a.date) || 0)), [history]);
  const headingId = `history-${equipment.id}`;
  const mayAdd = !readOnly && canTake(user, "writeHistory");
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SectionHeading
        id={headingId}
        title={t("historyTitle")}
        action={
          mayAdd && (
            <Button size="small" variant="outlined" component={RouterLink} to={historyPath(equipment.locationId, equipment.id)}>
              {t("historyAdd")}
            </Button>
          )
        }
      />
      <PagedList<HistoryRecord>
        items={newestFirst}
        itemKey={(record) => record.id}
        renderItem={(record) => <HistoryLine record={record} equipment={equipment} timeZone={timeZone} readOnly={readOnly} />}
        empty={<Typography color="text.secondary">{t("historyEmpty")}</Typography>}
      />
    </Box>
  );
}

function DeficiencySection({ records, readOnly }: { records: EquipmentRecords; readOnly: boolean }) {
  const { user } = useAuth();
  const { equipment, deficiencies } = records.view;
  const timeZone = records.site.site.timeZone;
  const sorted = useMemo(() => sortDeficiencies(deficiencies), [deficiencies]);
  const headingId = `deficiencies-${equipment.id}`;
  const mayAdd = !readOnly && canTake(user, "openDeficiency");
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SectionHeading
        id={headingId}
        title={t("deficienciesTitle")}
        action={
          mayAdd && (
            <Button size="small" variant="outlined" component={RouterLink} to={deficiencyPath(equipment.locationId, equipment.id)}>
              {t("deficiencyAdd")}
            </Button>
          )
        }
      />
      <PagedList<Deficiency>
        items={sorted}
        itemKey={(deficiency) => deficiency.id}
        renderItem={(deficiency) => {
          const open = isOpen(deficiency);
          const text = (
            <ListItemText
              primary={deficiency.description}
              secondary={
                open
                  ? t("deficiencyOpenedOn", { date: formatDate(deficiency.dateOpened, timeZone) })
                  : t("deficiencyStateClosed", { date: formatDate(deficiency.dateClosed, timeZone) })
              }
            />
          );
          const state = (
            <Chip
              size="small"
              label={open ? t("deficiencyStateOpen") : t("deficiencyStateClosedShort")}
              color={open ? "error" : "default"}
              sx={{ ml: 2 }}
            />
          );
          return (
            <ListItem divider disablePadding={!readOnly}>
              {readOnly ? (
                <>
                  {text}
                  {state}
                </>
              ) : (
                <ListItemButton component={RouterLink} to={deficiencyPath(equipment.locationId, equipment.id, deficiency.id)}>
                  {text}
                  {state}
                </ListItemButton>
              )}
            </ListItem>
          );
        }}
        empty={<Typography color="text.secondary">{t("deficienciesEmpty")}</Typography>}
      />
    </Box>
  );
}
