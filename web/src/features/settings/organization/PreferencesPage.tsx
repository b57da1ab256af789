/**
 * Preferences (§2 /preferences): how precisely last dates are shown and entered (§9: year,
 * month, day, hour, minute), the work day's start and end, the site selector, billing (under
 * the BILLING feature, §6), marketing emails, and the organisation's optional features.
 * Saved with `PATCH /organizations/{orgId}`; SETTINGS_WRITE to change.
 */
import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, FormLabel, Paper, Stack, Switch, Typography } from "@mui/material";
import { type FormEvent, useMemo } from "react";
import type { Organization } from "../../../domain/organization";
import { type StringKey, t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { can } from "../../../auth/session";
import { SaveButton } from "../../../ui/SaveButton";
import { SelectInput } from "../../../ui/forms/SelectInput";
import { TimePickerField } from "../../../ui/forms/TimePickerField";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useDraft } from "../../../ui/forms/useDraft";
import { useOrganizationSettings } from "./useOrganizationSettings";

export const GRANULARITIES = ["year", "month", "day", "hour", "minute"] as const;
const GRANULARITY_LABELS: Record<(typeof GRANULARITIES)[number], StringKey> = {
  year: "granularityYear",
  month: "granularityMonth",
  day: "granularityDay",
  hour: "granularityHour",
  minute: "granularityMinute",
};
export const FEATURES = ["SERVICE_MONTHS", "BILLING", "WHITE_LABEL", "LOCATION_OVERRIDES", "SITE_TYPES"] as const;
const FEATURE_LABELS: Record<(typeof FEATURES)[number], StringKey> = {
  SERVICE_MONTHS: "featureSERVICE_MONTHS",
  BILLING: "featureBILLING",
  WHITE_LABEL: "featureWHITE_LABEL",
  LOCATION_OVERRIDES: "featureLOCATION_OVERRIDES",
  SITE_TYPES: "siteTypes",
};
const FLAGS = ["showSiteSelector", "showBilling", "allowMarketingEmails"] as const;

export interface PreferencesDraft {
  lastDateMinimumGranularity: string;
  workDayStartTime: string;
  workDayEndTime: string;
  showSiteSelector: boolean;
  showBilling: boolean;
  allowMarketingEmails: boolean;
  enabledFeatures: string[];
}

export function preferencesDraftOf(org: Organization | null): PreferencesDraft {
  const granularity = typeof org?.lastDateMinimumGranularity === "string" ? org.lastDateMinimumGranularity : "";
  return {
    // The server's default for an organisation that never chose.
    lastDateMinimumGranularity: granularity || "day",
    workDayStartTime: typeof org?.workDayStartTime === "string" ? org.workDayStartTime : "",
    workDayEndTime: typeof org?.workDayEndTime === "string" ? org.workDayEndTime : "",
    showSiteSelector: org?.showSiteSelector === true,
    showBilling: org?.showBilling === true,
    allowMarketingEmails: org?.allowMarketingEmails === true,
    enabledFeatures: FEATURES.filter((feature) => org?.enabledFeatures?.includes(feature)),
  };
}

/** Both ends of the work day set: it must end after it starts ("HH:MM" compares as text). */
export const workDayValid = (draft: PreferencesDraft) => !draft.workDayStartTime || !draft.workDayEndTime || draft.workDayEndTime > draft.workDayStartTime;

export function PreferencesPage() {
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const settings = useOrganizationSettings();
  const org = settings.organization;
  const initial = useMemo(() => preferencesDraftOf(org), [org]);
  const { draft, change, settled } = useDraft(initial);
  const mayChange = can(user, "SETTINGS_WRITE");
  const valid = workDayValid(draft);
  const granularities = useMemo(() => GRANULARITIES.map((value) => ({ value, label: t(GRANULARITY_LABELS[value]) })), []);
  const billing = draft.enabledFeatures.includes("BILLING");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mayChange || !valid || !org) return;
    try {
      await settings.save({ ...draft, workDayStartTime: draft.workDayStartTime || null, workDayEndTime: draft.workDayEndTime || null });
    } catch (error) {
      snackbar.show(`${t("organizationSaveFailed")} ${(error as Error).message}`.trim(), "error");
      return;
    }
    settled();
    snackbar.show(t("preferencesSaved"));
  }

  const heading = (
    <Typography variant="h5" component="h1" sx={{ mb: 4 }}>
      {t("preferences")}
    </Typography>
  );
  if (!org) {
    return (
      <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 720 }}>
        {heading}
        {settings.loadFailed ? (
          <Alert severity="error" action={<Button onClick={settings.reload}>{t("retry")}</Button>}>
            {t("organizationLoadFailed")}
          </Alert>
        ) : (
          <Typography color="text.secondary">{t("loading")}</Typography>
        )}
      </Paper>
    );
  }

  const toggleFeature = (feature: string, on: boolean) =>
    change({ enabledFeatures: FEATURES.filter((f) => (f === feature ? on : draft.enabledFeatures.includes(f))) });
  const order = !valid ? t("workDayOrder") : undefined;

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 720 }}>
      {heading}
      <Stack spacing={3} sx={{ mb: 4 }}>
        {settings.loadFailed && <Alert severity="warning">{t("organizationLoadFailed")}</Alert>}
        {!mayChange && <Alert severity="info">{t("settingsReadOnly")}</Alert>}
      </Stack>
      <Box component="form" onSubmit={submit} noValidate aria-label={t("preferences")}>
        <Stack spacing={5}>
          <SelectInput
            label={t("lastDateMinimumGranularity")}
            name="lastDateMinimumGranularity"
            value={draft.lastDateMinimumGranularity}
            onChange={(value) => change({ lastDateMinimumGranularity: value })}
            options={granularities}
            disabled={!mayChange}
          />
          <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 200px), 1fr))" }}>
            <TimePickerField
              label={t("workDayStartTime")}
              name="workDayStartTime"
              value={draft.workDayStartTime}
              onChange={(workDayStartTime) => change({ workDayStartTime })}
              disabled={!mayChange}
              helperText="06:00"
            />
            <TimePickerField
              label={t("workDayEndTime")}
              name="workDayEndTime"
              value={draft.workDayEndTime}
              onChange={(workDayEndTime) => change({ workDayEndTime })}
              disabled={!mayChange}
              invalid={!valid}
              helperText={order}
            />
          </Box>
          <FormGroup>
            {FLAGS.filter((flag) => flag !== "showBilling" || billing).map((flag) => (
              <FormControlLabel
                key={flag}
                control={<Switch checked={draft[flag]} onChange={(event) => change({ [flag]: event.target.checked })} disabled={!mayChange} />}
                label={t(flag)}
              />
            ))}
          </FormGroup>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t("features")}</FormLabel>
            <FormGroup>
              {FEATURES.map((feature) => (
                <FormControlLabel
                  key={feature}
                  control={<Checkbox checked={draft.enabledFeatures.includes(feature)} onChange={(event) => toggleFeature(feature, event.target.checked)} disabled={!mayChange} />}
                  label={t(FEATURE_LABELS[feature])}
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <SaveButton disabled={!mayChange || !valid} />
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
