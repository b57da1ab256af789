/**
 * /custom-fields (§2): three columns — site fields, model fields, equipment fields — one
 * under another on a phone. An equipment field shows the equipment type it belongs to.
 */
import { Box } from "@mui/material";
import { useMemo } from "react";
import { t } from "../../lib/strings";
import type { EquipmentType, NamedField } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { Notice } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { byName } from "../../domain/names";
import { useFieldAccess } from "./access";
import { FIELD_KINDS, type FieldKind } from "./kinds";

function Column({ kind, write, types }: { kind: FieldKind; write: boolean; types?: ReadonlyMap<string, string> }) {
  const info = FIELD_KINDS[kind];
  const fields = useRecords<NamedField>(info.kind);
  const items = useMemo(
    () =>
      [...fields].sort(byName).map((field) => ({
        id: field.id,
        primary: field.name,
        secondary: field.equipmentTypeId ? types?.get(field.equipmentTypeId) : undefined,
        to: `/custom-fields/${kind}/${field.id}`,
      })),
    [fields, kind, types],
  );
  return <RecordList title={t(info.title)} items={items} empty={t("customFieldNone")} add={write ? { label: t(info.add), to: `/custom-fields/${kind}/new` } : undefined} />;
}

export function CustomFieldsPage() {
  const access = useFieldAccess();
  const equipmentTypes = useRecords<EquipmentType>("equipmentTypes");
  const types = useMemo(() => new Map(equipmentTypes.map((type) => [type.id, type.name])), [equipmentTypes]);
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  return (
    <Box component="section" aria-labelledby="custom-fields-title">
      <Box component="h1" id="custom-fields-title" sx={{ typography: "h5", mt: 0, mb: 4 }}>
        {t("customFields")}
      </Box>
      <Box sx={{ display: "grid", gap: 5, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" }, alignItems: "start" }}>
        <Column kind="location" write={access.write} />
        <Column kind="model" write={access.write} />
        <Column kind="equipment" write={access.write} types={types} />
      </Box>
    </Box>
  );
}
