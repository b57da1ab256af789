/**
 * One row of the equipment list: the item's name, what it is, and its due markers. A site may
 * hold thousands of items and a keystroke repaints up to 50 rows, so the row is memoised and
 * kept light: styles are made once (not per render through `sx`), and the button has no
 * ripple (keyboard focus still shows).
 */
import { ListItem, ListItemButton, ListItemText, styled } from "@mui/material";
import { memo } from "react";
import { t } from "../../../app/strings";
import type { DueState } from "../../../domain/records";
import type { EquipmentRow } from "./rows";

const Markers = styled("span")(({ theme }) => ({ display: "flex", flexShrink: 0, gap: theme.spacing(2), marginLeft: theme.spacing(3) }));

const Marker = styled("span")(({ theme }) => ({
  border: `1px solid ${theme.palette.warning.main}`,
  color: theme.palette.warning.dark,
  borderRadius: 12,
  padding: theme.spacing(1, 3),
  fontSize: theme.typography.caption.fontSize,
  lineHeight: 1.4,
  whiteSpace: "nowrap",
}));

export interface EquipmentRowItemProps {
  row: EquipmentRow;
  state: DueState | undefined;
  inspectionDue: boolean;
  serviceDue: boolean;
  onOpen: (equipmentId: string) => void;
}

export const EquipmentRowItem = memo(function EquipmentRowItem({ row, state, inspectionDue, serviceDue, onOpen }: EquipmentRowItemProps) {
  const failed = state !== undefined && !state.ok;
  const details = [row.equipmentType?.name, row.model?.name, row.equipment.serialNumber, row.equipment.barcode].filter((d) => d).join(" · ");
  return (
    <ListItem disablePadding divider>
      <ListItemButton disableRipple onClick={() => onOpen(row.equipment.id)}>
        <ListItemText
          primary={row.equipment.name}
          secondary={failed ? t("equipmentDueError", { error: state.error }) : details || undefined}
          slotProps={{ secondary: failed ? { color: "error" } : undefined }}
        />
        {(inspectionDue || serviceDue) && (
          <Markers>
            {inspectionDue && <Marker>{t("equipmentInspectionDue")}</Marker>}
            {serviceDue && <Marker>{t("equipmentServiceDue")}</Marker>}
          </Markers>
        )}
      </ListItemButton>
    </ListItem>
  );
});
