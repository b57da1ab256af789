/**
 * /equipment-types/new and /equipment-types/{id} (§2): the type form (name; the service month
 * category under SERVICE_MONTHS) and, for a stored type, its service types and models.
 */
import { Box, Stack } from "@mui/material";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { newId } from "../../domain/ids";
import type { EquipmentType, Model, NamedField } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { byName } from "../../domain/names";
import { SelectInput } from "../../ui/forms/SelectInput";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { type CatalogueAccess, useCatalogueAccess } from "./access";
import type { ServiceTypeRecord } from "./records";
import { track } from "../../offline/analytics/track";

function EquipmentTypeForm({ type, access }: { type?: EquipmentType; access: CatalogueAccess }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const categories = useRecords<NamedField>("serviceMonthCategories");
  const initial = useMemo(() => ({ name: type?.name ?? "", serviceMonthCategoryId: type?.serviceMonthCategoryId ?? "" }), [type]);
  const { draft, change, settled } = useDraft(initial);
  const adding = type === undefined;
  const categoryOptions = useMemo(
    () => [{ value: "", label: t("none") }, ...[...categories].sort(byName).map((c) => ({ value: c.id, label: c.name }))],
    [categories],
  );

  async function save() {
    const base = type ?? { id: newId(), orgId: access.orgId };
    const saved = await engine.put("equipmentTypes", {
      ...base,
      name: draft.name.trim(),
      serviceMonthCategoryId: access.serviceMonths ? draft.serviceMonthCategoryId || null : (type?.serviceMonthCategoryId ?? null),
    });
    track("EDIT", "equipment_type");
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (adding) navigate(`/equipment-types/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={adding ? t("catalogueAddEquipmentType") : t("catalogueEquipmentTypeInformation")}
      adding={adding}
      mayChange={access.write}
      valid={draft.name.trim() !== ""}
      onSave={save}
      onDelete={
        type && {
          name: type.name,
          run: async () => {
            await engine.remove("equipmentTypes", type);
            settled();
            navigate("/equipment-types", { replace: true });
          },
        }
      }
      back={{ to: "/equipment-types", label: t("equipmentTypes") }}
    >
      <FieldGrid>
        <TextInput label={t("name")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={!access.write} />
        {access.serviceMonths && (
          <SelectInput
            label={t("equipmentServiceMonth")}
            name="serviceMonthCategoryId"
            value={draft.serviceMonthCategoryId}
            onChange={(serviceMonthCategoryId) => change({ serviceMonthCategoryId })}
            options={categoryOptions}
            disabled={!access.write}
          />
        )}
      </FieldGrid>
    </RecordForm>
  );
}

function TypeLists({ typeId, access }: { typeId: string; access: CatalogueAccess }) {
  const services = useRecords<ServiceTypeRecord>("serviceTypes");
  const models = useRecords<Model>("models");
  const serviceItems = useMemo(
    () =>
      services
        .filter((s) => s.equipmentTypeId === typeId)
        .sort(byName)
        .map((s) => ({ id: s.id, primary: s.name, to: `/equipment-types/${typeId}/service-types/${s.id}` })),
    [services, typeId],
  );
  const modelItems = useMemo(
    () =>
      models
        .filter((m) => m.equipmentTypeId === typeId)
        .sort(byName)
        .map((m) => ({ id: m.id, primary: m.name, secondary: access.billing && m.sku ? m.sku : undefined, to: `/equipment-types/${typeId}/models/${m.id}` })),
    [models, typeId, access.billing],
  );
  return (
    <Box sx={{ display: "grid", gap: 5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }}>
      <RecordList
        title={t("catalogueServiceTypes")}
        items={serviceItems}
        empty={t("catalogueNoServiceTypes")}
        add={access.write ? { label: t("catalogueAddServiceType"), to: `/equipment-types/${typeId}/service-types/new` } : undefined}
      />
      <RecordList
        title={t("catalogueModels")}
        items={modelItems}
        empty={t("catalogueNoModels")}
        add={access.write ? { label: t("catalogueAddModel"), to: `/equipment-types/${typeId}/models/new` } : undefined}
      />
    </Box>
  );
}

export function EquipmentTypePage({ adding = false }: { adding?: boolean }) {
  const { equipmentTypeId = "" } = useParams();
  const access = useCatalogueAccess();
  const types = useLoadedRecords<EquipmentType>("equipmentTypes");
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  if (adding) return access.write ? <EquipmentTypeForm access={access} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  if (types === undefined) return null;
  const type = types.find((candidate) => candidate.id === equipmentTypeId);
  if (!type) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return (
    <Stack spacing={5}>
      <EquipmentTypeForm key={type.id} type={type} access={access} />
      <TypeLists typeId={type.id} access={access} />
    </Stack>
  );
}
