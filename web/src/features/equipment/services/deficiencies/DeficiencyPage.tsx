/**
 * A deficiency (§2 .../equipment/{id}/deficiency/new and /deficiency/{deficiencyId}):
 * description and opened date required (§5), an optional service type, and for a saved one
 * Close Deficiency or Reopen Deficiency. Adding writes 'deficiency opened' history (11), closing
 * sets dateClosed and writes 'deficiency closed' (12), reopening clears it and writes 11 (§4).
 * Viewing needs DEFICIENCY_READ; adding, editing, closing DEFICIENCY_WRITE (§6; the actions
 * openDeficiency and editDeficiency).
 */
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { type FormEvent, useMemo, useState } from "react";
import { useParams } from "react-router";
import { t } from "../../../../lib/strings";
import { useAuth } from "../../../../auth/AuthProvider";
import { can, canTake } from "../../../../auth/session";
import { FALLBACK_TIME_ZONE, formatDate } from "../../../../domain/dates";
import type { Deficiency } from "../../../../domain/records";
import { PhotoField } from "../../../../files/PhotoField";
import { useSyncEngine } from "../../../../offline/SyncProvider";
import { SaveButton } from "../../../../ui/SaveButton";
import { ScreenFrame } from "../../../../ui/ScreenFrame";
import { SelectInput } from "../../../../ui/forms/SelectInput";
import { TextInput } from "../../../../ui/forms/TextInput";
import { textError } from "../../../../ui/forms/validation";
import { useSnackbar } from "../../../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../../../ui/unsaved/useUnsavedChanges";
import { DateTimeInput } from "../DateTimeInput";
import { EquipmentScreen } from "../ScreenFrame";
import { useBackToEquipment } from "../useBackToEquipment";
import { type EquipmentRecords, useEquipmentRecords } from "../useEquipmentRecords";
import { addDeficiency, isOpen, saveDeficiency } from "./deficiencies";

export function DeficiencyPage() {
  const { locationId, equipmentId = "", deficiencyId } = useParams();
  const { user } = useAuth();
  const state = useEquipmentRecords(locationId, equipmentId);
  const adding = deficiencyId === undefined;
  const title = adding ? t("deficiencyNewTitle") : t("deficiencyTitle");
  const mayWrite = canTake(user, adding ? "openDeficiency" : "editDeficiency");
  // §8: a deficiency belongs to a site; without one in the route it cannot be added.
  if (!locationId) {
    return (
      <ScreenFrame title={title}>
        <Alert severity="error">{t("deficiencyLocationMissing")}</Alert>
      </ScreenFrame>
    );
  }
  const denied = adding ? !mayWrite && "write" : !can(user, "DEFICIENCY_READ") && "read";
  return (
    <EquipmentScreen title={title} denied={denied} state={state}>
      {(records) => {
        const deficiency = adding ? undefined : records.view.deficiencies.find((d) => d.id === deficiencyId);
        return adding || deficiency ? (
          <DeficiencyForm key={deficiency?.id ?? "new"} records={records} deficiency={deficiency} mayWrite={mayWrite} />
        ) : (
          <Alert severity="error">{t("deficiencyNotFound")}</Alert>
        );
      }}
    </EquipmentScreen>
  );
}

function DeficiencyForm({ records, deficiency, mayWrite }: { records: EquipmentRecords; deficiency: Deficiency | undefined; mayWrite: boolean }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const { equipment, serviceTypes } = records.view;
  const back = useBackToEquipment(equipment.locationId, equipment.id);
  const timeZone = records.site.site.timeZone || FALLBACK_TIME_ZONE;
  const [initial] = useState(() => ({
    description: deficiency?.description ?? "",
    dateOpened: deficiency?.dateOpened ?? new Date().toISOString(),
    serviceTypeId: deficiency?.serviceTypeId ?? "",
    photos: deficiency?.photos ?? [],
  }));
  const [description, setDescription] = useState(initial.description);
  const [dateOpened, setDateOpened] = useState(initial.dateOpened);
  const [serviceTypeId, setServiceTypeId] = useState(initial.serviceTypeId);
  const [photos, setPhotos] = useState(initial.photos);
  const [busy, setBusy] = useState(false);
  const dirty =
    description !== initial.description ||
    dateOpened !== initial.dateOpened ||
    serviceTypeId !== initial.serviceTypeId ||
    photos.join() !== initial.photos.join();
  const unsaved = useUnsavedChanges(mayWrite && dirty && !busy);
  const invalid = dateOpened === "" || textError(description, { required: true }) !== undefined;
  const serviceOptions = useMemo(
    () => [{ value: "", label: t("none") }, ...serviceTypes.map((s) => ({ value: s.id, label: s.name }))],
    [serviceTypes],
  );
  const open = deficiency ? isOpen(deficiency) : true;

  /** Saves the form; `closing` true closes it, false reopens it, undefined leaves its state. */
  async function save(closing?: boolean) {
    if (!user || !mayWrite || invalid || busy) return;
    const actor = { orgId: user.orgId, userId: user.id };
    const fields = { description: description.trim(), dateOpened, serviceTypeId, photos };
    setBusy(true);
    try {
      if (!deficiency) await addDeficiency(engine, { ...fields, equipmentId: equipment.id, locationId: equipment.locationId }, actor);
      else await saveDeficiency(engine, deficiency, fields, closing, actor);
    } catch (error) {
      setBusy(false);
      snackbar.show((error as Error).message, "error");
      return;
    }
    snackbar.show(t("deficiencySaved"));
    unsaved.allowNextNavigation();
    back();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={4}>
        {deficiency && (
          <Typography role="status" color={open ? "error" : "text.secondary"}>
            {open ? t("deficiencyStateOpen") : t("deficiencyStateClosed", { date: formatDate(deficiency.dateClosed, timeZone) })}
          </Typography>
        )}
        <TextInput
          label={t("historyDescriptionLabel")}
          value={description}
          onChange={setDescription}
          required
          multiline
          minRows={2}
          disabled={!mayWrite}
        />
        <DateTimeInput
          label={t("deficiencyDateOpenedLabel")}
          value={dateOpened}
          onChange={setDateOpened}
          timeZone={timeZone}
          required
          disabled={!mayWrite}
        />
        <SelectInput
          label={t("deficiencyServiceTypeLabel")}
          value={serviceTypeId}
          onChange={setServiceTypeId}
          options={serviceOptions}
          disabled={!mayWrite}
        />
        <PhotoField label={t("photosLabel")} photos={photos} onChange={setPhotos} disabled={!mayWrite} />
        {mayWrite && (
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
            <SaveButton disabled={invalid || busy || (deficiency !== undefined && !dirty)} />
            {deficiency && (
              <Button variant="outlined" color={open ? "error" : "primary"} disabled={invalid || busy} onClick={() => void save(open)}>
                {open ? t("deficiencyClose") : t("deficiencyReopen")}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
