/**
 * The Export Billing Data dialog (§2 Settings, §7): a start and an end date (YYYY-MM-DD,
 * defaulting to the current month) and Download, which saves the answer of
 * `GET /organizations/{orgId}/export/billing?startDate&endDate` as a JSON file. The export is
 * made on the server: offline, the dialog says so and offers Try Again once the browser is back.
 */
import { Button, DialogContentText, Stack } from "@mui/material";
import dayjs from "dayjs";
import { useState } from "react";
import { type StringKey, t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { DateField } from "../../ui/forms/DateField";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { DownloadAlerts, useDownload } from "../../ui/useDownload";

const DAY = "YYYY-MM-DD";
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

export function ExportBillingDialog({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const exported = useDownload("exportBillingFailed");
  const [dates, setDates] = useState(() => ({ startDate: dayjs().startOf("month").format(DAY), endDate: dayjs().endOf("month").format(DAY) }));
  const errors: Partial<Record<"startDate" | "endDate", StringKey>> = {};
  if (!isDay(dates.startDate)) errors.startDate = "required";
  if (!isDay(dates.endDate)) errors.endDate = "required";
  else if (!errors.startDate && dates.endDate < dates.startDate) errors.endDate = "reportEndBeforeStart";
  const valid = Object.keys(errors).length === 0;

  async function download() {
    if (!user) return;
    const fallbackName = `Billing Data - ${dates.startDate} - ${dates.endDate}.json`;
    if (await exported.run(`/organizations/${user.orgId}/export/billing`, dates, fallbackName)) onClose();
  }

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={t("exportBillingData")}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" disabled={!valid || exported.busy || exported.waitingForNetwork} onClick={() => void download()}>
            {exported.buttonText}
          </Button>
        </>
      }
    >
      <Stack component="form" aria-label={t("exportBillingData")} spacing={4} onSubmit={(event) => event.preventDefault()}>
        <DialogContentText>{t("exportBillingText")}</DialogContentText>
        <DownloadAlerts download={exported} offlineText="exportBillingOffline" />
        <DateField label={t("reportStartDate")} value={dates.startDate} error={errors.startDate} onChange={(startDate) => setDates((current) => ({ ...current, startDate }))} />
        <DateField label={t("reportEndDate")} value={dates.endDate} error={errors.endDate} onChange={(endDate) => setDates((current) => ({ ...current, endDate }))} />
      </Stack>
    </ResponsiveDialog>
  );
}
