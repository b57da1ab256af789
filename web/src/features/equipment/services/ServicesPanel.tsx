/**
 * The services of one item (§2 equipment page and tag view, §4 Performing a service): each
 * service type of its equipment type with its next date, what moved it, and whether it is
 * due; Perform Now, From Scheduled (desktop) and the date edit for those who may take those
 * actions (SERVICE_WRITE). Services with checklist questions are performed through the checklist.
 */
import { Alert, Box, Button, Chip, Stack, Typography } from "@mui/material";
import { useId, useMemo, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { t } from "../../../app/strings";
import { useDevice } from "../../../app/theme";
import { useAuth } from "../../../auth/AuthProvider";
import { can, canTake } from "../../../auth/session";
import { formatDate } from "../../../domain/dates";
import { newId } from "../../../domain/ids";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { checklistPath, performedServicePath } from "./paths";
import { performService } from "./performService";
import { type ServiceRow, serviceRowsOf } from "./serviceRows";
import { type EquipmentRecords, useEquipmentRecords } from "./useEquipmentRecords";
import { useNow } from "./useNow";

export interface ServicesPanelProps {
  locationId: string;
  equipmentId: string;
  /** Shows the services without their actions (the read-only tag view). */
  readOnly?: boolean;
}

export function ServicesPanel({ locationId, equipmentId, readOnly = false }: ServicesPanelProps) {
  const { user } = useAuth();
  const state = useEquipmentRecords(locationId, equipmentId);
  // §6: the services view needs SERVICE_READ.
  if (!can(user, "SERVICE_READ")) return null;
  return (
    <Box component="section" aria-labelledby={`services-${equipmentId}`}>
      <Typography id={`services-${equipmentId}`} variant="h6" component="h2" sx={{ mb: 3 }}>
        {t("servicesTitle")}
      </Typography>
      {state.status === "ready" ? (
        <ServiceList records={state.records} readOnly={readOnly} />
      ) : state.status === "loading" ? (
        <Typography color="text.secondary">{t("loading")}</Typography>
      ) : (
        <Alert severity="error">{state.what === "site" ? t("sitePageNotFound") : t("equipmentNotFound")}</Alert>
      )}
    </Box>
  );
}

function ServiceList({ records, readOnly }: { records: EquipmentRecords; readOnly: boolean }) {
  const now = useNow();
  const { rows, error } = useMemo(() => serviceRowsOf(records, now), [records, now]);
  const { view } = records;
  if (!view.equipmentType) return <Typography color="text.secondary">{t("servicesNoType")}</Typography>;
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {t("equipmentDueError", { error })}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t("servicesNone")}</Typography>
      ) : (
        <Stack component="ul" spacing={3} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {rows.map((row) => (
            <ServiceItem key={row.serviceType.id} row={row} records={records} readOnly={readOnly} />
          ))}
        </Stack>
      )}
    </>
  );
}

function ServiceItem({ row, records, readOnly }: { row: ServiceRow; records: EquipmentRecords; readOnly: boolean }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const desktop = useDevice() === "desktop";
  const nameId = useId();
  const [updating, setUpdating] = useState(false);
  const { serviceType, performed } = row;
  const { equipment } = records.view;
  const timeZone = records.site.site.timeZone;
  const mayPerform = !readOnly && canTake(user, row.hasQuestions ? "answerChecklist" : "performService");
  const mayEditDates = !readOnly && canTake(user, "editServiceDates");
  const scheduled = !row.unscheduled && row.nextDate !== null;

  async function perform(fromScheduled: boolean) {
    if (!user) return;
    if (row.hasQuestions) {
      const path = checklistPath(equipment.locationId, equipment.id, serviceType.id, newId());
      navigate(fromScheduled ? `${path}?scheduled=1` : path);
      return;
    }
    setUpdating(true);
    try {
      await performService(engine, {
        orgId: user.orgId,
        userId: user.id,
        equipment,
        serviceType,
        performed,
        lastDate: fromScheduled && row.nextDate ? row.nextDate : new Date().toISOString(),
      });
      setUpdating(false);
    } catch (error) {
      // §8: a failed perform is logged and the Updating state stays.
      console.error("Could not perform the service", error);
    }
  }

  const nextDateText = row.unscheduled
    ? t("serviceUnscheduled")
    : row.nextDate
      ? t("serviceNextDate", { date: formatDate(row.nextDate, timeZone, row.granularity) })
      : t("serviceNoNextDate");
  const lastDateText = performed?.lastDate
    ? t("serviceLastDate", { date: formatDate(performed.lastDate, timeZone, row.granularity) })
    : t("serviceNeverPerformed");

  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 4, display: "flex", flexDirection: "column", gap: 2 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
        <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {serviceType.name}
        </Typography>
        {!row.unscheduled && (
          <Chip
            size="small"
            label={row.due ? t("serviceDue") : t("serviceNotDue")}
            color={row.due ? "warning" : "success"}
            variant={row.due ? "filled" : "outlined"}
          />
        )}
      </Stack>
      <Typography>{nextDateText}</Typography>
      {row.affectedBy.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("serviceAffectedBy", { markers: row.affectedBy.join(", ") })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {lastDateText}
      </Typography>
      {(mayPerform || mayEditDates) && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mt: 1 }}>
          {mayPerform && (
            <Button variant="contained" size="small" loading={updating} loadingPosition="start" disabled={updating} onClick={() => void perform(false)}>
              {updating ? t("serviceUpdating") : t("servicePerformNow")}
            </Button>
          )}
          {mayPerform && desktop && scheduled && (
            <Button variant="outlined" size="small" disabled={updating} onClick={() => void perform(true)}>
              {t("serviceFromScheduled")}
            </Button>
          )}
          {mayEditDates && (
            <Button size="small" component={RouterLink} to={performedServicePath(equipment.locationId, equipment.id, serviceType.id)}>
              {t("serviceEditDates")}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
