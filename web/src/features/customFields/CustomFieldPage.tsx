/**
 * /custom-fields/{location|model|equipment}/new and /{id} (§2): a custom field's form — its
 * name (required, §5); a model field's Include In Reports (on for a new one, §3); an equipment
 * field's equipment type, since the equipment form shows a type's own fields.
 */
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { t } from "../../lib/strings";
import { newId } from "../../domain/ids";
import type { EquipmentType, NamedField } from "../../domain/records";
import { useLoadedRecords, useRecords, useSyncEngine } from "../../offline/SyncProvider";
import { FieldGrid, Notice, RecordForm } from "../../ui/forms/RecordForm";
import { byName } from "../../domain/names";
import { SelectInput } from "../../ui/forms/SelectInput";
import { SwitchInput } from "../../ui/forms/SwitchInput";
import { TextInput } from "../../ui/forms/TextInput";
import { useDraft } from "../../ui/forms/useDraft";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useFieldAccess } from "./access";
import { FIELD_KINDS, type FieldKind, isFieldKind } from "./kinds";
import { track } from "../../offline/analytics/track";

function CustomFieldForm({ kind, field, write, orgId }: { kind: FieldKind; field?: NamedField; write: boolean; orgId: string }) {
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const info = FIELD_KINDS[kind];
  const equipmentTypes = useRecords<EquipmentType>("equipmentTypes");
  const typeOptions = useMemo(() => [...equipmentTypes].sort(byName).map((type) => ({ value: type.id, label: type.name })), [equipmentTypes]);
  // A new equipment field starts on the first type, as the select would choose (§5).
  const firstType = kind === "equipment" && !field ? (typeOptions[0]?.value ?? "") : "";
  const initial = useMemo(
    () => ({ name: field?.name ?? "", includeInReports: field?.includeInReports !== false, equipmentTypeId: field?.equipmentTypeId ?? firstType }),
    [field, firstType],
  );
  const { draft, change, settled } = useDraft(initial);
  const adding = field === undefined;
  const needsType = kind === "equipment";
  const valid = draft.name.trim() !== "" && (!needsType || draft.equipmentTypeId !== "");

  async function save() {
    const base = field ?? { id: newId(), orgId };
    const extra = kind === "model" ? { includeInReports: draft.includeInReports } : kind === "equipment" ? { equipmentTypeId: draft.equipmentTypeId } : {};
    const saved = await engine.put(info.kind, { ...base, name: draft.name.trim(), ...extra });
    track("EDIT", "custom_field");
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: saved.name }));
    if (adding) navigate(`/custom-fields/${kind}/${saved.id}`, { replace: true });
  }

  return (
    <RecordForm
      title={adding ? t(info.add) : t(info.information)}
      adding={adding}
      mayChange={write}
      valid={valid}
      onSave={save}
      onDelete={
        field && {
          name: field.name,
          run: async () => {
            await engine.remove(info.kind, field);
            settled();
            navigate("/custom-fields", { replace: true });
          },
        }
      }
      back={{ to: "/custom-fields", label: t("customFields") }}
    >
      <FieldGrid>
        <TextInput label={t("name")} name="name" required value={draft.name} onChange={(name) => change({ name })} disabled={!write} />
        {needsType &&
          (typeOptions.length > 0 ? (
            <SelectInput
              label={t("equipmentType")}
              name="equipmentTypeId"
              required
              value={draft.equipmentTypeId}
              onChange={(equipmentTypeId) => change({ equipmentTypeId })}
              options={typeOptions}
              disabled={!write}
            />
          ) : (
            <Notice severity="warning">{t("customFieldNeedsType")}</Notice>
          ))}
      </FieldGrid>
      {kind === "model" && (
        <SwitchInput label={t("customFieldIncludeInReports")} checked={draft.includeInReports} onChange={(includeInReports) => change({ includeInReports })} disabled={!write} />
      )}
    </RecordForm>
  );
}

export function CustomFieldPage({ adding = false }: { adding?: boolean }) {
  const { fieldKind, fieldId = "" } = useParams();
  const access = useFieldAccess();
  const kind: FieldKind = isFieldKind(fieldKind) ? fieldKind : "location";
  const fields = useLoadedRecords<NamedField>(FIELD_KINDS[kind].kind);
  if (!isFieldKind(fieldKind)) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  if (adding) return access.write ? <CustomFieldForm kind={kind} write orgId={access.orgId} /> : <Notice>{t("recordAddNeedsPermission")}</Notice>;
  if (fields === undefined) return null;
  const field = fields.find((candidate) => candidate.id === fieldId);
  if (!field) return <Notice severity="warning">{t("recordNotFound")}</Notice>;
  return <CustomFieldForm key={`${kind}:${field.id}`} kind={kind} field={field} write={access.write} orgId={access.orgId} />;
}
