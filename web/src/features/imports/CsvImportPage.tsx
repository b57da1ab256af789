/**
 * /imports/csv (beyond the spec): sites, equipment or service history from a
 * spreadsheet. The user says what the file holds, chooses it (read as text on the device), and
 * maps each field the server can fill to one of the file's columns — pre-selected where a
 * column's header is the field's label or key, ignoring case and spaces. Check File is the
 * server's dry run: how many rows it would accept, and every row it would reject with the line
 * and why. Import writes the accepted rows and stores an import record, seen on /imports.
 * SETTINGS_WRITE; online only.
 */
import { Alert, Box, Button, Link, List, ListItem, ListItemText, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../api/types";
import { type StringKey, t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { Notice } from "../../ui/forms/RecordForm";
import { SelectInput } from "../../ui/forms/SelectInput";
import { CSV_KINDS, type CsvFields, type CsvKind, type CsvOutcome, csvFields, runCsvImport } from "./api";
import { csvHeaders, matchingHeader } from "./csvHeader";

const KIND_LABELS: Record<CsvKind, StringKey> = { sites: "csvKindSites", equipment: "csvKindEquipment", history: "csvKindHistory" };

interface ChosenFile {
  name: string;
  text: string;
  headers: string[];
}

type Fields = { state: "loading" } | { state: "ready"; fields: CsvFields } | { state: "failed"; message: string };
type Run = { state: "idle" } | { state: "running"; dryRun: boolean } | { state: "done"; dryRun: boolean; outcome: CsvOutcome } | { state: "failed"; message: string };

function failureText(error: unknown, words: StringKey): string {
  if (error instanceof ApiError && error.offline) return t("csvOffline");
  const [message, contextId] = error instanceof ApiError ? [error.message, error.contextId] : [String(error), "no-context-id"];
  return t(words, { message, contextId });
}

export function CsvImportPage() {
  const { user, client } = useAuth();
  const orgId = user?.orgId ?? "";
  const allowed = can(user, "SETTINGS_WRITE");
  const [fields, setFields] = useState<Fields>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [kind, setKind] = useState<CsvKind>("sites");
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [run, setRun] = useState<Run>({ state: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!allowed || !orgId) return;
    const aborted = new AbortController();
    setFields({ state: "loading" });
    csvFields(client, orgId, aborted.signal).then(
      (loaded) => setFields({ state: "ready", fields: loaded }),
      (error: unknown) => {
        if (!aborted.signal.aborted) setFields({ state: "failed", message: failureText(error, "csvFieldsFailed") });
      },
    );
    return () => aborted.abort();
  }, [client, orgId, allowed, attempt]);

  const kindFields = useMemo(() => (fields.state === "ready" ? (fields.fields[kind] ?? []) : []), [fields, kind]);

  // A new kind or file starts the mapping again from the headers that match.
  useEffect(() => {
    const headers = file?.headers ?? [];
    setMapping(Object.fromEntries(kindFields.map((field) => [field.name, matchingHeader(field, headers)])));
    setRun({ state: "idle" });
  }, [kindFields, file]);

  if (!allowed) return <Notice>{t("csvWriteNeeded")}</Notice>;

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const text = (await chosen.text()).replace(/^\uFEFF/, "");
    setFile({ name: chosen.name, text, headers: csvHeaders(text) });
  }

  const missing = kindFields.filter((field) => field.required && !mapping[field.name]);
  const ready = fields.state === "ready" && file !== null && file.headers.length > 0 && missing.length === 0 && run.state !== "running";

  async function send(dryRun: boolean) {
    if (!file) return;
    if (!navigator.onLine) {
      setRun({ state: "failed", message: t("csvOffline") });
      return;
    }
    setRun({ state: "running", dryRun });
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header !== ""));
    try {
      const outcome = await runCsvImport(client, orgId, { kind, csv: file.text, mapping: chosen, dryRun });
      setRun({ state: "done", dryRun, outcome });
    } catch (error) {
      setRun({ state: "failed", message: failureText(error, dryRun ? "csvCheckFailed" : "csvImportFailed") });
    }
  }

  const columnOptions = [{ value: "", label: t("csvNotInFile") }, ...(file?.headers ?? []).map((header) => ({ value: header, label: header }))];

  return (
    <Stack spacing={5} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t("csvImport")}
      </Typography>
      <Typography color="text.secondary">{t("csvImportText")}</Typography>
      <Paper sx={{ p: { xs: 4, sm: 5 } }}>
        <Stack spacing={4}>
          <SelectInput
            label={t("csvKind")}
            value={kind}
            onChange={(value) => setKind(value as CsvKind)}
            options={CSV_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
          />
          <Stack direction="row" spacing={3} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 2 }}>
            {/* A real button opens the hidden input's picker, so Tab and Enter or Space reach it. */}
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              {t("csvChooseFile")}
            </Button>
            <input
              ref={fileInput}
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label={t("csvFile")}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
            <Typography sx={{ overflowWrap: "anywhere" }}>
              {file ? t("csvFileChosen", { name: file.name, columns: file.headers.length }) : t("csvNoFile")}
            </Typography>
          </Stack>
          {file && file.headers.length === 0 && (
            <Alert severity="error" role="alert">
              {t("csvNoHeaders")}
            </Alert>
          )}
        </Stack>
      </Paper>
      {fields.state === "loading" && <Typography color="text.secondary">{t("csvFieldsLoading")}</Typography>}
      {fields.state === "failed" && (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t("retry")}
            </Button>
          }
        >
          {fields.message}
        </Alert>
      )}
      {fields.state === "ready" && file && file.headers.length > 0 && (
        <Paper component="section" aria-label={t("csvMapping")} sx={{ p: { xs: 4, sm: 5 } }}>
          <Stack spacing={4}>
            <Typography variant="h6" component="h2">
              {t("csvMapping")}
            </Typography>
            {kindFields.map((field) => (
              <SelectInput
                key={`${kind}:${field.name}`}
                label={field.label}
                required={field.required}
                value={mapping[field.name] ?? ""}
                onChange={(header) => setMapping((current) => ({ ...current, [field.name]: header }))}
                options={columnOptions}
              />
            ))}
          </Stack>
        </Paper>
      )}
      {missing.length > 0 && file && fields.state === "ready" && (
        <Typography color="text.secondary">{t("csvRequiredMissing", { fields: missing.map((field) => field.label).join(", ") })}</Typography>
      )}
      <Stack direction="row" spacing={3} sx={{ flexWrap: "wrap", rowGap: 3 }}>
        <Button variant="outlined" disabled={!ready} onClick={() => void send(true)}>
          {run.state === "running" && run.dryRun ? t("csvChecking") : t("csvCheck")}
        </Button>
        <Button variant="contained" disabled={!ready} onClick={() => void send(false)}>
          {run.state === "running" && !run.dryRun ? t("csvImporting") : t("csvImportRun")}
        </Button>
      </Stack>
      {run.state === "failed" && (
        <Alert severity={run.message === t("csvOffline") ? "warning" : "error"} role="alert">
          {run.message}
        </Alert>
      )}
      {run.state === "done" && <Outcome dryRun={run.dryRun} outcome={run.outcome} />}
    </Stack>
  );
}

