/**
 * The read-only details of one item (Preview Details, the tag view): Location, model and
 * type, serial number, barcode, manufactured date in the site's zone, note, the custom
 * equipment fields of its type, the model's fields, and its service month category.
 */
import { Box, Typography } from "@mui/material";
import { Fragment } from "react";
import { t } from "../../../lib/strings";
import { formatDate } from "../../../domain/dates";
import type { Equipment, Site } from "../../../domain/records";
import { useRecords } from "../../../offline/SyncProvider";
import { useCatalogue } from "../../../offline/useSiteRecords";
import { customFieldsOf, modelOf } from "./fields";

interface Named {
  id: string;
  name: string;
}

export interface EquipmentDetailsProps {
  equipment: Equipment;
  site: Site;
}

export function EquipmentDetails({ equipment, site }: EquipmentDetailsProps) {
  const catalogue = useCatalogue();
  const categories = useRecords<Named>("serviceMonthCategories");
  const { model, equipmentType } = modelOf(equipment.modelId, catalogue);
  const category = equipment.serviceMonth ? categories.find((c) => c.id === equipment.serviceMonth) : undefined;
  const rows: [string, string | null | undefined][] = [
    [t("equipmentLocation"), equipment.name],
    [t("equipmentModel"), model?.name],
    [t("equipmentType"), equipmentType?.name],
    [t("equipmentSerialNumber"), equipment.serialNumber],
    [t("equipmentBarcode"), equipment.barcode],
    [t("equipmentManufactured"), formatDate(equipment.manufactureDate, site.timeZone, "day")],
    [t("note"), equipment.note],
    ...customFieldsOf(equipmentType?.id, catalogue).map((f): [string, string | undefined] => [f.name, equipment.fieldData?.[f.id]]),
    ...catalogue.modelFields.map((f): [string, string | undefined] => [f.name, model?.fieldData?.[f.id]]),
  ];
  if (category) rows.push([t("equipmentServiceMonth"), category.name]);

  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(8rem, auto) 1fr", columnGap: 4, rowGap: 2, m: 0 }}>
      {rows.map(([label, value], index) => (
        <Fragment key={index}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {value?.trim() ? value : "—"}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
