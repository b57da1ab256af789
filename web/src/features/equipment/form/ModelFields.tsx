/**
 * The equipment form's model (§3 Equipment): chosen from the catalogue's models grouped under
 * their equipment type, and the type it gives, shown read-only.
 */
import { ListSubheader, MenuItem, TextField } from "@mui/material";
import { useMemo } from "react";
import { t } from "../../../lib/strings";
import type { Catalogue, EquipmentType, Model } from "../../../domain/records";
import { ReadOnlyField } from "../../../ui/forms/ReadOnlyField";
import { modelOf } from "./fields";

interface ModelGroup {
  type: EquipmentType | undefined;
  models: Model[];
}

/** Models under their equipment type, both by name; models of no known type last. */
function modelGroups(catalogue: Catalogue): ModelGroup[] {
  const byName = (a: { name?: string }, b: { name?: string }) => (a.name ?? "").localeCompare(b.name ?? "");
  const groups = new Map<string, ModelGroup>();
  for (const model of catalogue.models.values()) {
    const type = model.equipmentTypeId ? catalogue.equipmentTypes.get(model.equipmentTypeId) : undefined;
    const key = type?.id ?? "";
    const group = groups.get(key) ?? { type, models: [] };
    group.models.push(model);
    groups.set(key, group);
  }
  const list = [...groups.values()].map((g) => ({ ...g, models: g.models.sort(byName) }));
  return list.sort((a, b) => (!a.type ? 1 : !b.type ? -1 : byName(a.type, b.type)));
}

export interface ModelFieldsProps {
  modelId: string;
  catalogue: Catalogue;
  onChange: (modelId: string) => void;
}

export function ModelFields({ modelId, catalogue, onChange }: ModelFieldsProps) {
  const groups = useMemo(() => modelGroups(catalogue), [catalogue]);
  const { equipmentType } = modelOf(modelId, catalogue);
  return (
    <>
      <TextField
        select
        label={t("equipmentModel")}
        value={catalogue.models.has(modelId) ? modelId : ""}
        onChange={(event) => onChange(event.target.value)}
        fullWidth
        slotProps={{
          select: {
            renderValue: (value) => {
              const chosen = modelOf(value as string, catalogue);
              if (!chosen.model) return t("equipmentNoModel");
              return chosen.equipmentType ? `${chosen.model.name} (${chosen.equipmentType.name})` : chosen.model.name;
            },
          },
        }}
      >
        <MenuItem value="">{t("equipmentNoModel")}</MenuItem>
        {groups.flatMap((group) => [
          ...(group.type ? [<ListSubheader key={`type-${group.type.id}`}>{group.type.name}</ListSubheader>] : []),
          ...group.models.map((m) => (
            <MenuItem key={m.id} value={m.id} sx={{ pl: group.type ? 6 : undefined }}>
              {m.name}
            </MenuItem>
          )),
        ])}
      </TextField>
      <ReadOnlyField label={t("equipmentType")} value={equipmentType?.name} />
    </>
  );
}
