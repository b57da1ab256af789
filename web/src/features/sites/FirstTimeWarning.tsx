/**
 * The first-time warning of the sites list (§2): on a phone or tablet whose first download
 * brought no sites, a dialog says where sites come from. It opens once per user on this
 * device (remembered in local storage).
 */
import { Button, DialogContentText } from "@mui/material";
import { useEffect, useState } from "react";
import { useDevice } from "../../ui/theme";
import { t } from "../../lib/strings";
import { useSyncEngine, useSyncStatus } from "../../offline/SyncProvider";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";

export const firstTimeWarningKey = (userId: string) => `fieldtag.sitesFirstTimeWarning.${userId}`;

function alreadyShown(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function FirstTimeWarning({ userId }: { userId: string }) {
  const engine = useSyncEngine();
  const lastSuccessfulDownloadDate = useSyncStatus((status) => status.lastSuccessfulDownloadDate);
  const desktop = useDevice() === "desktop";
  const [open, setOpen] = useState(false);
  const key = firstTimeWarningKey(userId);

  useEffect(() => {
    if (desktop || !lastSuccessfulDownloadDate || alreadyShown(key)) return undefined;
    let mounted = true;
    // Ask the store rather than the list on screen, which is empty until its first read.
    engine.list("locations").then(
      (sites) => {
        if (!mounted || sites.length > 0) return;
        localStorage.setItem(key, new Date().toISOString());
        setOpen(true);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [engine, desktop, lastSuccessfulDownloadDate, key]);

  const close = () => setOpen(false);
  return (
    <ResponsiveDialog open={open} onClose={close} title={t("firstTimeTitle")} actions={<Button onClick={close}>{t("ok")}</Button>}>
      <DialogContentText>{t("firstTimeText")}</DialogContentText>
    </ResponsiveDialog>
  );
}
