/**
 * A customer's form (§2 /customers/new and /customers/{id}): name and account number required,
 * the account number from the server's counter if wanted ('Generate', with §8's messages),
 * contact details and address with the country's provinces. Saved through the sync engine,
 * so it works offline; a new customer then replaces /customers/new by /customers/{newId}.
 * Viewing needs LOCATION_READ, changing LOCATION_WRITE (§6).
 */
import { Box, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { nextCounterValue } from "../../api/counters";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import { countryOptions, provinceOptions } from "../../domain/places";
import { useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { GeneratedInput } from "../../ui/forms/GeneratedInput";
import { ChoiceInput } from "../../ui/forms/ChoiceInput";
import { TextInput } from "../../ui/forms/TextInput";
import { usePlaces } from "../../ui/forms/usePlaces";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../ui/unsaved/useUnsavedChanges";
import { type Customer, type CustomerDraft, type CustomerField, draftOf, draftValid, recordOf, sameDraft } from "./customerDraft";

function Fields({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))" }}>{children}</Box>;
}

export function CustomerForm({ customer }: { customer?: Customer }) {
  const { user, client } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const places = usePlaces();

  const initial = useMemo(() => draftOf(customer), [customer]);
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  // Until the user edits, follow the stored record (a sync may bring a newer copy).
  useEffect(() => {
    if (!touched) setDraft(initial);
  }, [initial, touched]);

  const adding = customer === undefined;
  const mayChange = can(user, "LOCATION_WRITE");
  const unsaved = useUnsavedChanges(touched && !sameDraft(draft, initial));
  const valid = draftValid(draft);

  const change = (next: Partial<CustomerDraft>) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...next }));
  };
  const text = (field: CustomerField, label: string, options: { required?: boolean; type?: "email" | "tel" } = {}) => (
    <TextInput
      label={label}
      name={field}
      value={draft[field]}
      onChange={(value) => change({ [field]: value })}
      required={options.required}
      type={options.type}
      disabled={!mayChange}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !mayChange || !valid) return;
    const base = customer ?? { id: newId(), orgId: user.orgId };
    let saved: Customer;
    try {
      saved = await engine.put("customers", recordOf(draft, { ...base, orgId: base.orgId || user.orgId }));
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    setTouched(false);
    unsaved.allowNextNavigation();
    snackbar.show(t(adding ? "customerAdded" : "customerSaved"));
    if (adding) navigate(`/customers/${saved.id}`, { replace: true });
  }

  const title = t(adding ? "addCustomer" : "customerInformation");
  return (
    <Paper sx={{ p: { xs: 4, sm: 5 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 4 }}>
        {title}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate aria-label={title}>
        <Stack spacing={5}>
          <Fields>
            {text("name", t("name"), { required: true })}
            <GeneratedInput
              label={t("accountNumber")}
              value={draft.accountNumber}
              onChange={(accountNumber) => change({ accountNumber })}
              generate={() => nextCounterValue(client, user?.orgId ?? "", "account-number")}
              messages={{ offline: t("accountNumberOffline"), failed: t("accountNumberFailed") }}
              required
              disabled={!mayChange}
            />
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
            <ChoiceInput
              label={t("country")}
              name="country"
              value={draft.country}
              onChange={(country) => change({ country, province: "" })}
              options={countryOptions(places, draft.country)}
              disabled={!mayChange}
            />
            <ChoiceInput
              label={t("province")}
              name="province"
              value={draft.province}
              onChange={(province) => change({ province })}
              options={provinceOptions(places, draft.country, draft.province)}
              disabled={!mayChange || !draft.country}
              helperText={draft.country ? undefined : t("selectCountryFirst")}
            />
            {text("postalCode", t("postalCode"))}
          </Fields>
          <Box>
            <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
