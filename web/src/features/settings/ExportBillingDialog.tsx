/**
 * The Export Billing Data dialog (§2 Settings, §7): a start and an end date (YYYY-MM-DD,
 * defaulting to the current month) and Download, which saves the answer of
 * `GET /organizations/{orgId}/export/billing?startDate&endDate` as a JSON file. The export is
 * made on the server: offline, the dialog says so and offers Try Again once the browser is back.
 */
import { Alert, Button, DialogContentText, Stack, TextField } from "@mui/material";
import dayjs from "dayjs";
import { useState } from "react";
import { downloadFile } from "../../api/download";
import { ApiError } from "../../api/types";
import { type StringKey, t } from "../../app/strings";
import { useAuth } from "../../auth/AuthProvider";
import { RequiredAdornment } from "../../ui/forms/RequiredAdornment";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useBrowserOnline } from "../../ui/useBrowserOnline";

const DAY = "YYYY-MM-DD";
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

type Attempt = { state: "idle" | "downloading" } | { state: "offline"; browserOnline: boolean } | { state: "failed"; message: string };

export function ExportBillingDialog({ onClose }: { onClose: () => void }) {
  const { client, user } = useAuth();
  const snackbar = useSnackbar();
  const online = useBrowserOnline();
  const [dates, setDates] = useState(() => ({ startDate: dayjs().startOf("month").format(DAY), endDate: dayjs().endOf("month").format(DAY) }));
  const [attempt, setAttempt] = useState<Attempt>({ state: "idle" });
  const errors: Partial<Record<"startDate" | "endDate", StringKey>> = {};
  if (!isDay(dates.startDate)) errors.startDate = "required";
  if (!isDay(dates.endDate)) errors.endDate = "required";
  else if (!errors.startDate && dates.endDate < dates.startDate) errors.endDate = "reportEndBeforeStart";
  const valid = Object.keys(errors).length === 0;

  async function download() {
    if (!user) return;
    if (!navigator.onLine) {
      setAttempt({ state: "offline", browserOnline: false });
      return;
    }
    setAttempt({ state: "downloading" });
    try {
      const name = await downloadFile(client, `/organizations/${user.orgId}/export/billing`, dates, `Billing Data - ${dates.startDate} - ${dates.endDate}.json`);
      snackbar.show(t("reportDownloaded", { file: name }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.offline) setAttempt({ state: "offline", browserOnline: navigator.onLine });
      else {
        const [message, contextId] = error instanceof ApiError ? [error.message, error.contextId] : [String(error), "no-context-id"];
        setAttempt({ state: "failed", message: t("exportBillingFailed", { message, contextId }) });
      }
    }
  }

  const field = (name: "startDate" | "endDate", label: string) => {
    const error = errors[name];
    const missing = error === "required";
    return (
      <TextField
        label={label}
        type="date"
        required
        fullWidth
        value={dates[name]}
        onChange={(event) => setDates((current) => ({ ...current, [name]: event.target.value }))}
        error={error !== undefined && !missing}
        helperText={error !== undefined && !missing ? t(error) : undefined}
        slotProps={{
          inputLabel: { shrink: true },
          input: { endAdornment: missing ? <RequiredAdornment /> : undefined },
          htmlInput: { "aria-invalid": error !== undefined },
        }}
      />
    );
  };

  const busy = attempt.state === "downloading";
  const backOnline = attempt.state === "offline" && online && !attempt.browserOnline;
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={t("exportBillingData")}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" disabled={!valid || busy || (attempt.state === "offline" && !online)} onClick={() => void download()}>
            {busy ? t("reportDownloading") : attempt.state === "idle" ? t("reportDownload") : t("tryAgain")}
          </Button>
        </>
      }
    >
      <Stack component="form" aria-label={t("exportBillingData")} spacing={4} onSubmit={(event) => event.preventDefault()}>
        <DialogContentText>{t("exportBillingText")}</DialogContentText>
        {attempt.state === "offline" && (
          <Alert severity={backOnline ? "info" : "warning"} role="alert">
            {backOnline ? t("reportBackOnline") : t("exportBillingOffline")}
          </Alert>
        )}
        {attempt.state === "failed" && (
          <Alert severity="error" role="alert">
            {attempt.message}
          </Alert>
        )}
        {field("startDate", t("reportStartDate"))}
        {field("endDate", t("reportEndDate"))}
      </Stack>
    </ResponsiveDialog>
  );
}
