/**
 * A report's dialog (§2 Reports, §7, §9): its form with §9's defaults and §5's rules, output
 * pdf or csv and layout portrait or landscape, and Download, which fetches the file from the
 * server and saves it as '{report name} - {site} - {date}.{pdf|csv}'. A report is made on the
 * server, so the device must be online: offline, the dialog says so and offers Try Again as
 * soon as the browser is back online.
 */
import { Button, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { t } from "../../lib/strings";
import type { Equipment, Site } from "../../domain/records";
import type { SyncRecord } from "../../domain/syncRecord";
import { useRecords } from "../../offline/SyncProvider";
import { NumberInput } from "../../ui/forms/NumberInput";
import { DateField } from "../../ui/forms/DateField";
import { SelectInput } from "../../ui/forms/SelectInput";
import { SwitchInput } from "../../ui/forms/SwitchInput";
import { ResponsiveDialog } from "../../ui/ResponsiveDialog";
import { DownloadAlerts, useDownload } from "../../ui/useDownload";
import { EQUIPMENT_FILTERS, type ReportDefinition, type ReportField, type ReportForm, defaultForm, fallbackFileName, formErrors, reportQuery } from "./reports";
import { track } from "../../offline/analytics/track";
import { byName } from "../../domain/names";

interface Named extends SyncRecord {
  name?: string;
}

export interface ReportDialogProps {
  report: ReportDefinition;
  /** The site the report is for; without one the dialog offers every site (company-wide). */
  site?: Site;
  onClose: () => void;
}

const FILTER_LABELS = {
  all: "reportFilterAll",
  serviceOrInspection: "reportFilterServiceOrInspection",
  service: "reportFilterService",
  inspection: "reportFilterInspection",
} as const;

/** The choice of every site or service type: the select shows an empty value as blank. */
const ALL = "all";

/** An item as the pick shows it: its barcode, then its location (§3 name). */
const itemOption = (item: Equipment): Named => ({ ...item, name: [item.barcode, item.name].filter(Boolean).join(" — ") });
const optionsOf = (records: readonly Named[]) => [...records].sort(byName).map((record) => ({ value: record.id, label: record.name || record.id }));

export function ReportDialog({ report, site, onClose }: ReportDialogProps) {
  const downloading = useDownload("reportFailed");
  const sites = useRecords<Site>("locations");
  const equipmentTypes = useRecords<Named>("equipmentTypes");
  const models = useRecords<Named>("models");
  const serviceTypes = useRecords<Named>("serviceTypes");
  const [form, setForm] = useState<ReportForm>(() => defaultForm(report.name, new Date(), site?.id ?? ""));
  const has = (field: ReportField) => report.fields.includes(field);
  // The site's items, read only where single items can be picked and once a site is chosen.
  const equipment = useRecords<Equipment>("equipment", form.locationId, !form.locationId || !has("equipmentIds"));
  const errors = formErrors(report, form);
  const valid = Object.keys(errors).length === 0;
  const set = <K extends keyof ReportForm>(field: K) => (value: ReportForm[K]) => setForm((current) => ({ ...current, [field]: value }));
  const title = t(report.title);

  async function download() {
    const siteName = site?.name ?? sites.find((s) => s.id === form.locationId)?.name ?? t("reportAllSites");
    track("REPORTS", form.output === "csv" ? "run_csv" : "run_pdf");
    if (await downloading.run(`/reports/${report.name}`, reportQuery(report, form), fallbackFileName(title, siteName, report, form, new Date()))) onClose();
  }

  const dateField = (field: "reportDate" | "startDate" | "endDate" | "date", label: string) => (
    <DateField label={label} value={form[field]} error={errors[field]} onChange={set(field)} />
  );

  const multiField = (field: "equipmentIds" | "equipmentTypeIds" | "modelIds" | "serviceTypeIds", label: string, records: readonly Named[]) => (
    <TextField
      select
      label={label}
      fullWidth
      value={form[field]}
      helperText={t("reportEveryOne")}
      onChange={(event) => {
        const value = event.target.value as unknown as string[] | string;
        set(field)(typeof value === "string" ? value.split(",").filter(Boolean) : value);
      }}
      slotProps={{ select: { multiple: true } }}
    >
      {optionsOf(records).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  const siteOptions = [...(report.oneSite ? [] : [{ value: ALL, label: t("reportAllSites") }]), ...optionsOf(sites)];

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button variant="contained" disabled={!valid || downloading.busy || downloading.waitingForNetwork} onClick={() => void download()}>
            {downloading.buttonText}
          </Button>
        </>
      }
    >
      <Stack component="form" aria-label={title} spacing={4} sx={{ pt: 2 }} onSubmit={(event) => event.preventDefault()}>
        <DownloadAlerts download={downloading} offlineText="reportOffline" />
        {!site && (
          <SelectInput
            label={t("reportSite")}
            value={form.locationId || (report.oneSite ? "" : ALL)}
            // Items picked belong to the site: another site starts the pick again.
            onChange={(value) => setForm((current) => ({ ...current, locationId: value === ALL ? "" : value, equipmentIds: [] }))}
            options={siteOptions}
            required={report.oneSite}
            helperText={report.oneSite ? t("reportOneSite") : undefined}
          />
        )}
        {has("reportDate") && dateField("reportDate", t("reportDate"))}
        {has("date") && dateField("date", t("reportVisitDate"))}
        {has("monthsOfHistory") && (
          <NumberInput
            label={t("reportMonthsOfHistory")}
            value={form.monthsOfHistory}
            onChange={set("monthsOfHistory")}
            required
            helperText={errors.monthsOfHistory === "reportMonthsOfHistoryRange" ? t("reportMonthsOfHistoryRange") : undefined}
          />
        )}
        {has("hideAddedHistory") && <SwitchInput label={t("reportHideAddedHistory")} checked={form.hideAddedHistory} onChange={set("hideAddedHistory")} />}
        {has("serviceOrInspection") && (
          <SelectInput
            label={t("reportFilter")}
            value={form.serviceOrInspection}
            onChange={(value) => set("serviceOrInspection")(value as ReportForm["serviceOrInspection"])}
            options={EQUIPMENT_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
          />
        )}
        {has("startDate") && dateField("startDate", t("reportStartDate"))}
        {has("endDate") && dateField("endDate", t("reportEndDate"))}
        {has("equipmentIds") && form.locationId && multiField("equipmentIds", t("reportEquipment"), equipment.map(itemOption))}
        {has("equipmentTypeIds") && multiField("equipmentTypeIds", t("reportEquipmentTypes"), equipmentTypes)}
        {has("modelIds") && multiField("modelIds", t("reportModels"), models)}
        {has("serviceTypeIds") && multiField("serviceTypeIds", t("reportServiceTypes"), serviceTypes)}
        {has("serviceTypeId") && (
          <SelectInput
            label={t("reportServiceType")}
            value={form.serviceTypeId || ALL}
            onChange={(value) => set("serviceTypeId")(value === ALL ? "" : value)}
            options={[{ value: ALL, label: t("reportAllServiceTypes") }, ...optionsOf(serviceTypes)]}
          />
        )}
        <Stack direction="row" spacing={3}>
          <SelectInput
            label={t("reportOutput")}
            value={form.output}
            onChange={(value) => set("output")(value === "csv" ? "csv" : "pdf")}
            options={[
              { value: "pdf", label: t("reportOutputPdf") },
              { value: "csv", label: t("reportOutputCsv") },
            ]}
          />
          <SelectInput
            label={t("reportLayout")}
            value={form.layout}
            onChange={(value) => set("layout")(value === "landscape" ? "landscape" : "portrait")}
            options={[
              { value: "portrait", label: t("reportLayoutPortrait") },
              { value: "landscape", label: t("reportLayoutLandscape") },
            ]}
          />
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}
