/**
 * The equipment form (§2 /sites/{locationId}/equipment/new and /{equipmentId}, §5): Location
 * and Manufactured Date required; the model (grouped by equipment type) gives the type, the
 * custom equipment fields of that type and the model's own fields (read-only); serial
 * number, barcode ('Equipment already has this barcode', else the link to order barcodes from
 * support, §7), note, and the service month
 * category with the SERVICE_MONTHS feature. A new item leaves an 'added' history record, an
 * edit that changes values a data-change record with before and after.
 */
import { Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { hasFeature } from "../../../domain/organization";
import { t } from "../../../lib/strings";
import { FALLBACK_TIME_ZONE } from "../../../domain/dates";
import { newId } from "../../../domain/ids";
import type { Catalogue, Equipment, Site } from "../../../domain/records";
import { useRecords, useSyncEngine } from "../../../offline/SyncProvider";
import { useCatalogue } from "../../../offline/useSiteRecords";
import { SaveButton } from "../../../ui/SaveButton";
import { DateField } from "../../../ui/forms/DateField";
import { TextInput } from "../../../ui/forms/TextInput";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useUnsavedChanges } from "../../../ui/unsaved/useUnsavedChanges";
import { useActor } from "../actions/abilities";
import { DeleteEquipmentDialog } from "../actions/DeleteEquipmentDialog";
import { CustomFieldsSection } from "./CustomFieldsSection";
import { type Draft, barcodeTaken, draftOf, modelOf, recordOf } from "./fields";
import { ModelFields } from "./ModelFields";
import { ModelFieldsSection } from "./ModelFieldsSection";
import { OrderBarcodesHint } from "./OrderBarcodesHint";
import { addEquipment, editEquipment } from "./saves";
import { ServiceMonthField } from "./ServiceMonthField";
import { useOrganization } from "../../../offline/useOrganization";

export interface EquipmentFormProps {
  site: Site;
  /** The item to edit; a new item without it. */
  equipment?: Equipment;
  /** A new item's barcode, from the scan flow (?barcode=). */
  initialBarcode?: string;
}

export function EquipmentForm({ site, equipment, initialBarcode = "" }: EquipmentFormProps) {
  const engine = useSyncEngine();
  const actor = useActor();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const organization = useOrganization();
  const everyItem = useRecords<Equipment>("equipment");
  const timeZone = site.timeZone || FALLBACK_TIME_ZONE;

  const stored = useMemo(() => draftOf(equipment, timeZone, initialBarcode), [equipment, timeZone, initialBarcode]);
  const [draft, setDraft] = useState(stored);
  const [touched, setTouched] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Until the user edits, follow the stored record (another device or tab may change it).
  useEffect(() => {
    if (!touched) setDraft(stored);
  }, [stored, touched]);

  const dirty = touched && JSON.stringify(draft) !== JSON.stringify(stored);
  const unsaved = useUnsavedChanges(dirty);
  const set = <K extends keyof Draft>(key: K) => (value: Draft[K]) => {
    setTouched(true);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const setField = (id: string, value: string) => set("fieldData")({ ...draft.fieldData, [id]: value });

  const { model, equipmentType } = modelOf(draft.modelId, catalogue);
  const taken = useMemo(() => barcodeTaken(draft.barcode, equipment?.id, everyItem), [draft.barcode, equipment?.id, everyItem]);
  const missingName = draft.name.trim() === "";
  const missingDate = draft.manufactureDate === "";
  const invalid = missingName || missingDate || taken;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    try {
      if (equipment) await saveEdit(equipment);
      else await saveNew();
    } catch (error) {
      snackbar.show((error as Error).message, "error");
    }
  }

  async function saveNew() {
    const record = recordOf(draft, { id: newId(), orgId: actor.orgId, locationId: site.id }, timeZone);
    await addEquipment(engine, record, actor);
    setTouched(false);
    unsaved.allowNextNavigation();
    snackbar.show(t("equipmentAdded"));
    navigate(`/sites/${site.id}/equipment/${record.id}`, { replace: true });
  }

  async function saveEdit(current: Equipment) {
    await editEquipment(engine, current, recordOf(draft, current, timeZone), actor, (path) => labelOf(path, catalogue));
    setTouched(false);
    snackbar.show(t("equipmentSaved"));
  }

  const showServiceMonths = hasFeature(organization, "SERVICE_MONTHS");

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 5 }}>
        {equipment ? t("equipmentInformation") : t("equipmentNew")}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={4}>
          <TextInput label={t("equipmentLocation")} value={draft.name} onChange={set("name")} required autoFocus={!equipment} />
          <DateField
            label={t("equipmentManufactured")}
            value={draft.manufactureDate}
            onChange={set("manufactureDate")}
            error={missingDate ? "required" : undefined}
          />
          <ModelFields modelId={draft.modelId} catalogue={catalogue} onChange={set("modelId")} />
          <TextInput label={t("equipmentSerialNumber")} value={draft.serialNumber} onChange={set("serialNumber")} />
          <TextField
            label={t("equipmentBarcode")}
            value={draft.barcode}
            onChange={(event) => set("barcode")(event.target.value)}
            fullWidth
            error={taken}
            helperText={taken ? t("equipmentBarcodeTaken") : <OrderBarcodesHint organization={organization} />}
          />
          <TextInput label={t("note")} value={draft.note} onChange={set("note")} multiline minRows={2} />
          {showServiceMonths && <ServiceMonthField value={draft.serviceMonth} onChange={set("serviceMonth")} />}
          <CustomFieldsSection equipmentTypeId={equipmentType?.id} catalogue={catalogue} values={draft.fieldData} onChange={setField} />
          <ModelFieldsSection model={model} catalogue={catalogue} />
          <Stack direction="row" spacing={3} sx={{ justifyContent: "space-between" }}>
            <SaveButton disabled={invalid}>{equipment ? t("save") : t("add")}</SaveButton>
            {equipment && (
              <Button color="error" onClick={() => setDeleting(true)}>
                {t("equipmentDelete")}
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
      {equipment && (
        <DeleteEquipmentDialog
          open={deleting}
          equipment={equipment}
          onCancel={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            unsaved.allowNextNavigation();
          }}
        />
      )}
    </Paper>
  );
}

/** How a changed field is named in the history record's description. */
function labelOf(path: string, catalogue: Catalogue): string {
  const labels: Record<string, string> = {
    name: t("equipmentLocation"),
    manufactureDate: t("equipmentManufactured"),
    modelId: t("equipmentModel"),
    serialNumber: t("equipmentSerialNumber"),
    barcode: t("equipmentBarcode"),
    note: t("note"),
    serviceMonth: t("equipmentServiceMonth"),
  };
  if (path in labels) return labels[path]!;
  const id = path.replace(/^fieldData\./, "");
  return catalogue.equipmentFields.find((f) => f.id === id)?.name ?? id;
}
