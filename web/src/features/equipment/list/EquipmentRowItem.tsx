/**
 * One row of the equipment list: the item's name, what it is, and its due markers. A site may
 * hold thousands of items and a keystroke repaints up to 50 rows, so a row is plain elements
 * styled once by the list's `EquipmentRows` (not a stack of styled components each), and is
 * memoised. A native button: keyboard and screen readers get it for free.
 */
import { styled } from "@mui/material";
import { memo } from "react";
import { t } from "../../../app/strings";
import type { DueState } from "../../../domain/records";
import type { EquipmentRow } from "./rows";

/** Wraps the list and styles its rows. */
export const EquipmentRows = styled("div")(({ theme }) => ({
  "& .equipment-row": { borderBottom: `1px solid ${theme.palette.divider}` },
  "& .equipment-row > button": {
    display: "flex",
    alignItems: "center",
    gap: theme.spacing(3),
    width: "100%",
    padding: theme.spacing(3, 4),
    border: 0,
    background: "none",
    font: "inherit",
    color: "inherit",
    textAlign: "left",
    cursor: "pointer",
    "&:hover": { backgroundColor: theme.palette.action.hover },
    "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  },
  "& .equipment-row-text": { display: "flex", flexDirection: "column", flex: 1, minWidth: 0 },
  "& .equipment-row-name": { ...theme.typography.body1 },
  "& .equipment-row-details": { ...theme.typography.body2, color: theme.palette.text.secondary },
  "& .equipment-row-error": { ...theme.typography.body2, color: theme.palette.error.main },
  "& .equipment-row-markers": { display: "flex", flexShrink: 0, gap: theme.spacing(2) },
  "& .equipment-row-marker": {
    border: `1px solid ${theme.palette.warning.main}`,
    color: theme.palette.warning.dark,
    borderRadius: 12,
    padding: theme.spacing(1, 3),
    fontSize: theme.typography.caption.fontSize,
    lineHeight: 1.4,
    whiteSpace: "nowrap",
  },
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
    <li className="equipment-row">
      <button type="button" onClick={() => onOpen(row.equipment.id)}>
        <span className="equipment-row-text">
          <span className="equipment-row-name">{row.equipment.name}</span>
          {failed ? (
            <span className="equipment-row-error">{t("equipmentDueError", { error: state.error })}</span>
          ) : (
            details && <span className="equipment-row-details">{details}</span>
          )}
        </span>
        {(inspectionDue || serviceDue) && (
          <span className="equipment-row-markers">
            {inspectionDue && <span className="equipment-row-marker">{t("equipmentInspectionDue")}</span>}
            {serviceDue && <span className="equipment-row-marker">{t("equipmentServiceDue")}</span>}
          </span>
        )}
      </button>
    </li>
  );
});
