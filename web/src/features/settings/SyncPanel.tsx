/**
 * The Settings sync panel (§2 Other screens): Syncing or Sync Now, online or offline, and the
 * last download and upload as 'MMM D, h:mma', with whether the last try succeeded.
 */
import { Button, Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import { t } from "../../lib/strings";
import { useSyncEngine, useSyncStatus } from "../../offline/SyncProvider";

export function syncTime(iso: string | undefined): string {
  return iso ? dayjs(iso).format("MMM D, h:mma") : t("never");
}

export function SyncPanel() {
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const syncing = status.state === "syncing";
  return (
    <Card component="section" aria-labelledby="sync-panel-title">
      <CardContent>
        <Stack spacing={3}>
          <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between" }}>
            <Typography id="sync-panel-title" variant="h6" component="h2">
              {t("syncStatus")}
            </Typography>
            <Chip label={status.online ? t("online") : t("offline")} color={status.online ? "success" : "default"} />
          </Stack>
          <Typography variant="body2">
            {t("lastDownload")}: {syncTime(status.lastSuccessfulDownloadDate)}
          </Typography>
          <Typography variant="body2">
            {t("lastUpload")}: {syncTime(status.lastSuccessfulUploadDate)}
          </Typography>
          {status.lastTrySuccessStatus && (
            <Typography variant="body2">
              {t("lastTry")}: {status.lastTrySuccessStatus === "yes" ? t("lastTrySucceeded") : t("lastTryFailed")}
            </Typography>
          )}
          <Button variant="contained" onClick={() => void engine.syncNow()} disabled={syncing} sx={{ alignSelf: "flex-start" }}>
            {syncing ? t("syncing") : t("syncNow")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
