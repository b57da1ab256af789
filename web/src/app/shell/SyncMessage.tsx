/**
 * The sync message of §2: 'Checking for updates...' while syncing, else 'Up to date as of
 * {relative time}' (or Never), refreshed every second (§9), with online or offline.
 */
import { Chip, Stack, Typography } from "@mui/material";
import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import { useEffect, useState } from "react";
import { useSyncStatus } from "../../offline/SyncProvider";
import { t } from "../strings";

dayjs.extend(relativeTime);

/** 'Up to date as of a few seconds ago', or with Never when nothing has come down yet. */
export function upToDateText(lastDownload: string | undefined, now: number): string {
  return t("upToDateAsOf", { time: lastDownload ? dayjs(lastDownload).from(dayjs(now)) : t("never") });
}

export function useTicker(ms = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export function SyncMessage() {
  const status = useSyncStatus();
  const now = useTicker();
  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: "center", minWidth: 0 }}>
      <Typography variant="caption" role="status" noWrap>
        {status.state === "syncing"
          ? t("checkingForUpdates")
          : status.state === "error" && status.online
            ? t("syncFailed")
            : upToDateText(status.lastSuccessfulDownloadDate, now)}
      </Typography>
      <Chip size="small" label={status.online ? t("online") : t("offline")} color={status.online ? "success" : "default"} variant="outlined" />
    </Stack>
  );
}
