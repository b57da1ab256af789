/**
 * The eight reports of §7 and the visit report, their forms with §9's defaults and §5's rules, and the request each
 * form makes: `GET /api/reports/{name}` with the form's parameters, named as the server reads
 * them (crates/server/src/reports/params.rs), plus locationId, output and layout.
 */
import dayjs from "dayjs";
import type { StringKey } from "../../lib/strings";

export const REPORT_NAMES = [
  "inspectionReport",
  "equipmentReport",
  "deficiencyReport",
  "locationReport",
  "selectiveEquipmentReport",
  "equipmentDueConsolidatedReport",
  "timeAtLocation",
  "questionnaireReport",
  "visitReport",
] as const;

export type ReportName = (typeof REPORT_NAMES)[number];

export const EQUIPMENT_FILTERS = ["all", "serviceOrInspection", "service", "inspection"] as const;
export type EquipmentFilter = (typeof EQUIPMENT_FILTERS)[number];

export interface ReportForm {
  /** The site; empty for every site, where the report allows it. */
  locationId: string;
  reportDate: string;
  monthsOfHistory: number | undefined;
  hideAddedHistory: boolean;
  serviceOrInspection: EquipmentFilter;
  startDate: string;
  endDate: string;
  /** Single items picked from the site (the selective equipment report). */
  equipmentIds: string[];
  equipmentTypeIds: string[];
  modelIds: string[];
  serviceTypeIds: string[];
  serviceTypeId: string;
  /** The visit report's day (the server's `date`). */
  date: string;
  output: "pdf" | "csv";
  layout: "portrait" | "landscape";
}

export type ReportField = Exclude<keyof ReportForm, "locationId" | "output" | "layout">;

export interface ReportDefinition {
  name: ReportName;
  title: StringKey;
  /** One line saying what the report contains, under its name in the list. */
  contents: StringKey;
  /** The form fields it has, in order, each sent under its own name. */
  fields: readonly ReportField[];
  /** Made for one site: the server needs locationId (params.rs `company_wide`). */
  oneSite: boolean;
}

export const REPORTS: readonly ReportDefinition[] = [
  { name: "inspectionReport", title: "reportInspectionReport", contents: "reportInspectionReportContents", fields: ["reportDate", "monthsOfHistory", "hideAddedHistory"], oneSite: true },
  { name: "equipmentReport", title: "reportEquipmentReport", contents: "reportEquipmentReportContents", fields: ["serviceOrInspection"], oneSite: true },
  { name: "deficiencyReport", title: "reportDeficiencyReport", contents: "reportDeficiencyReportContents", fields: ["startDate", "endDate"], oneSite: false },
  { name: "locationReport", title: "reportLocationReport", contents: "reportLocationReportContents", fields: [], oneSite: false },
  { name: "selectiveEquipmentReport", title: "reportSelectiveEquipmentReport", contents: "reportSelectiveEquipmentReportContents", fields: ["equipmentIds", "equipmentTypeIds", "modelIds", "serviceTypeIds"], oneSite: true },
  { name: "equipmentDueConsolidatedReport", title: "reportEquipmentDueConsolidatedReport", contents: "reportEquipmentDueConsolidatedReportContents", fields: ["endDate"], oneSite: false },
  { name: "timeAtLocation", title: "reportTimeAtLocation", contents: "reportTimeAtLocationContents", fields: ["startDate", "endDate"], oneSite: false },
  { name: "questionnaireReport", title: "reportQuestionnaireReport", contents: "reportQuestionnaireReportContents", fields: ["startDate", "endDate", "serviceTypeId"], oneSite: false },
  { name: "visitReport", title: "reportVisitReport", contents: "reportVisitReportContents", fields: ["date"], oneSite: true },
];

const DAY = "YYYY-MM-DD";

/**
 * §9's defaults: inspection — the end of the month, 12 months of history, added history
 * records hidden; equipment — serviceOrInspection; deficiency, questionnaire (and time at
 * location) — this month; equipment due consolidated — the end of the year; visit — today;
 * pdf, portrait.
 */
export function defaultForm(name: ReportName, now: Date, locationId = ""): ReportForm {
  const today = dayjs(now);
  return {
    locationId,
    reportDate: today.endOf("month").format(DAY),
    monthsOfHistory: 12,
    hideAddedHistory: true,
    serviceOrInspection: "serviceOrInspection",
    startDate: today.startOf("month").format(DAY),
    endDate: (name === "equipmentDueConsolidatedReport" ? today.endOf("year") : today.endOf("month")).format(DAY),
    equipmentIds: [],
    equipmentTypeIds: [],
    modelIds: [],
    serviceTypeIds: [],
    serviceTypeId: "",
    date: today.format(DAY),
    output: "pdf",
    layout: "portrait",
  };
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid();

/** What is wrong with the form, field by field (§5: the inspection report needs its report date and months of history). */
export function formErrors(report: ReportDefinition, form: ReportForm): Partial<Record<keyof ReportForm, StringKey>> {
  const errors: Partial<Record<keyof ReportForm, StringKey>> = {};
  const has = (field: ReportField) => report.fields.includes(field);
  if (report.oneSite && !form.locationId) errors.locationId = "required";
  if (has("reportDate") && !isDay(form.reportDate)) errors.reportDate = "required";
  if (has("monthsOfHistory")) {
    const months = form.monthsOfHistory;
    if (months === undefined) errors.monthsOfHistory = "required";
    else if (!Number.isInteger(months) || months < 0 || months > 600) errors.monthsOfHistory = "reportMonthsOfHistoryRange";
  }
  if (has("startDate") && !isDay(form.startDate)) errors.startDate = "required";
  if (has("endDate") && !isDay(form.endDate)) errors.endDate = "required";
  if (has("date") && !isDay(form.date)) errors.date = "required";
  if (has("startDate") && has("endDate") && !errors.startDate && !errors.endDate && form.endDate < form.startDate) errors.endDate = "reportEndBeforeStart";
  return errors;
}

/** The query of `GET /api/reports/{name}`: the report's own fields, then locationId (when one site), output and layout. */
export function reportQuery(report: ReportDefinition, form: ReportForm): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of report.fields) {
    const value = form[field];
    if (Array.isArray(value)) {
      if (value.length > 0) query[field] = value.join(",");
    } else if (typeof value === "boolean" || typeof value === "number") query[field] = String(value);
    else if (typeof value === "string" && value.trim() !== "") query[field] = value.trim();
  }
  if (form.locationId) query.locationId = form.locationId;
  query.output = form.output;
  query.layout = form.layout;
  return query;
}

/**
 * '{report name} - {site} - {date}.{pdf|csv}' (§7), for when the server's Content-Disposition
 * does not reach the app (a proxy, another origin): the date is the report date or the visit's
 * day, else today.
 */
export function fallbackFileName(title: string, site: string, report: ReportDefinition, form: ReportForm, now: Date): string {
  const date = report.fields.includes("reportDate") ? form.reportDate : report.fields.includes("date") ? form.date : dayjs(now).format(DAY);
  return `${title} - ${site} - ${date}.${form.output}`;
}
