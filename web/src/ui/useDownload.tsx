/**
 * A file the server makes and the device saves (reports, exports): `run` fetches and saves it
 * under the server's name, and `attempt` says how the last try went. Offline, the attempt
 * remembers whether the browser still said online when the call got no answer: only a return
 * the browser announces is news worth telling (`backOnline`), and Try Again waits for it.
 * `progress` counts what has arrived while a download runs.
 */
import { Alert } from "@mui/material";
import { useState } from "react";
import { type DownloadProgress, downloadFile } from "../api/download";
import { ApiError } from "../api/types";
import { type StringKey, t } from "../lib/strings";
import { useAuth } from "../auth/AuthProvider";
import { useSnackbar } from "./snackbar/SnackbarProvider";
import { useBrowserOnline } from "./useBrowserOnline";

export type DownloadAttempt = { state: "idle" | "downloading" } | { state: "offline"; browserOnline: boolean } | { state: "failed"; message: string };

export function useDownload(failedText: StringKey) {
  const { client } = useAuth();
  const snackbar = useSnackbar();
  const online = useBrowserOnline();
  const [attempt, setAttempt] = useState<DownloadAttempt>({ state: "idle" });
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  /** Answers whether the file was saved. */
  async function run(path: string, query: Record<string, string>, fallbackName: string): Promise<boolean> {
    if (!navigator.onLine) {
      setAttempt({ state: "offline", browserOnline: false });
      return false;
    }
    setAttempt({ state: "downloading" });
    setProgress({ received: 0, total: null });
    try {
      const name = await downloadFile(client, path, query, fallbackName, setProgress);
      setAttempt({ state: "idle" });
      snackbar.show(t("reportDownloaded", { file: name }));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.offline) setAttempt({ state: "offline", browserOnline: navigator.onLine });
      else {
        const [message, contextId] = error instanceof ApiError ? [error.message, error.contextId] : [String(error), "no-context-id"];
        setAttempt({ state: "failed", message: t(failedText, { message, contextId }) });
      }
      return false;
    } finally {
      setProgress(null);
    }
  }

  return {
    attempt,
    run,
    progress,
    busy: attempt.state === "downloading",
    /** Offline, and the browser has not said it is back: Try Again would fail the same way. */
    waitingForNetwork: attempt.state === "offline" && !online,
    backOnline: attempt.state === "offline" && online && !attempt.browserOnline,
    /** The button's words: Download, then Try Again after a failed try. */
    buttonText: attempt.state === "downloading" ? t("reportDownloading") : attempt.state === "idle" ? t("reportDownload") : t("tryAgain"),
  };
}

/** Why the last try did not save the file: offline (or back online), or the server's answer. */
export function DownloadAlerts({ download, offlineText }: { download: ReturnType<typeof useDownload>; offlineText: StringKey }) {
  const { attempt, backOnline } = download;
  if (attempt.state === "offline") {
    return (
      <Alert severity={backOnline ? "info" : "warning"} role="alert">
        {backOnline ? t("reportBackOnline") : t(offlineText)}
      </Alert>
    );
  }
  if (attempt.state === "failed") {
    return (
      <Alert severity="error" role="alert">
        {attempt.message}
      </Alert>
    );
  }
  return null;
}