function Outcome({ dryRun, outcome }: { dryRun: boolean; outcome: CsvOutcome }) {
  const counts = { rows: outcome.rows, accepted: outcome.accepted, rejected: outcome.rejected.length };
  return (
    <Paper component="section" aria-label={dryRun ? t("csvCheckResult") : t("csvImportResult")} sx={{ p: { xs: 4, sm: 5 } }}>
      <Stack spacing={3}>
        <Typography variant="h6" component="h2">
          {dryRun ? t("csvCheckResult") : t("csvImportResult")}
        </Typography>
        <Alert severity={counts.rejected === 0 ? "success" : "warning"} role="status">
          {dryRun ? t("csvCheckSummary", counts) : t("csvImportSummary", counts)}
        </Alert>
        {outcome.rejected.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t("csvRejectedRows")}
            </Typography>
            <List dense aria-label={t("csvRejectedRows")}>
              {outcome.rejected.map((rejection) => (
                <ListItem key={`${rejection.row}:${rejection.reason}`} disableGutters>
                  <ListItemText primary={t("csvRejectedRow", { row: rejection.row, reason: rejection.reason })} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
        {!dryRun && (
          <Link component={RouterLink} to="/imports">
            {t("csvSeeImports")}
          </Link>
        )}
      </Stack>
    </Paper>
  );
}
