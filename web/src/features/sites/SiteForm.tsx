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
import { type FormEvent, memo, useCallback, useMemo } from "react";
import { useNavigate } from "react-router";
import { nextCounterValue } from "../../api/counters";
import { hasFeature } from "../../domain/organization";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import { soleTimeZone, timeZoneOptions } from "../../domain/places";
import type { NamedField, Site } from "../../domain/records";
import { useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { AddressFields } from "../../ui/forms/AddressFields";
import { ChoiceInput } from "../../ui/forms/ChoiceInput";
import { ContactFields } from "../../ui/forms/ContactFields";
import { GeneratedInput } from "../../ui/forms/GeneratedInput";
import { NumberInput } from "../../ui/forms/NumberInput";
import { FieldGrid } from "../../ui/forms/RecordForm";
import { SelectInput } from "../../ui/forms/SelectInput";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { usePlaces } from "../../ui/forms/usePlaces";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { CustomerSection } from "./CustomerSection";
import { SiteMap } from "./SiteMap";
import { SITE_STATUSES, type SiteTextField, TEXT_FIELDS, draftOf, draftValid, recordOf, sameDraft, zoneValid } from "./siteDraft";
import { useOrganization } from "../../offline/useOrganization";
import { track } from "../../offline/analytics/track";
import { byName } from "../../domain/names";

export interface SiteFormProps {
  /** The stored site: Site Information. Without one: Add Site. */
  site?: Site;
  /** The customer a new site belongs to (/customers/{customerId}/sites/new). */
  customerId?: string;
  onSaved?: (site: Site) => void;
  /** h1 when the form is the page's main content, h2 beside other panes. */
  headingLevel?: "h1" | "h2";
}

// A keystroke re-renders only its own field: the form has some twenty, and phones are slow.
const MemoText = memo(TextInput);
const MemoSelect = memo(SelectInput);
const MemoNumber = memo(NumberInput);
const MemoGenerated = memo(GeneratedInput);
const MemoChoice = memo(ChoiceInput);

const CustomField = memo(function CustomField({ field, value, onChange, disabled }: { field: NamedField; value: string; onChange: (id: string, value: string) => void; disabled: boolean }) {
  return <TextInput label={field.name} value={value} onChange={(next) => onChange(field.id, next)} disabled={disabled} />;
});

const STATUS_LABELS = { active: "statusActive", inactive: "statusInactive", bad: "statusBad", special: "statusSpecial" } as const;

/** The four statuses of §4, and a stored status outside them as it was stored. */
function statusOptions(current: string) {
  const options = SITE_STATUSES.map((status) => ({ value: status as string, label: t(STATUS_LABELS[status]) }));
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
}

export function SiteForm({ site, customerId, onSaved, headingLevel = "h2" }: SiteFormProps) {
  const { user, client } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const places = usePlaces();
  const org = useOrganization();
  const locationFields = useRecords<NamedField>("locationFields");
  const siteTypes = useRecords<NamedField>("siteTypes");

  const initial = useMemo(() => draftOf(site, customerId), [site, customerId]);
  // Until the user edits, the draft follows the stored record (a sync may bring a newer copy).
  const { draft, change, settled } = useDraft(initial, sameDraft);

  const adding = site === undefined;
  const mayChange = can(user, "LOCATION_WRITE");
  const valid = draftValid(draft);

  const setText = useMemo(
    () => Object.fromEntries(TEXT_FIELDS.map((field) => [field, (value: string) => change({ [field]: value })])) as Record<SiteTextField, (value: string) => void>,
    [change],
  );
  const setStatus = useCallback((status: string) => change({ status }), [change]);
  // A new country clears the province and time zone (§5), unless the country has a single zone.
  const setCountry = useCallback((country: string) => change({ country, province: "", timeZone: soleTimeZone(places, country) }), [change, places]);
  const setAddress = useMemo(() => ({ ...setText, country: setCountry }), [setText, setCountry]);
  const setZone = useCallback((zone: number | undefined) => change({ zone }), [change]);
  const sortedFields = useMemo(() => [...locationFields].sort(byName), [locationFields]);
  const setCustomField = useCallback(
    (id: string, value: string) => change((current) => ({ fieldData: { ...current.fieldData, [id]: value } })),
    [change],
  );

  const none = t("none");
  const zones = useMemo(() => timeZoneOptions(places, draft.country, draft.timeZone), [places, draft.country, draft.timeZone]);
  const statuses = useMemo(() => statusOptions(draft.status), [draft.status]);
  const typeOptions = useMemo(() => [{ value: "", label: none }, ...[...siteTypes].sort(byName).map((type) => ({ value: type.id, label: type.name }))], [siteTypes, none]);
  const orgId = user?.orgId ?? "";
  const generateSiteNumber = useCallback(() => nextCounterValue(client, orgId, "site-number"), [client, orgId]);
  const siteNumberMessages = useMemo(() => ({ offline: t("siteNumberOffline"), failed: t("siteNumberFailed") }), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !mayChange || !valid) return;
    const base = site ?? { id: newId(), orgId: user.orgId };
    let saved: Site;
    try {
      saved = (await engine.put("locations", recordOf(draft, { ...base, orgId: base.orgId || user.orgId }))) as Site;
      track("EDIT", "site");
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    settled();
    snackbar.show(t(adding ? "siteAdded" : "siteSaved"));
    onSaved?.(saved);
    if (adding) navigate(`/sites/${saved.id}`, { replace: true });
  }

  if (adding && !mayChange) {
    return <Alert severity="info">{t("addSiteNeedsPermission")}</Alert>;
  }

  const text = (field: SiteTextField, label: string, options: { required?: boolean; multiline?: boolean } = {}) => (
    <MemoText
      label={label}
      name={field}
      value={draft[field]}
      onChange={setText[field]}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      disabled={!mayChange}
    />
  );
  const title = t(adding ? "addSite" : "siteInformation");

  return (
    <Paper sx={{ p: { xs: 4, sm: 5 } }}>
      <Typography variant="h6" component={headingLevel} sx={{ mb: 4 }}>
        {title}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate aria-label={title}>
        <Stack spacing={5}>
          <FieldGrid>
            {text("name", t("name"), { required: true })}
            <MemoSelect label={t("status")} name="status" value={draft.status} onChange={setStatus} options={statuses} disabled={!mayChange} />
            <MemoGenerated
              label={t("siteNumber")}
              value={draft.customerNumber}
              onChange={setText.customerNumber}
              generate={generateSiteNumber}
              messages={siteNumberMessages}
              disabled={!mayChange}
            />
            {hasFeature(org, "SITE_TYPES") && (
              <MemoSelect label={t("siteType")} name="typeId" value={draft.typeId} onChange={setText.typeId} options={typeOptions} disabled={!mayChange} />
            )}
          </FieldGrid>

          <ContactFields values={draft} onChange={setText} disabled={!mayChange} />

          <AddressFields values={draft} onChange={setAddress} places={places} countryRequired disabled={!mayChange}>
            <MemoNumber
              label={t("zone")}
              name="zone"
              value={draft.zone}
              onChange={setZone}
              disabled={!mayChange}
              helperText={zoneValid(draft.zone) ? undefined : t("zoneRange")}
            />
            <MemoChoice
              label={t("timeZone")}
              name="timeZone"
              required
              value={draft.timeZone}
              onChange={setText.timeZone}
              options={zones}
              disabled={!mayChange || !draft.country}
              helperText={draft.country ? undefined : t("selectCountryFirst")}
            />
          </AddressFields>

          {!adding && <SiteMap site={site} />}

          <FieldGrid>
            {text("note", t("note"), { multiline: true })}
            {text("popupNote", t("popupNote"), { multiline: true })}
          </FieldGrid>

          {sortedFields.length > 0 && (
            <FieldGrid>
              {sortedFields.map((field) => (
                <CustomField key={field.id} field={field} value={draft.fieldData[field.id] ?? ""} onChange={setCustomField} disabled={!mayChange} />
              ))}
            </FieldGrid>
          )}

          <CustomerSection siteId={site?.id} customerId={draft.customerId} org={org} />

          <Box>
            <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
