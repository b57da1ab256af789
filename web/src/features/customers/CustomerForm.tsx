/**
 * A customer's form (§2 /customers/new and /customers/{id}): name and account number required,
 * the account number from the server's counter if wanted ('Generate', with §8's messages),
 * contact details and address with the country's provinces. Saved through the sync engine,
 * so it works offline; a new customer then replaces /customers/new by /customers/{newId}.
 * Viewing needs LOCATION_READ, changing LOCATION_WRITE (§6).
 */
import { Box, Paper, Stack, Typography } from "@mui/material";
import { type FormEvent, useMemo } from "react";
import { useNavigate } from "react-router";
import { nextCounterValue } from "../../api/counters";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { ADDRESS_FIELDS, type AddressField, CONTACT_FIELDS, type ContactField } from "../../domain/contactDetails";
import { newId } from "../../domain/ids";
import type { Customer } from "../../domain/records";
import { useSyncEngine } from "../../offline/SyncProvider";
import { SaveButton } from "../../ui/SaveButton";
import { AddressFields } from "../../ui/forms/AddressFields";
import { ContactFields } from "../../ui/forms/ContactFields";
import { GeneratedInput } from "../../ui/forms/GeneratedInput";
import { FieldGrid } from "../../ui/forms/RecordForm";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { usePlaces } from "../../ui/forms/usePlaces";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { draftOf, draftValid, recordOf, sameDraft } from "./customerDraft";
import { track } from "../../offline/analytics/track";

export function CustomerForm({ customer }: { customer?: Customer }) {
  const { user, client } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const places = usePlaces();

  const initial = useMemo(() => draftOf(customer), [customer]);
  // Until the user edits, the draft follows the stored record (a sync may bring a newer copy).
  const { draft, change, settled } = useDraft(initial, sameDraft);

  const adding = customer === undefined;
  const mayChange = can(user, "LOCATION_WRITE");
  const valid = draftValid(draft);

  const setContact = useMemo(
    () => Object.fromEntries(CONTACT_FIELDS.map((field) => [field, (value: string) => change({ [field]: value })])) as Record<ContactField, (value: string) => void>,
    [change],
  );
  const setAddress = useMemo(
    () =>
      ({
        ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, (value: string) => change({ [field]: value })])),
        // A new country clears the province (§5).
        country: (country: string) => change({ country, province: "" }),
      }) as Record<AddressField, (value: string) => void>,
    [change],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !mayChange || !valid) return;
    const base = customer ?? { id: newId(), orgId: user.orgId };
    let saved: Customer;
    try {
      saved = await engine.put("customers", recordOf(draft, { ...base, orgId: base.orgId || user.orgId }));
      track("EDIT", "customer");
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    settled();
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
          <FieldGrid>
            <TextInput label={t("name")} name="name" value={draft.name} onChange={(name) => change({ name })} required disabled={!mayChange} />
            <GeneratedInput
              label={t("accountNumber")}
              value={draft.accountNumber}
              onChange={(accountNumber) => change({ accountNumber })}
              generate={() => nextCounterValue(client, user?.orgId ?? "", "account-number")}
              messages={{ offline: t("accountNumberOffline"), failed: t("accountNumberFailed") }}
              required
              disabled={!mayChange}
            />
          </FieldGrid>
          <ContactFields values={draft} onChange={setContact} disabled={!mayChange} />
          <AddressFields values={draft} onChange={setAddress} places={places} disabled={!mayChange} />
          <Box>
            <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
