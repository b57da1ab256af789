/**
 * The Import Data dialog (§2 Settings, §3 Import request): the import key of the safety scan
 * app (required), Import all sites, Import users, an optional import date and Clear all data.
 * Clear all data deletes the organisation's records before the import, so Start asks again in
 * a second dialog that says so. The import runs on the server: offline, nothing is sent and the
 * dialog says why. A started import is followed on /imports.
 */
import { Alert, Button, DialogContentText, Stack } from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/types";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { DatePickerField } from "../../ui/forms/DatePickerField";
import { SwitchInput } from "../../ui/forms/SwitchInput";
import { TextInput } from "../../ui/forms/TextInput";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { type ImportRequest, startImport } from "./api";

type Attempt = { state: "idle" | "starting" | "offline" } | { state: "failed"; message: string };

/** `onStarted` follows a started import; by default the app goes to /imports. */
export function ImportDataDialog({ onClose, onStarted }: { onClose: () => void; onStarted?: () => void }) {
  const { user, client } = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [form, setForm] = useState({ key: "", importAllSites: false, importUsers: false, importDate: "", clearAllData: false });
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>({ state: "idle" });
  const valid = form.key.trim() !== "";

  async function start() {
    setConfirming(false);
    if (!user) return;
    if (!navigator.onLine) {
      setAttempt({ state: "offline" });
      return;
    }
    const request: ImportRequest = { orgId: user.orgId, importKey: { key: form.key.trim() } };
    if (form.importAllSites) request.importAllSites = true;
    if (form.importUsers) request.importUsers = true;
    if (form.clearAllData) request.clearAllData = true;
    if (form.importDate) request.importDate = form.importDate;
    setAttempt({ state: "starting" });
    try {
      await startImport(client, request);
      snackbar.show(t("importStarted"));
      onClose();
      if (onStarted) onStarted();
      else navigate("/imports");
    } catch (error) {
      if (error instanceof ApiError && error.offline) setAttempt({ state: "offline" });
      else {
        const [message, contextId] = error instanceof ApiError ? [error.message, error.contextId] : [String(error), "no-context-id"];
        setAttempt({ state: "failed", message: t("importStartFailed", { message, contextId }) });
      }
    }
  }

  const set = <K extends keyof typeof form>(field: K) => (value: (typeof form)[K]) => setForm((current) => ({ ...current, [field]: value }));

  return (
    <>
      <ResponsiveDialog
        open
        onClose={onClose}
        title={t("importData")}
        actions={
          <>
            <Button onClick={onClose}>{t("cancel")}</Button>
            <Button
              variant="contained"
              disabled={!valid || attempt.state === "starting"}
              onClick={() => (form.clearAllData ? setConfirming(true) : void start())}
            >
              {attempt.state === "starting" ? t("importStarting") : attempt.state === "idle" ? t("importStart") : t("tryAgain")}
            </Button>
          </>
        }
      >
        <Stack component="form" aria-label={t("importData")} spacing={4} onSubmit={(event) => event.preventDefault()}>
          <DialogContentText>{t("importDataText")}</DialogContentText>
          {attempt.state === "offline" && (
            <Alert severity="warning" role="alert">
              {t("importOffline")}
            </Alert>
          )}
          {attempt.state === "failed" && (
            <Alert severity="error" role="alert">
              {attempt.message}
            </Alert>
          )}
          <TextInput label={t("importKey")} value={form.key} onChange={set("key")} required autoComplete="off" />
          <Stack>
            <SwitchInput label={t("importAllSites")} checked={form.importAllSites} onChange={set("importAllSites")} />
            <SwitchInput label={t("importUsers")} checked={form.importUsers} onChange={set("importUsers")} />
            <SwitchInput label={t("importClearAllData")} checked={form.clearAllData} onChange={set("clearAllData")} />
          </Stack>
          {/* Optional, so not the required DateField. */}
          <DatePickerField label={t("importDate")} value={form.importDate} onChange={set("importDate")} helperText={t("importDateHelp")} />
        </Stack>
      </ResponsiveDialog>
      <ResponsiveDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("importClearConfirmTitle")}
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>{t("cancel")}</Button>
            <Button variant="contained" color="error" onClick={() => void start()}>
              {t("importClearConfirm")}
            </Button>
          </>
        }
      >
        <DialogContentText>{t("importClearConfirmText")}</DialogContentText>
      </ResponsiveDialog>
    </>
  );
}
