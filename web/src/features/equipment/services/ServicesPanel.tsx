/**
 * The services of one item (§2 equipment page and tag view, §4 Performing a service): each
 * service type of its equipment type, whether it is due and why in one line (what the date
 * counts from, the next date and what moved it), and who last performed it and when. Its
 * actions (Perform Now, From Scheduled on desktop, Edit Dates; SERVICE_WRITE) are in the
 * service options dialog (§2), opened by the card's one button, Service Options, which reads
 * Updating while a perform runs. A perform is confirmed with Undo. Services with checklist
 * questions are performed through the checklist.
 */
import { Alert, Box, Button, Chip, Stack, Typography } from "@mui/material";
import { useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/strings";
import { useDevice } from "../../../ui/theme";
import { useAuth } from "../../../auth/AuthProvider";
import { can, canTake } from "../../../auth/session";
import { formatDate } from "../../../domain/dates";
import { SiteCalendar } from "../../../domain/dueDates";
import { HistoryType } from "../../../domain/history";
import { newId } from "../../../domain/ids";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { checklistPath, performedServicePath } from "./paths";
import { performService, undoService } from "./performService";
import { ServiceOptionsDialog } from "./ServiceOptionsDialog";
import { type ServiceRow, serviceRowsOf } from "./serviceRows";
import { serviceWhy } from "./serviceWhy";
import { type EquipmentRecords, type EquipmentRecordsState, useEquipmentRecords } from "./useEquipmentRecords";
import { useNow } from "./useNow";

export interface ServicesPanelProps {
  locationId: string;
  equipmentId: string;
  /** Shows the services without their actions (the read-only tag view). */
  readOnly?: boolean;
  /** The item's records when the screen has read them already (the tag view); read here otherwise. */
  records?: EquipmentRecordsState;
}

export function ServicesPanel({ locationId, equipmentId, readOnly = false, records }: ServicesPanelProps) {
  const { user } = useAuth();
  const read = useEquipmentRecords(records ? undefined : locationId, records ? undefined : equipmentId);
  const state = records ?? read;
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
  const timeZone = records.site.site.timeZone;
  const calendar = useMemo(() => SiteCalendar.of(timeZone, now), [timeZone, now]);
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
            <ServiceItem
              key={row.serviceType.id}
              row={row}
              records={records}
              why={error || !timeZone ? undefined : serviceWhy(row, view.equipment, timeZone, calendar)}
              readOnly={readOnly}
            />
          ))}
        </Stack>
      )}
    </>
  );
}

/** Who last performed the service, from the history record its perform wrote: 'You' or their name. */
function performerOf(row: ServiceRow, records: EquipmentRecords, userId: string | undefined): string | undefined {
  const performedId = row.performed?.id;
  if (!performedId) return undefined;
  let latest: { date: number; userId: string | null | undefined } | undefined;
  for (const record of records.view.history) {
    if (record.relevantId !== performedId) continue;
    if (record.type !== HistoryType.performedService && record.type !== HistoryType.performedUnscheduledService) continue;
    const date = Date.parse(record.date) || 0;
    if (!latest || date > latest.date) latest = { date, userId: record.userId };
  }
  if (!latest?.userId) return undefined;
  return latest.userId === userId ? t("serviceByYou") : records.userNames.get(latest.userId);
}

interface ServiceItemProps {
  row: ServiceRow;
  records: EquipmentRecords;
  /** Why it is due or not, in one line; none when the engine could not work the dates out. */
  why: string | undefined;
  readOnly: boolean;
}

function ServiceItem({ row, records, why, readOnly }: ServiceItemProps) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const desktop = useDevice() === "desktop";
  const nameId = useId();
  const [updating, setUpdating] = useState(false);
  const [options, setOptions] = useState(false);
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
      const work = await performService(engine, {
        orgId: user.orgId,
        userId: user.id,
        equipment,
        serviceType,
        performed,
        lastDate: fromScheduled && row.nextDate ? row.nextDate : new Date().toISOString(),
      });
      setUpdating(false);
      const done = t("servicePerformedUndo", { service: serviceType.name });
      if (!canTake(user, "undoService")) {
        snackbar.show(done);
        return;
      }
      const undo = () =>
        undoService(engine, work).then(
          () => snackbar.show(t("serviceUndone", { service: serviceType.name })),
          (error: unknown) => console.error("Could not undo the service", error),
        );
      snackbar.show(done, "message", { label: t("serviceUndo"), onClick: () => void undo() });
    } catch (error) {
      // §8: a failed perform is logged and the Updating state stays.
      console.error("Could not perform the service", error);
    }
  }

  const performer = performerOf(row, records, user?.id);
  const lastDate = performed?.lastDate ? formatDate(performed.lastDate, timeZone, row.granularity) : "";
  const lastDateText = !lastDate
    ? t("serviceNeverPerformed")
    : performer
      ? t("serviceLastDateBy", { date: lastDate, who: performer })
      : t("serviceLastDate", { date: lastDate });

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
      {why && <Typography>{why}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {lastDateText}
      </Typography>
      {(mayPerform || mayEditDates) && (
        <>
          <Box sx={{ mt: 1 }}>
            <Button variant="contained" size="small" loading={updating} loadingPosition="start" disabled={updating} onClick={() => setOptions(true)}>
              {updating ? t("serviceUpdating") : t("serviceOptions")}
            </Button>
          </Box>
          <ServiceOptionsDialog
            open={options}
            serviceName={serviceType.name}
            onPerformNow={mayPerform ? () => void perform(false) : undefined}
            onFromScheduled={mayPerform && desktop && scheduled ? () => void perform(true) : undefined}
            editDatesPath={mayEditDates ? performedServicePath(equipment.locationId, equipment.id, serviceType.id) : undefined}
            onClose={() => setOptions(false)}
          />
        </>
      )}
    </Box>
  );
}
