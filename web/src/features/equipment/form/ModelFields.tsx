/**
 * The equipment form's model (§3 Equipment): chosen from the catalogue's models grouped under
 * their equipment type, and the type it gives, shown read-only. An item with no type is allowed
 * (§3) but never comes due, and the field says so; with no models at all it says where models
 * are added rather than offering an empty list.
 */
import { Box, FormHelperText, Link, ListSubheader, MenuItem, TextField, Typography } from "@mui/material";
import { useId, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../../auth/AuthProvider";
import { can } from "../../../auth/session";
import { t } from "../../../lib/strings";
import { useLoadedRecords } from "../../../offline/SyncProvider";
import type { Catalogue, EquipmentType, Model } from "../../../domain/records";
import { ReadOnlyField } from "../../../ui/forms/ReadOnlyField";
import { modelOf } from "./fields";
import { byName } from "../../../domain/names";

interface ModelGroup {
  type: EquipmentType | undefined;
  models: Model[];
}

/** Models under their equipment type, both by name; models of no known type last. */
function modelGroups(catalogue: Catalogue): ModelGroup[] {
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
  const noType = equipmentType ? undefined : t("equipmentNoTypeHint");
  // Only once the models are read: an empty list while they load is not "no models".
  const stored = useLoadedRecords<Model>("models");
  if (stored?.length === 0 && catalogue.models.size === 0) {
    return (
      <>
        <NoModels hint={t("equipmentNoTypeHint")} />
        <ReadOnlyField label={t("equipmentType")} value={undefined} />
      </>
    );
  }
  return (
    <>
      <TextField
        select
        label={t("equipmentModel")}
        value={catalogue.models.has(modelId) ? modelId : ""}
        onChange={(event) => onChange(event.target.value)}
        fullWidth
        helperText={noType}
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

/** In place of an empty Model list: where models are added, linked for those who may open the catalogue. */
function NoModels({ hint }: { hint: string }) {
  const { user } = useAuth();
  const id = useId();
  const catalogueLink = can(user, "SETTINGS_READ") ? (
    <Link component={RouterLink} to="/equipment-types">
      {t("equipmentNoModelsLink")}
    </Link>
  ) : (
    t("equipmentNoModelsLink")
  );
  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="caption" component="p" color="text.secondary">
        {t("equipmentModel")}
      </Typography>
      <Typography variant="body2">
        {t("equipmentNoModelsYet")} {catalogueLink}.
      </Typography>
      <FormHelperText>{hint}</FormHelperText>
    </Box>
  );
}
