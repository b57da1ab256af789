/**
 * An event's dialog (§3 Scheduled event, §5): the site it is at, and its user, date, start and
 * end time, each required (the error icon while empty, Save disabled while anything is
 * wrong). Delete removes the event.
 */
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { t } from "../../lib/strings";
import { DatePickerField } from "../../ui/forms/DatePickerField";
import { SelectInput, type SelectOption } from "../../ui/forms/SelectInput";
import { TimePickerField } from "../../ui/forms/TimePickerField";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { type EventDraft, type EventField, type ScheduledEvent, eventErrors } from "./schedule";

export interface EventDialogProps {
  event: ScheduledEvent;
  siteName: string;
  users: readonly SelectOption[];
  range: { first: string; last: string };
  onClose: () => void;
  onSave: (draft: EventDraft) => void;
  onDelete: () => void;
}

export function EventDialog({ event, siteName, users, range, onClose, onSave, onDelete }: EventDialogProps) {
  const [draft, setDraft] = useState<EventDraft>({ date: event.date, userId: event.userId, startTime: event.startTime, endTime: event.endTime });
  const errors = eventErrors(draft, range);
  const set = (field: EventField) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const valid = Object.keys(errors).length === 0;

  const field = (name: Exclude<EventField, "userId">, label: string, type: "date" | "time", limits?: { min: string; max: string }) => {
    const error = errors[name];
    const missing = error === "required";
    const Field = type === "date" ? DatePickerField : TimePickerField;
    return (
      <Field
        label={label}
        required
        value={draft[name]}
        onChange={set(name)}
        missing={missing}
        invalid={error !== undefined}
        helperText={error !== undefined && !missing ? t(error, range) : undefined}
        {...limits}
      />
    );
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={t("scheduleEditEvent")}
      actions={
        <>
          <Button color="error" onClick={onDelete} sx={{ mr: "auto" }}>
            {t("scheduleDelete")}
          </Button>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" disabled={!valid} onClick={() => onSave(draft)}>
            {t("save")}
          </Button>
        </>
      }
    >
      <Stack component="form" aria-label={t("scheduleEditEvent")} spacing={4} sx={{ pt: 2 }} onSubmit={(submit) => submit.preventDefault()}>
        <div>
          <Typography variant="caption" color="text.secondary">
            {t("scheduleSite")}
          </Typography>
          <Typography>{siteName}</Typography>
        </div>
        <SelectInput label={t("scheduleUser")} value={draft.userId} onChange={set("userId")} options={users} required />
        {field("date", t("scheduleDate"), "date", { min: range.first, max: range.last })}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 4, sm: 3 }}>
          {field("startTime", t("scheduleStartTime"), "time")}
          {field("endTime", t("scheduleEndTime"), "time")}
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}
