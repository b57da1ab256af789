/**
 * Company information (§2 /organization): Company Name and Email (required), phone and
 * address; under the WHITE_LABEL feature the logo, the portrait and landscape letterheads
 * with their dimensions (filled from the uploaded image) and the background colour. Read and
 * saved through the organisation calls of §7 ('Failed to load organization.' / 'Failed to
 * save the organization.'). SETTINGS_READ to view, SETTINGS_WRITE to change (§6).
 */
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useCallback, useMemo } from "react";
import { hasFeature } from "../../../domain/organization";
import { t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { can } from "../../../auth/session";
import { countryOptions, provinceOptions } from "../../../domain/places";
import { ImageField, type ImageSize } from "../../../files/ImageField";
import { SaveButton } from "../../../ui/SaveButton";
import { ChoiceInput } from "../../../ui/forms/ChoiceInput";
import { NumberInput } from "../../../ui/forms/NumberInput";
import { TextInput } from "../../../ui/forms/TextInput";
import { usePlaces } from "../../../ui/forms/usePlaces";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useDraft } from "../../../ui/forms/useDraft";
import { type OrganizationDraft, colourValid, dimensionValid, organizationChanges, organizationDraftOf, organizationDraftValid } from "./organizationDraft";
import { useOrganizationSettings } from "./useOrganizationSettings";

function Fields({ children }: { children: React.ReactNode }) {
  return <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))" }}>{children}</Box>;
}

export function OrganizationPage() {
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const places = usePlaces();
  const settings = useOrganizationSettings();
  const org = settings.organization;
  const initial = useMemo(() => organizationDraftOf(org), [org]);
  const { draft, change, settled } = useDraft(initial);
  const mayChange = can(user, "SETTINGS_WRITE");
  const whiteLabel = hasFeature(org, "WHITE_LABEL");
  const valid = organizationDraftValid(draft);
  const set = useCallback((field: keyof OrganizationDraft) => (value: string | number | undefined) => change({ [field]: value }), [change]);
  const countries = useMemo(() => countryOptions(places, draft.country), [places, draft.country]);
  const provinces = useMemo(() => provinceOptions(places, draft.country, draft.province), [places, draft.country, draft.province]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mayChange || !valid || !org) return;
    try {
      await settings.save(organizationChanges(draft, whiteLabel));
    } catch (error) {
      snackbar.show(`${t("organizationSaveFailed")} ${(error as Error).message}`.trim(), "error");
      return;
    }
    settled();
    snackbar.show(t("organizationSaved"));
  }

  const image = (field: "logo" | "letterHead" | "landscapeLetterHead", label: string, folder: "logos" | "letter-heads", dims?: [keyof OrganizationDraft, keyof OrganizationDraft]) => (
    <ImageField
      label={label}
      folder={folder}
      fileName={draft[field]}
      disabled={!mayChange}
      onChange={(fileName: string | null, size?: ImageSize) =>
        change({ [field]: fileName, ...(dims ? { [dims[0]]: fileName ? size?.width : undefined, [dims[1]]: fileName ? size?.height : undefined } : {}) })
      }
    />
  );
  const dimension = (field: "letterHeadWidth" | "letterHeadHeight" | "landscapeLetterHeadWidth" | "landscapeLetterHeadHeight") => (
    <NumberInput
      label={t(field)}
      name={field}
      value={draft[field]}
      onChange={set(field)}
      disabled={!mayChange}
      helperText={dimensionValid(draft[field]) ? undefined : t("dimensionPositive")}
    />
  );

  if (!org) {
    return (
      <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 960 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 4 }}>
          {t("organization")}
        </Typography>
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

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 4 }}>
        {t("organization")}
      </Typography>
      <Stack spacing={3} sx={{ mb: 4 }}>
        {settings.loadFailed && (
          <Alert severity="warning" action={<Button onClick={settings.reload}>{t("retry")}</Button>}>
            {t("organizationLoadFailed")}
          </Alert>
        )}
        {!mayChange && <Alert severity="info">{t("settingsReadOnly")}</Alert>}
      </Stack>
      <Box component="form" onSubmit={submit} noValidate aria-label={t("organization")}>
        <Stack spacing={5}>
          <Typography variant="h6" component="h2">
            {t("companyInformation")}
          </Typography>
          <Fields>
            <TextInput label={t("companyName")} name="name" value={draft.name} onChange={set("name")} required disabled={!mayChange} autoComplete="organization" />
            <TextInput label={t("email")} name="email" type="email" value={draft.email} onChange={set("email")} required disabled={!mayChange} autoComplete="email" />
            <TextInput label={t("phone")} name="phone" type="tel" value={draft.phone} onChange={set("phone")} disabled={!mayChange} autoComplete="tel" />
          </Fields>
          <Fields>
            <TextInput label={t("address")} name="address" value={draft.address} onChange={set("address")} disabled={!mayChange} />
            <TextInput label={t("city")} name="city" value={draft.city} onChange={set("city")} disabled={!mayChange} />
            <ChoiceInput label={t("country")} name="country" value={draft.country} onChange={(country) => change({ country, province: "" })} options={countries} disabled={!mayChange} />
            <ChoiceInput
              label={t("province")}
              name="province"
              value={draft.province}
              onChange={set("province")}
              options={provinces}
              disabled={!mayChange || !draft.country}
              helperText={draft.country ? undefined : t("selectCountryFirst")}
            />
            <TextInput label={t("postalCode")} name="postalCode" value={draft.postalCode} onChange={set("postalCode")} disabled={!mayChange} />
          </Fields>

          {whiteLabel && (
            <Stack spacing={4} component="section" aria-label={t("whiteLabel")}>
              <Typography variant="h6" component="h2">
                {t("whiteLabel")}
              </Typography>
              {image("logo", t("logo"), "logos")}
              {image("letterHead", t("letterHead"), "letter-heads", ["letterHeadWidth", "letterHeadHeight"])}
              <Fields>
                {dimension("letterHeadWidth")}
                {dimension("letterHeadHeight")}
              </Fields>
              {image("landscapeLetterHead", t("landscapeLetterHead"), "letter-heads", ["landscapeLetterHeadWidth", "landscapeLetterHeadHeight"])}
              <Fields>
                {dimension("landscapeLetterHeadWidth")}
                {dimension("landscapeLetterHeadHeight")}
              </Fields>
              <Box sx={{ display: "flex", gap: 3, alignItems: "flex-start" }}>
                <TextField
                  label={t("backgroundColor")}
                  name="backgroundColor"
                  value={draft.backgroundColor}
                  onChange={(event) => change({ backgroundColor: event.target.value })}
                  disabled={!mayChange}
                  error={!colourValid(draft.backgroundColor)}
                  helperText={colourValid(draft.backgroundColor) ? "#rrggbb" : t("backgroundColorInvalid")}
                  sx={{ maxWidth: 240 }}
                  fullWidth
                />
                <Box
                  aria-hidden
                  sx={{ width: 56, height: 56, borderRadius: 1, border: 1, borderColor: "divider", flexShrink: 0, bgcolor: colourValid(draft.backgroundColor) && draft.backgroundColor ? draft.backgroundColor.trim() : "transparent" }}
                />
              </Box>
            </Stack>
          )}

          <Box>
            <SaveButton disabled={!mayChange || !valid} />
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
