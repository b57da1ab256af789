/**
 * Could Not Service (§4): one of the four reasons, or any words, as a required free-text
 * reason ('Please give a reason'). Choosing a reason fills the text, which can then be added
 * to; the message shows once the reason was touched. Saves a could-not-service history
 * record; the due engine then keeps the item off the due lists until the end of the day of
 * the event.
 */
import { Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField } from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { type StringKey, t } from "../../../lib/strings";
import type { Equipment } from "../../../domain/records";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { useFieldErrors } from "../../../ui/forms/fieldErrors";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useActor } from "./abilities";
import { couldNotService } from "./changes";

const REASONS: StringKey[] = ["equipmentCouldNotAccess", "equipmentDidNotWantDone", "equipmentNotIn", "equipmentDoneByOthers"];

export interface CouldNotServiceDialogProps {
  open: boolean;
  equipment: Equipment;
  onCancel: () => void;
  onSaved: () => void;
}

export function CouldNotServiceDialog({ open, equipment, onCancel, onSaved }: CouldNotServiceDialogProps) {
  const engine = useSyncEngine();
  const actor = useActor();
  const snackbar = useSnackbar();
  const formId = useId();
  const [preset, setPreset] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const missing = reason.trim() === "";
  const reasonShows = useFieldErrors();
  const missingShown = missing && reasonShows.showMissing;

  function choose(key: string) {
    setPreset(key);
    setReason(t(key as StringKey));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (missing) return;
    setBusy(true);
    try {
      await couldNotService(engine, equipment, reason, actor);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      setBusy(false);
      return;
    }
    setBusy(false);
    onSaved();
  }

  return (
    <ResponsiveDialog
      open={open}
      onClose={onCancel}
      title={t("historyType4")}
      actions={
        <>
          <Button onClick={onCancel}>{t("cancel")}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={missing} loading={busy}>
            {t("save")}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} onSubmit={submit} noValidate spacing={4} sx={{ pt: 2 }}>
        <FormControl>
          <FormLabel id={`${formId}-reasons`}>{t("equipmentReason")}</FormLabel>
          <RadioGroup aria-labelledby={`${formId}-reasons`} value={preset} onChange={(event) => choose(event.target.value)}>
            {REASONS.map((key) => (
              <FormControlLabel key={key} value={key} control={<Radio />} label={t(key)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t("equipmentReason")}
          value={reason}
          onChange={(event) => {
            reasonShows.changed();
            setReason(event.target.value);
          }}
          onBlur={reasonShows.left}
          required
          multiline
          minRows={2}
          fullWidth
          error={missingShown}
          helperText={missingShown ? t("equipmentGiveReason") : undefined}
        />
      </Stack>
    </ResponsiveDialog>
  );
}
