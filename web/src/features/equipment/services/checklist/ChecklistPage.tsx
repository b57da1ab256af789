/**
 * The checklist (§2 .../equipment/{id}/answer-questions/{serviceTypeId}/{historyId},
 * SERVICE_WRITE): the service type's questions, each answered by a choice (with comments when
 * the question allows them) or by text (§5). Submit performs the service with the answers, opens
 * the deficiencies the choices call for, sets the fields answers set, and goes back to the
 * equipment. `?scheduled=1` performs it from the scheduled next date (desktop's From Scheduled).
 */
import { Alert, Box, Button, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, TextField } from "@mui/material";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { t } from "../../../../lib/strings";
import { useAuth } from "../../../../auth/AuthProvider";
import { canTake } from "../../../../auth/session";
import type { Question, ServiceType } from "../../../../domain/records";
import { PhotoField } from "../../../../files/PhotoField";
import { useSyncEngine } from "../../../../offline/SyncProvider";
import { useFieldErrors } from "../../../../ui/forms/fieldErrors";
import { useSnackbar } from "../../../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../../../ui/unsaved/useUnsavedChanges";
import { liveOptions, questionsOf } from "../questions";
import { EquipmentScreen } from "../ScreenFrame";
import { serviceRowsOf } from "../serviceRows";
import { useBackToEquipment } from "../useBackToEquipment";
import { type EquipmentRecords, useEquipmentRecords } from "../useEquipmentRecords";
import { type Answer, NO_ANSWER, answerError, submitChecklist } from "./checklist";

export function ChecklistPage() {
  const { locationId = "", equipmentId = "", serviceTypeId = "", historyId = "" } = useParams();
  const { user } = useAuth();
  const state = useEquipmentRecords(locationId, equipmentId);
  const serviceType = state.status === "ready" ? state.records.view.serviceTypes.find((s) => s.id === serviceTypeId) : undefined;
  const title = t("checklistTitle", { service: serviceType?.name ?? "" });
  return (
    <EquipmentScreen title={title} denied={!canTake(user, "answerChecklist") && "write"} state={state}>
      {(records) =>
        !serviceType ? (
          <Alert severity="error">{t("serviceTypeNotFound")}</Alert>
        ) : records.view.history.some((h) => h.id === historyId) ? (
          // The route names the history record in advance, so a second submit (back, then Submit) cannot perform it twice.
          <Alert severity="info">{t("checklistAlreadySubmitted")}</Alert>
        ) : (
          <ChecklistForm records={records} serviceType={serviceType} historyId={historyId} />
        )
      }
    </EquipmentScreen>
  );
}

function ChecklistForm({ records, serviceType, historyId }: { records: EquipmentRecords; serviceType: ServiceType; historyId: string }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const [search] = useSearchParams();
  const { equipment, performedServices } = records.view;
  const back = useBackToEquipment(equipment.locationId, equipment.id);
  const questions = useMemo(() => questionsOf(records.questions, serviceType.id), [records.questions, serviceType.id]);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [submitting, setSubmitting] = useState(false);
  const unsaved = useUnsavedChanges(Object.keys(answers).length > 0 && !submitting);
  const invalid = questions.some((q) => answerError(q, answers[q.id]) !== undefined);

  const answer = (questionId: string, change: Partial<Answer>) =>
    setAnswers((current) => ({ ...current, [questionId]: { ...(current[questionId] ?? NO_ANSWER), ...change } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || invalid || submitting) return;
    setSubmitting(true);
    const scheduledDate =
      search.get("scheduled") === "1"
        ? serviceRowsOf(records, Date.now()).rows.find((r) => r.serviceType.id === serviceType.id)?.nextDate
        : undefined;
    try {
      await submitChecklist(engine, {
        actor: { orgId: user.orgId, userId: user.id },
        equipment,
        serviceType,
        performed: performedServices.find((p) => p.serviceTypeId === serviceType.id),
        questions,
        answers,
        historyId,
        lastDate: scheduledDate ?? new Date().toISOString(),
        equipmentFields: records.catalogue.equipmentFields,
      });
    } catch (error) {
      // §8: a failed perform is logged and stays updating.
      console.error("Could not submit the checklist", error);
      return;
    }
    snackbar.show(t("checklistDone"));
    unsaved.allowNextNavigation();
    back();
  }

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={5}>
        {questions.length === 0 && <Alert severity="info">{t("checklistNoQuestions")}</Alert>}
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            answer={answers[question.id] ?? NO_ANSWER}
            onChange={(change) => answer(question.id, change)}
          />
        ))}
        <Button type="submit" variant="contained" disabled={invalid || submitting} loading={submitting} loadingPosition="start">
          {submitting ? t("serviceUpdating") : t("checklistSubmit")}
        </Button>
      </Stack>
    </Box>
  );
}

function QuestionField(props: { question: Question; answer: Answer; onChange: (change: Partial<Answer>) => void }) {
  const { question, answer, onChange } = props;
  return (
    <Stack spacing={2}>
      <QuestionAnswer {...props} />
      <PhotoField label={t("checklistAnswerPhotos", { question: question.question })} photos={answer.photos ?? []} onChange={(photos) => onChange({ photos })} />
    </Stack>
  );
}

function QuestionAnswer({ question, answer, onChange }: { question: Question; answer: Answer; onChange: (change: Partial<Answer>) => void }) {
  const labelId = useId();
  const options = liveOptions(question);
  // §5: shown once the question was touched, not on arrival.
  const shows = useFieldErrors();
  const error = shows.showMissing ? answerError(question, answer) : undefined;
  const message = error && t(error);
  if (options.length === 0) {
    return (
      <TextField
        label={question.question}
        value={answer.text}
        onChange={(event) => {
          shows.changed();
          onChange({ text: event.target.value });
        }}
        onBlur={shows.left}
        required
        multiline
        fullWidth
        error={error !== undefined}
        helperText={message}
      />
    );
  }
  return (
    <FormControl component="fieldset" error={error !== undefined} required onBlur={shows.left}>
      <FormLabel component="legend" id={labelId}>
        {question.question}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={answer.optionId} onChange={(event) => onChange({ optionId: event.target.value })}>
        {options.map((option) => (
          <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={option.description ?? ""} />
        ))}
      </RadioGroup>
      {message && <FormHelperText>{message}</FormHelperText>}
      {question.allowComments === true && (
        <TextField
          label={t("checklistComments")}
          value={answer.text}
          onChange={(event) => onChange({ text: event.target.value })}
          multiline
          fullWidth
          sx={{ mt: 2 }}
        />
      )}
    </FormControl>
  );
}
