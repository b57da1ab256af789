/**
 * Edit service dates (§2 .../equipment/{id}/performed-service/{serviceTypeId}, SERVICE_WRITE):
 * the last date and the overriding next date of the item's performed service, as wall-clock
 * times of the site. An overriding next date wins over the calculated one (§9); empty clears it.
 */
import { Alert, Box, Stack } from "@mui/material";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { canTake } from "../../../auth/session";
import { FALLBACK_TIME_ZONE } from "../../../domain/dates";
import type { ServiceType } from "../../../domain/records";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { SaveButton } from "../../../ui/SaveButton";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../../ui/unsaved/useUnsavedChanges";
import { DateTimeInput } from "./DateTimeInput";
import { editServiceDates } from "./performService";
import { EquipmentScreen } from "./ScreenFrame";
import { useBackToEquipment } from "./useBackToEquipment";
import { type EquipmentRecords, useEquipmentRecords } from "./useEquipmentRecords";

export function PerformedServicePage() {
  const { locationId = "", equipmentId = "", serviceTypeId = "" } = useParams();
  const { user } = useAuth();
  const state = useEquipmentRecords(locationId, equipmentId);
  const serviceType = state.status === "ready" ? state.records.view.serviceTypes.find((s) => s.id === serviceTypeId) : undefined;
  const title = serviceType ? `${t("serviceDatesTitle")}: ${serviceType.name}` : t("serviceDatesTitle");
  return (
    <EquipmentScreen title={title} denied={!canTake(user, "editServiceDates") && "write"} state={state}>
      {(records) => (serviceType ? <DatesForm records={records} serviceType={serviceType} /> : <Alert severity="error">{t("serviceTypeNotFound")}</Alert>)}
    </EquipmentScreen>
  );
}

function DatesForm({ records, serviceType }: { records: EquipmentRecords; serviceType: ServiceType }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const { equipment, performedServices } = records.view;
  const back = useBackToEquipment(equipment.locationId, equipment.id);
  const timeZone = records.site.site.timeZone || FALLBACK_TIME_ZONE;
  const performed = performedServices.find((p) => p.serviceTypeId === serviceType.id);
  const [lastDate, setLastDate] = useState(performed?.lastDate ?? "");
  const [nextDate, setNextDate] = useState(performed?.overidedNextDate ?? "");
  const dirty = lastDate !== (performed?.lastDate ?? "") || nextDate !== (performed?.overidedNextDate ?? "");
  const unsaved = useUnsavedChanges(dirty);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    try {
      await editServiceDates(engine, { orgId: user.orgId, equipment, serviceType, performed, lastDate, nextDate });
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    snackbar.show(t("serviceDatesSaved"));
    unsaved.allowNextNavigation();
    back();
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={4}>
        <DateTimeInput label={t("serviceLastDateLabel")} value={lastDate} onChange={setLastDate} timeZone={timeZone} />
        <DateTimeInput
          label={t("serviceNextDateOverride")}
          value={nextDate}
          onChange={setNextDate}
          timeZone={timeZone}
          helperText={`${t("serviceNextDateOverrideHelp")} ${t("serviceDatesInZone", { timeZone })}`}
        />
        <SaveButton disabled={!dirty} />
      </Stack>
    </Box>
  );
}
