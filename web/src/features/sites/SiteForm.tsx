/**
 * The Add Site form (button Add) and the Site Information form (button Save, an embedded map,
 * a customer section), §2 Other screens, with the fields of §3 Location and the rules of §5
 * Site: name, country and time zone are required; time zone and province choices depend on
 * the country ('Please select country first'), and changing the country clears them. The
 * site number can come from the server's counter. Saved through the sync engine, so it works
 * offline; a new site then replaces /sites/new by /sites/{newId}. Changing needs
 * LOCATION_WRITE (§6: Save is disabled without it).
 */
import { Alert, Box, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { nextCounterValue } from "../../api/counters";
import { type Organization, hasFeature } from "../../app/navigation";
import { t } from "../../app/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import { countryOptions, provinceOptions, timeZoneOptions } from "../../domain/places";
import type { NamedField, Site } from "../../domain/records";
import { useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { GeneratedInput } from "../../ui/forms/GeneratedInput";
import { NumberInput } from "../../ui/forms/NumberInput";
import { SelectInput } from "../../ui/forms/SelectInput";
import { TextInput } from "../../ui/forms/TextInput";
import { usePlaces } from "../../ui/forms/usePlaces";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../ui/unsaved/useUnsavedChanges";
import { CustomerSection } from "./CustomerSection";
import { SiteMap } from "./SiteMap";
import { SITE_STATUSES, type SiteDraft, type SiteTextField, draftOf, draftValid, recordOf, sameDraft, zoneValid } from "./siteDraft";

export interface SiteFormProps {
  /** The stored site: Site Information. Without one: Add Site. */
  site?: Site;
  /** The customer a new site belongs to (/customers/{customerId}/sites/new). */
  customerId?: string;
  onSaved?: (site: Site) => void;
  /** h1 when the form is the page's main content, h2 beside other panes. */
  headingLevel?: "h1" | "h2";
}

const STATUS_LABELS = { active: "statusActive", inactive: "statusInactive", bad: "statusBad", special: "statusSpecial" } as const;

/** The four statuses of §4, and a stored status outside them as it was stored. */
function statusOptions(current: string) {
  const options = SITE_STATUSES.map((status) => ({ value: status as string, label: t(STATUS_LABELS[status]) }));
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

function Fields({ children }: { children: ReactNode }) {
  // As many columns as the pane has room for: one in the site page's column or on a phone.
  return <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))" }}>{children}</Box>;
}

export function SiteForm({ site, customerId, onSaved, headingLevel = "h2" }: SiteFormProps) {
  const { user, client } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const places = usePlaces();
  const org = useRecords<Organization>("organization")[0] ?? null;
  const locationFields = useRecords<NamedField>("locationFields");
  const siteTypes = useRecords<NamedField>("siteTypes");

  const initial = useMemo(() => draftOf(site, customerId), [site, customerId]);
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  // Until the user edits, follow the stored record (a sync may bring a newer copy).
  useEffect(() => {
    if (!touched) setDraft(initial);
  }, [initial, touched]);

  const adding = site === undefined;
  const mayChange = can(user, "LOCATION_WRITE");
  const dirty = touched && !sameDraft(draft, initial);
  const unsaved = useUnsavedChanges(dirty);
  const valid = draftValid(draft);

  const change = (next: Partial<SiteDraft>) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...next }));
  };
  const text = (field: SiteTextField, label: string, options: { required?: boolean; type?: "email" | "tel"; multiline?: boolean } = {}) => (
    <TextInput
      label={label}
      name={field}
      value={draft[field]}
      onChange={(value) => change({ [field]: value })}
      required={options.required}
      type={options.type}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      disabled={!mayChange}
    />
  );

  const none = t("none");
  const sortedFields = useMemo(() => [...locationFields].sort((a, b) => a.name.localeCompare(b.name)), [locationFields]);
  const typeOptions = useMemo(
    () => [{ value: "", label: none }, ...[...siteTypes].sort((a, b) => a.name.localeCompare(b.name)).map((type) => ({ value: type.id, label: type.name }))],
    [siteTypes, none],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !mayChange || !valid) return;
    const base = site ?? { id: newId(), orgId: user.orgId };
    let saved: Site;
    try {
      saved = (await engine.put("locations", recordOf(draft, { ...base, orgId: base.orgId || user.orgId }))) as Site;
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    setTouched(false);
    unsaved.allowNextNavigation();
    snackbar.show(t(adding ? "siteAdded" : "siteSaved"));
    onSaved?.(saved);
    if (adding) navigate(`/sites/${saved.id}`, { replace: true });
  }

  if (adding && !mayChange) {
    return <Alert severity="info">{t("addSiteNeedsPermission")}</Alert>;
  }

  return (
    <Paper sx={{ p: { xs: 4, sm: 5 } }}>
      <Typography variant="h6" component={headingLevel} sx={{ mb: 4 }}>
        {t(adding ? "addSite" : "siteInformation")}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate aria-label={t(adding ? "addSite" : "siteInformation")}>
        <Stack spacing={5}>
          <Fields>
            {text("name", t("name"), { required: true })}
            <SelectInput
              label={t("status")}
              name="status"
              value={draft.status}
              onChange={(status) => change({ status })}
              options={statusOptions(draft.status)}
              disabled={!mayChange}
            />
            <GeneratedInput
              label={t("siteNumber")}
              value={draft.customerNumber}
              onChange={(customerNumber) => change({ customerNumber })}
              generate={() => nextCounterValue(client, user?.orgId ?? "", "site-number")}
              messages={{ offline: t("siteNumberOffline"), failed: t("siteNumberFailed") }}
              disabled={!mayChange}
            />
            {hasFeature(org, "SITE_TYPES") && (
              <SelectInput label={t("siteType")} name="typeId" value={draft.typeId} onChange={(typeId) => change({ typeId })} options={typeOptions} disabled={!mayChange} />
            )}
          </Fields>

          <Fields>
            {text("contact", t("contact"))}
            {text("phone", t("phone"), { type: "tel" })}
            {text("cell", t("cell"), { type: "tel" })}
            {text("email", t("email"), { type: "email" })}
            {text("fax", t("fax"), { type: "tel" })}
          </Fields>

          <Fields>
            {text("address", t("address"))}
            {text("addressTwo", t("addressTwo"))}
            {text("city", t("city"))}
            <SelectInput
              label={t("country")}
              name="country"
              required
              value={draft.country}
              // A country from another list (an import) is shown as it was stored.
              onChange={(country) => change({ country, province: "", timeZone: "" })}
              options={countryOptions(places, draft.country, none)}
              disabled={!mayChange}
            />
            <SelectInput
              label={t("province")}
              name="province"
              value={draft.province}
              onChange={(province) => change({ province })}
              options={provinceOptions(places, draft.country, draft.province, none)}
              disabled={!mayChange || !draft.country}
              helperText={draft.country ? undefined : t("selectCountryFirst")}
            />
            {text("postalCode", t("postalCode"))}
            <NumberInput
              label={t("zone")}
              name="zone"
              value={draft.zone}
              onChange={(zone) => change({ zone })}
              disabled={!mayChange}
              helperText={zoneValid(draft.zone) ? undefined : t("zoneRange")}
            />
            <SelectInput
              label={t("timeZone")}
              name="timeZone"
              required
              value={draft.timeZone}
              onChange={(timeZone) => change({ timeZone })}
              options={timeZoneOptions(places, draft.country, draft.timeZone, none)}
              disabled={!mayChange || !draft.country}
              helperText={draft.country ? undefined : t("selectCountryFirst")}
            />
          </Fields>

          {!adding && <SiteMap site={site} />}

          <Fields>
            {text("note", t("siteNote"), { multiline: true })}
            {text("popupNote", t("popupNote"), { multiline: true })}
          </Fields>

          {sortedFields.length > 0 && (
            <Fields>
              {sortedFields.map((field) => (
                <TextInput
                  key={field.id}
                  label={field.name}
                  value={draft.fieldData[field.id] ?? ""}
                  onChange={(value) => change({ fieldData: { ...draft.fieldData, [field.id]: value } })}
                  disabled={!mayChange}
                />
              ))}
            </Fields>
          )}

          <CustomerSection siteId={site?.id} customerId={draft.customerId} org={org} />

          <Box>
            <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
          </Box>
        </Stack>
      </Box>
      {unsaved.leaveDialog}
    </Paper>
  );
}
