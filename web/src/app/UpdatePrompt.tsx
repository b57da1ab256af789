/**
 * Registers the service worker that precaches the app shell (so a phone that signed in once
 * starts it with no network) and offers a new version with a reload prompt; on a new device,
 * once the session's first sync is over (serviceWorkerGate.ts).
 */
import { Button, Snackbar } from "@mui/material";
import { useRegisterSW } from "virtual:pwa-register/react";
import { t } from "../lib/strings";
import { appServiceWorkerGate } from "./serviceWorkerGate";

export function UpdatePrompt() {
  return appServiceWorkerGate.useOpen() ? <RegisteredUpdatePrompt /> : null;
}

function RegisteredUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Look for a new version hourly while the app stays open.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
    },
  });
  return (
    <Snackbar
      open={needRefresh}
      message={t("newVersion")}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      action={
        <>
          <Button color="secondary" size="small" onClick={() => void updateServiceWorker(true)}>
            {t("reload")}
          </Button>
          <Button color="inherit" size="small" onClick={() => setNeedRefresh(false)}>
            {t("close")}
          </Button>
        </>
      }
    />
  );
}
