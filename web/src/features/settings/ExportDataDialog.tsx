/**
 * The Export Data dialog (§7 `GET /organizations/{orgId}/export`): everything of the
 * organisation as one JSON file, saved under the server's name ('{organisation} - Export -
 * {date}.json'). The server streams it page by page without announcing its size, so the dialog
 * counts what has arrived, and shows a percentage when a size is known. Offline or refused, it
 * says why and offers Try Again.
 */
import { Button, DialogContentText, LinearProgress, Stack, Typography } from "@mui/material";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import type { DownloadProgress } from "../../api/download";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { DownloadAlerts, useDownload } from "../../ui/useDownload";

/** '3.4 MB received', with the percentage when the total is known. */
export function progressText({ received, total }: DownloadProgress): string {
  const size = received < 1_000_000 ? `${Math.round(received / 1000)} KB` : `${(received / 1_000_000).toFixed(1)} MB`;
  return total ? t("exportDataProgressOf", { size, percent: Math.min(100, Math.floor((received / total) * 100)) }) : t("exportDataProgress", { size });
}

export function ExportDataDialog({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const exported = useDownload("exportDataFailed");
  const { progress } = exported;

  async function download() {
    if (!user) return;
    const fallbackName = `Export - ${new Date().toISOString().slice(0, 10)}.json`;
    if (await exported.run(`/organizations/${user.orgId}/export`, {}, fallbackName)) onClose();
  }

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={t("exportData")}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" disabled={exported.busy || exported.waitingForNetwork} onClick={() => void download()}>
            {exported.buttonText}
          </Button>
        </>
      }
    >
      <Stack spacing={4}>
        <DialogContentText>{t("exportDataText")}</DialogContentText>
        <DownloadAlerts download={exported} offlineText="exportDataOffline" />
        {progress && (
          <Stack spacing={1}>
            <LinearProgress
              aria-label={t("exportData")}
              variant={progress.total ? "determinate" : "indeterminate"}
              value={progress.total ? Math.min(100, (progress.received / progress.total) * 100) : undefined}
            />
            <Typography variant="body2" role="status">
              {progressText(progress)}
            </Typography>
          </Stack>
        )}
      </Stack>
    </ResponsiveDialog>
  );
}
