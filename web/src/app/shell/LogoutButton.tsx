/**
 * Logout: the session ends, then the organisation's data is cleared from the device (a shared
 * phone must not keep it), images included, and every open tab reloads. Changes that have not
 * reached the server would be lost with it, and so would photos not yet uploaded, so first they
 * are sent if they can be; if some are still waiting, a dialog says how many and offers Sync Now,
 * Log Out Anyway or Cancel. In the bar a button; `inMenu`, an entry of the phone's menu.
 */
import { Button, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useAuth } from "../../auth/AuthProvider";
import { forgetImages } from "../../files/imageCache";
import { forgetLocalImages, imageQueue } from "../../offline/images";
import { useImageUploader, useSyncEngine } from "../../offline/SyncProvider";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { t } from "../../lib/strings";

interface Unsent {
  count: number;
  photos: number;
  /** Sync Now was tried from the dialog and some are still waiting. */
  tried: boolean;
}

export function LogoutButton({ inMenu = false }: { inMenu?: boolean }) {
  const auth = useAuth();
  const engine = useSyncEngine();
  const images = useImageUploader();
  const [unsent, setUnsent] = useState<Unsent | null>(null);
  const [busy, setBusy] = useState(false);

  async function logOut() {
    setUnsent(null);
    await auth.logout();
    await forgetImages();
    await forgetLocalImages().catch(() => undefined);
    await engine.destroy();
  }

  /** Sends what waits, then logs out if nothing does; otherwise asks. */
  async function syncThenLogOut(tried: boolean) {
    setBusy(true);
    await engine.syncNow().catch(() => undefined);
    images?.kick();
    await images?.idle();
    const count = await engine.pendingChanges().catch(() => 0);
    const photos = await imageQueue()
      .waitingCount()
      .catch(() => 0);
    setBusy(false);
    if (count === 0 && photos === 0) await logOut();
    else setUnsent({ count, photos, tried });
  }

  return (
    <>
      {inMenu ? (
        <ListItemButton disabled={busy && unsent === null} onClick={() => void syncThenLogOut(false)}>
          <ListItemText primary={t("logout")} />
        </ListItemButton>
      ) : (
        <Button color="inherit" size="small" disabled={busy && unsent === null} onClick={() => void syncThenLogOut(false)}>
          {t("logout")}
        </Button>
      )}
      <ResponsiveDialog
        open={unsent !== null}
        onClose={() => setUnsent(null)}
        title={t("unsentTitle")}
        actions={
          <>
            <Button onClick={() => setUnsent(null)}>{t("cancel")}</Button>
            <Button variant="contained" loading={busy} onClick={() => void syncThenLogOut(true)}>
              {t("syncNow")}
            </Button>
            <Button color="error" disabled={busy} onClick={() => void logOut()}>
              {t("logOutAnyway")}
            </Button>
          </>
        }
      >
        <Stack spacing={3}>
          {(unsent?.count ?? 0) > 0 && <Typography>{t("unsentText", { count: unsent?.count ?? 0 })}</Typography>}
          {(unsent?.photos ?? 0) > 0 && <Typography>{t("unsentPhotosText", { count: unsent?.photos ?? 0 })}</Typography>}
          {unsent?.tried && <Typography color="error">{t("unsentStill")}</Typography>}
        </Stack>
      </ResponsiveDialog>
    </>
  );
}
