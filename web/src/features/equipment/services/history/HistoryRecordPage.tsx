/**
 * A history record (§2 .../equipment/{id}/history/new and /history/{historyId}): type (custom
 * by default, §4), date and description, both required (§5); a data change's before and after
 * and a checklist's answers are shown read-only. Viewing needs HISTORY_READ, adding and editing
 * HISTORY_WRITE (§6).
 */
import { Alert, Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { type FormEvent, useMemo, useState } from "react";
import { useParams } from "react-router";
import { t } from "../../../../lib/strings";
import { useAuth } from "../../../../auth/AuthProvider";
import { can, canTake } from "../../../../auth/session";
import { FALLBACK_TIME_ZONE } from "../../../../domain/dates";
import { type HistoryRecord, HistoryType, type HistoryTypeCode, historyRecord } from "../../../../domain/history";
import { PhotoField } from "../../../../files/PhotoField";
import { useSyncEngine } from "../../../../offline/SyncProvider";
import { SaveButton } from "../../../../ui/SaveButton";
import { SelectInput } from "../../../../ui/forms/SelectInput";
import { TextInput } from "../../../../ui/forms/TextInput";
import { textError } from "../../../../ui/forms/validation";
import { useSnackbar } from "../../../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../../../ui/unsaved/useUnsavedChanges";
import { DateTimeInput } from "../DateTimeInput";
import { EquipmentScreen } from "../ScreenFrame";
import { useBackToEquipment } from "../useBackToEquipment";
import { type EquipmentRecords, useEquipmentRecords } from "../useEquipmentRecords";
import { ChangesTable } from "./ChangesTable";
import { HISTORY_TYPE_CODES, historyTypeName } from "./historyTypes";

export function HistoryRecordPage() {
  const { locationId = "", equipmentId = "", historyId } = useParams();
  const { user } = useAuth();
  const state = useEquipmentRecords(locationId, equipmentId);
  const adding = historyId === undefined;
  const title = adding ? t("historyNewTitle") : t("historyRecordTitle");
  const mayWrite = canTake(user, "writeHistory");
  const denied = adding ? !mayWrite && "write" : !can(user, "HISTORY_READ") && "read";
  return (
    <EquipmentScreen title={title} denied={denied} state={state}>
      {(records) => {
        const record = adding ? undefined : records.view.history.find((h) => h.id === historyId);
        return adding || record ? (
          <HistoryForm key={record?.id ?? "new"} records={records} record={record} mayWrite={mayWrite} />
        ) : (
          <Alert severity="error">{t("historyNotFound")}</Alert>
        );
      }}
    </EquipmentScreen>
  );
}

function HistoryForm({ records, record, mayWrite }: { records: EquipmentRecords; record: HistoryRecord | undefined; mayWrite: boolean }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const { equipment } = records.view;
  const back = useBackToEquipment(equipment.locationId, equipment.id);
  const timeZone = records.site.site.timeZone || FALLBACK_TIME_ZONE;
  const [initial] = useState(() => ({
    type: String(record?.type ?? HistoryType.custom),
    date: record?.date ?? new Date().toISOString(),
    description: record?.description ?? "",
    photos: record?.photos ?? [],
  }));
  const [type, setType] = useState(initial.type);
  const [date, setDate] = useState(initial.date);
  const [description, setDescription] = useState(initial.description);
  const [photos, setPhotos] = useState(initial.photos);
  const dirty = type !== initial.type || date !== initial.date || description !== initial.description || photos.join() !== initial.photos.join();
  const unsaved = useUnsavedChanges(mayWrite && dirty);
  const invalid = date === "" || textError(description, { required: true }) !== undefined;
  const typeOptions = useMemo(() => HISTORY_TYPE_CODES.map((code) => ({ value: String(code), label: historyTypeName(code) })), []);
  const fieldNames = useMemo(() => new Map(records.catalogue.equipmentFields.map((f) => [f.id, f.name])), [records.catalogue.equipmentFields]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !mayWrite || invalid) return;
    const fields = { type: Number(type) as HistoryTypeCode, date, description: description.trim() };
    const shown = photos.length > 0 || record?.photos !== undefined ? { photos } : {};
    const saved: HistoryRecord = record
      ? { ...record, ...fields, ...shown }
      : { ...historyRecord({ ...fields, orgId: user.orgId, equipmentId: equipment.id, locationId: equipment.locationId, userId: user.id }), ...shown };
    try {
      await engine.put("history", saved);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    snackbar.show(t("historySaved"));
    unsaved.allowNextNavigation();
    back();
  }

  const answers = record?.questionnaireAnswers ?? [];
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={4}>
        <SelectInput label={t("historyTypeLabel")} value={type} onChange={setType} options={typeOptions} disabled={!mayWrite} />
        <DateTimeInput label={t("historyDateLabel")} value={date} onChange={setDate} timeZone={timeZone} required disabled={!mayWrite} />
        <TextInput
          label={t("historyDescriptionLabel")}
          value={description}
          onChange={setDescription}
          required
          multiline
          minRows={2}
          disabled={!mayWrite}
        />
        {(mayWrite || photos.length > 0) && <PhotoField label={t("photosLabel")} photos={photos} onChange={setPhotos} disabled={!mayWrite} />}
        {record?.changes && (record.changes.before || record.changes.after) && (
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
              {t("historyChanges")}
            </Typography>
            <ChangesTable before={record.changes.before} after={record.changes.after} fieldNames={fieldNames} />
          </Box>
        )}
        {answers.length > 0 && (
          <Box sx={{ overflowX: "auto" }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
              {t("historyAnswers")}
            </Typography>
            <Table size="small" aria-label={t("historyAnswers")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("historyQuestion")}</TableCell>
                  <TableCell>{t("historyChoice")}</TableCell>
                  <TableCell>{t("historyTextAnswer")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answers.map((answer, index) => (
                  <TableRow key={answer.questionId || index}>
                    <TableCell>{answer.question}</TableCell>
                    <TableCell>{answer.multipleChoiceAnswer ?? ""}</TableCell>
                    <TableCell>{answer.textAnswer ?? ""}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {answers.map(
              (answer, index) =>
                answer.photos &&
                answer.photos.length > 0 && (
                  <Box key={answer.questionId || index} sx={{ mt: 3 }}>
                    <PhotoField label={t("checklistAnswerPhotos", { question: answer.question })} photos={answer.photos} onChange={() => undefined} readOnly />
                  </Box>
                ),
            )}
          </Box>
        )}
        {mayWrite && <SaveButton disabled={invalid || (record !== undefined && !dirty)} />}
      </Stack>
    </Box>
  );
}
