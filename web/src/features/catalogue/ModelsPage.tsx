/**
 * /equipment-types/{id}/models, /models/new and /models/{modelId} (§2): a type's models, and
 * the model form — name (the model number, §3), SKU under BILLING with showBilling, and a
 * value for each model field.
 */
import { Box } from "@mui/material";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { newId } from "../../domain/ids";
import type { EquipmentType, Model, NamedField } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { byName } from "../../domain/names";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { type CatalogueAccess, useCatalogueAccess } from "./access";
import { track } from "../../offline/analytics/track";

export function ModelsPage() {
  const { equipmentTypeId = "" } = useParams();
  const access = useCatalogueAccess();
  const models = useRecords<Model>("models");
  const type = useRecords<EquipmentType>("equipmentTypes").find((candidate) => candidate.id === equipmentTypeId);
  const items = useMemo(
    () =>
      models
        .filter((m) => m.equipmentTypeId === equipmentTypeId)
        .sort(byName)
        .map((m) => ({ id: m.id, primary: m.name, secondary: access.billing && m.sku ? m.sku : undefined, to: `/equipment-types/${equipmentTypeId}/models/${m.id}` })),
    [models, equipmentTypeId, access.billing],
  );
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <RecordList
        title={type ? `${t("catalogueModels")}: ${type.name}` : t("catalogueModels")}
        headingLevel="h1"
        items={items}
        empty={t("catalogueNoModels")}
        add={access.write ? { label: t("catalogueAddModel"), to: `/equipment-types/${equipmentTypeId}/models/new` } : undefined}
      />
    </Box>
  );
}

function ModelForm({ model, typeId, access }: { model?: Model; typeId: string; access: CatalogueAccess }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const modelFields = useRecords<NamedField>("modelFields");
  const fields = useMemo(() => [...modelFields].sort(byName), [modelFields]);
  const initial = useMemo(() => ({ name: model?.name ?? "", sku: model?.sku ?? "", fieldData: { ...(model?.fieldData ?? {}) } }), [model]);
  const { draft, change, settled } = useDraft(initial);
  const adding = model === undefined;
  const typePath = `/equipment-types/${typeId}`;

  async function save() {
    const base = model ?? { id: newId(), orgId: access.orgId, equipmentTypeId: typeId };
    const fieldData = Object.fromEntries(Object.entries(draft.fieldData).filter(([, value]) => value.trim() !== ""));
    const saved = await engine.put("models", {
      ...base,
      name: draft.name.trim(),
      sku: access.billing ? draft.sku.trim() || null : (model?.sku ?? null),
      fieldData,
    });
    track("EDIT", "model");
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (adding) navigate(`${typePath}/models/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={adding ? t("catalogueAddModel") : t("catalogueModelInformation")}
      adding={adding}
      mayChange={access.write}
      valid={draft.name.trim() !== ""}
      onSave={save}
      onDelete={
        model && {
          name: model.name,
          run: async () => {
            await engine.remove("models", model);
            settled();
            navigate(typePath, { replace: true });
          },
        }
      }
      back={{ to: typePath, label: t("equipmentType") }}
    >
      <FieldGrid>
        <TextInput label={t("catalogueModelNumber")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={!access.write} />
        {access.billing && <TextInput label={t("catalogueSku")} name="sku" value={draft.sku} onChange={(sku) => change({ sku })} disabled={!access.write} />}
      </FieldGrid>
      {fields.length > 0 && (
        <FieldGrid>
          {fields.map((field) => (
            <TextInput
              key={field.id}
              label={field.name}
              value={draft.fieldData[field.id] ?? ""}
              onChange={(value) => change((current) => ({ fieldData: { ...current.fieldData, [field.id]: value } }))}
              disabled={!access.write}
            />
          ))}
        </FieldGrid>
      )}
    </RecordForm>
  );
}

export function ModelPage({ adding = false }: { adding?: boolean }) {
  const { equipmentTypeId = "", modelId = "" } = useParams();
  const access = useCatalogueAccess();
  const models = useLoadedRecords<Model>("models");
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  if (adding) return access.write ? <ModelForm typeId={equipmentTypeId} access={access} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  if (models === undefined) return null;
  const model = models.find((candidate) => candidate.id === modelId);
  if (!model) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <ModelForm key={model.id} model={model} typeId={model.equipmentTypeId || equipmentTypeId} access={access} />;
}
