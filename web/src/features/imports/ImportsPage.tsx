/**
 * /imports (§2 "Table of imports"): the organisation's imports, newest first, with when each
 * started and completed, where it came from and how it stands — a progress bar while it runs,
 * what it wrote and skipped when done, the error and its context id when it failed. The list
 * is read from the server again every 2 s while an import runs. SETTINGS_READ to view; the
 * buttons to start an import need SETTINGS_WRITE. A table on tablets and desktops; on a phone,
 * one card per import, so the status is never off-screen.
 */
import { Alert, Box, Button, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import dayjs from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../api/types";
import { t } from "../../lib/strings";
import { useDevice } from "../../ui/theme";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { Notice } from "../../ui/forms/RecordForm";
import { type ImportRecord, importStatus, listImports } from "./api";
import { ImportDataDialog } from "./ImportDataDialog";

/** How often a running import is looked at again. */
export const IMPORTS_REFRESH_MS = 2000;

const when = (time: string | null) => (time ? dayjs(time).format("MMM D, YYYY h:mma") : "—");

type Loaded = { state: "loading" } | { state: "ready"; imports: ImportRecord[] } | { state: "failed"; message: string; imports: ImportRecord[] | null };

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.offline) return t("importsOffline");
  const [message, contextId] = error instanceof ApiError ? [error.message, error.contextId] : [String(error), "no-context-id"];
  return t("importsLoadFailed", { message, contextId });
}

export function ImportsPage() {
  const { user, client } = useAuth();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [importing, setImporting] = useState(false);
  const orgId = user?.orgId ?? "";
  const allowed = can(user, "SETTINGS_READ");

  useEffect(() => {
    if (!allowed || !orgId) return;
    const aborted = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      listImports(client, orgId, aborted.signal).then(
        (imports) => {
          setLoaded({ state: "ready", imports });
          if (imports.some((record) => importStatus(record) === "running")) timer = setTimeout(read, IMPORTS_REFRESH_MS);
        },
        (error: unknown) => {
          if (aborted.signal.aborted) return;
          setLoaded((current) => ({ state: "failed", message: failureText(error), imports: current.state === "loading" ? null : current.imports }));
        },
      );
    };
    read();
    return () => {
      aborted.abort();
      clearTimeout(timer);
    };
  }, [client, orgId, allowed, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const phone = useDevice() === "mobile";

  if (!allowed) return <Notice>{t("importsReadNeeded")}</Notice>;
  const imports = loaded.state === "ready" ? loaded.imports : loaded.state === "failed" ? loaded.imports : null;
  const write = can(user, "SETTINGS_WRITE");

  return (
    <Stack spacing={5} sx={{ maxWidth: 1080 }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 3 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t("imports")}
        </Typography>
        {write && (
          <>
            <Button variant="outlined" component={RouterLink} to="/imports/csv">
              {t("csvImport")}
            </Button>
            <Button variant="contained" onClick={() => setImporting(true)}>
              {t("importData")}
            </Button>
          </>
        )}
      </Stack>
      {loaded.state === "loading" && <LinearProgress aria-label={t("importsLoading")} />}
      {loaded.state === "failed" && (
        <Alert
          severity={loaded.message === t("importsOffline") ? "warning" : "error"}
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t("retry")}
            </Button>
          }
        >
          {loaded.message}
        </Alert>
      )}
      {imports && imports.length === 0 && <Typography color="text.secondary">{t("importsNone")}</Typography>}
      {imports && imports.length > 0 && (phone ? <ImportCards imports={imports} /> : <ImportsTable imports={imports} />)}
      {/* Already on /imports: a started import shows by reading the list again. */}
      {importing && <ImportDataDialog onClose={() => setImporting(false)} onStarted={retry} />}
    </Stack>
  );
}

const sourceText = (record: ImportRecord) => (record.source === "csv" ? t("importSourceCsv") : t("importSourceSafetyScan"));

/** On a phone: a list of cards, each with the table's four columns as labelled lines. */
function ImportCards({ imports }: { imports: ImportRecord[] }) {
  return (
    <Stack component="ul" aria-label={t("imports")} spacing={3} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {imports.map((record) => (
        <Paper component="li" key={record.id} sx={{ p: 4 }}>
          <Stack spacing={1}>
            <Typography variant="body2">{t("importsStartedAt", { time: when(record.dateStarted) })}</Typography>
            <Typography variant="body2">{t("importsCompletedAt", { time: when(record.dateCompleted) })}</Typography>
            <Typography variant="body2">{t("importsSourceIs", { source: sourceText(record) })}</Typography>
            <ImportStatusCell record={record} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A table that scrolls sideways when narrow; the scrolling region takes focus, so keys scroll it. */
function ImportsTable({ imports }: { imports: ImportRecord[] }) {
  return (
    <Paper>
      <Box role="region" aria-label={t("importsTable")} tabIndex={0} sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={t("imports")} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t("importsStarted")}</TableCell>
              <TableCell>{t("importsCompleted")}</TableCell>
              <TableCell>{t("importsSource")}</TableCell>
              <TableCell>{t("importsStatus")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {imports.map((record) => (
              <TableRow key={record.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{when(record.dateStarted)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{when(record.dateCompleted)}</TableCell>
                <TableCell>{sourceText(record)}</TableCell>
                <TableCell sx={{ minWidth: 240 }}>
                  <ImportStatusCell record={record} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

function ImportStatusCell({ record }: { record: ImportRecord }) {
  const status = importStatus(record);
  if (status === "running") {
    const { done, total } = record.progress;
    const known = total > 0;
    return (
      <Stack spacing={1}>
        <Typography variant="body2">{known ? t("importRunning", { done, total }) : t("importRunningUnknown")}</Typography>
        <LinearProgress
          aria-label={t("importProgress")}
          variant={known ? "determinate" : "indeterminate"}
          value={known ? Math.min(100, (done / total) * 100) : undefined}
          aria-valuetext={known ? t("importRunning", { done, total }) : undefined}
        />
      </Stack>
    );
  }
  if (status === "failed") {
    return (
      <Typography variant="body2" color="error">
        {t("importFailed", { error: record.error ?? "", contextId: record.contextId })}
      </Typography>
    );
  }
  return <Typography variant="body2">{t("importDone", { written: record.recordsWritten, skipped: record.rowsRejected })}</Typography>;
}
