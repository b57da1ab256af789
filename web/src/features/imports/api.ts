/**
 * The import calls (§3 Import record and Import request): start an import from the
 * safety scan app, list the organisation's imports, and the CSV import's fields and run. All
 * are server work: they need the device online, and fail with an {@link ApiError} otherwise.
 */
import type { ApiClient } from "../../api/types";

export interface ImportRecord {
  id: string;
  orgId: string;
  source: "safetyScan" | "csv";
  dateStarted: string;
  dateCompleted: string | null;
  error: string | null;
  contextId: string;
  importAllSites: boolean;
  clearAllData: boolean;
  importUsers: boolean;
  importDate: string | null;
  progress: { done: number; total: number };
  recordsWritten: number;
  rowsRejected: number;
}

export type ImportStatus = "running" | "failed" | "done";

/** Running until it completes; then failed if it carries an error, else done. */
export function importStatus(record: ImportRecord): ImportStatus {
  if (record.dateCompleted === null) return "running";
  return record.error ? "failed" : "done";
}

/** §3 Import request: only the fields the user set, no others (the server refuses extras). */
export interface ImportRequest {
  orgId: string;
  importKey: { key: string };
  importAllSites?: boolean;
  clearAllData?: boolean;
  importUsers?: boolean;
  importDate?: string;
}

export async function startImport(client: ApiClient, request: ImportRequest): Promise<ImportRecord> {
  const answer = await client.request<{ data: ImportRecord }>("POST", `/organizations/${request.orgId}/imports`, { body: request });
  return answer.data;
}

export async function listImports(client: ApiClient, orgId: string, signal?: AbortSignal): Promise<ImportRecord[]> {
  const answer = await client.request<{ data: ImportRecord[] }>("GET", "/imports", { query: { orgId }, signal });
  return answer.data;
}

export type CsvKind = "sites" | "equipment" | "history";
export const CSV_KINDS: readonly CsvKind[] = ["sites", "equipment", "history"];

export interface CsvField {
  /** The key used in the mapping. */
  name: string;
  label: string;
  required: boolean;
}

export type CsvFields = Record<CsvKind, CsvField[]>;

export async function csvFields(client: ApiClient, orgId: string, signal?: AbortSignal): Promise<CsvFields> {
  const answer = await client.request<{ data: CsvFields }>("GET", `/organizations/${orgId}/imports/csv/fields`, { signal });
  return answer.data;
}

export interface CsvImportRequest {
  kind: CsvKind;
  csv: string;
  /** Field name → the file's column header. */
  mapping: Record<string, string>;
  dryRun: boolean;
}

export interface CsvRejection {
  /** The line in the file; the header is line 1. */
  row: number;
  reason: string;
}

export interface CsvOutcome {
  rows: number;
  accepted: number;
  rejected: CsvRejection[];
  /** The stored import record, after a real (not dry) run. */
  import?: ImportRecord;
}

export async function runCsvImport(client: ApiClient, orgId: string, request: CsvImportRequest): Promise<CsvOutcome> {
  const answer = await client.request<{ data: CsvOutcome }>("POST", `/organizations/${orgId}/imports/csv`, { body: request });
  return answer.data;
}
