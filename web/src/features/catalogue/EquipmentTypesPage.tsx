/**
 * /equipment-types (§2): the organisation's equipment types, by name; Add needs SETTINGS_WRITE,
 * and so do the starter catalogues offered under the list.
 */
import { Paper, Stack } from "@mui/material";
import { useMemo } from "react";
import { t } from "../../lib/strings";
import type { EquipmentType } from "../../domain/records";
import { useRecords } from "../../offline/SyncProvider";
import { Notice } from "../../ui/forms/RecordForm";
import { RecordList } from "../../ui/forms/RecordList";
import { byName } from "../../domain/names";
import { StarterCatalogueButtons } from "../../ui/StarterCatalogueButtons";
import { useCatalogueAccess } from "./access";

export function EquipmentTypesPage() {
  const access = useCatalogueAccess();
  const types = useRecords<EquipmentType>("equipmentTypes");
  const items = useMemo(() => [...types].sort(byName).map((type) => ({ id: type.id, primary: type.name, to: `/equipment-types/${type.id}` })), [types]);
  if (!access.read) return <Notice>{t("recordReadNeeded")}</Notice>;
  return (
    <Stack spacing={5} sx={{ maxWidth: 720 }}>
      <RecordList
        title={t("equipmentTypes")}
        headingLevel="h1"
        items={items}
        empty={t("catalogueNoEquipmentTypes")}
        add={access.write ? { label: t("catalogueAddEquipmentType"), to: "/equipment-types/new" } : undefined}
      />
      {access.write && (
        <Paper sx={{ p: { xs: 3, sm: 4 } }}>
          <StarterCatalogueButtons orgId={access.orgId} />
        </Paper>
      )}
    </Stack>
  );
}
