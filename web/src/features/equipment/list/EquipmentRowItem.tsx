/**
 * One row of the equipment list: the item's name, what it is, when it is due (or how late), and
 * its markers: the due lists it is on, an open deficiency, could not service today. A site may
 * hold thousands of items and a keystroke repaints up to 50 rows, so a row is plain elements
 * styled once by the list's `EquipmentRows` (not a stack of styled components each), and is
 * memoised. A native button: keyboard and screen readers get it for free.
 */
import { styled } from "@mui/material";
import { memo } from "react";
import { t } from "../../../lib/strings";
import { pressable } from "../../../ui/pressable";
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
    ...pressable(theme),
  },
  "& .equipment-row-text": { display: "flex", flexDirection: "column", flex: 1, minWidth: 0 },
  "& .equipment-row-name": { ...theme.typography.body1 },
  "& .equipment-row-details": { ...theme.typography.body2, color: theme.palette.text.secondary },
  "& .equipment-row-error": { ...theme.typography.body2, color: theme.palette.error.main },
  "& .equipment-row-status": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: theme.spacing(2), marginTop: theme.spacing(1) },
  "& .equipment-row-when": { ...theme.typography.body2, color: theme.palette.text.secondary },
  "& .equipment-row-when.overdue": { color: theme.palette.error.dark },
  "& .equipment-row-marker": {
    border: `1px solid ${theme.palette.warning.main}`,
    color: theme.palette.warning.dark,
    borderRadius: 12,
    padding: theme.spacing(1, 3),
    fontSize: theme.typography.caption.fontSize,
    lineHeight: 1.4,
    whiteSpace: "nowrap",
  },
  "& .equipment-row-marker.deficiency": { borderColor: theme.palette.error.main, color: theme.palette.error.dark },
  "& .equipment-row-marker.skipped": { borderColor: theme.palette.divider, color: theme.palette.text.secondary },
}));

export interface EquipmentRowItemProps {
  row: EquipmentRow;
  state: DueState | undefined;
  /** On the Inspection Due list (the due engine's `dueLists`, as the badges count). */
  inspectionDue: boolean;
  serviceDue: boolean;
  /** Kept off the due lists today by a Could Not Service event (§4). */
  couldNotService: boolean;
  /** 'Overdue 3 days', 'Due Nov 10'. */
  when: string | undefined;
  overdue: boolean;
  onOpen: (equipmentId: string) => void;
}

export const EquipmentRowItem = memo(function EquipmentRowItem({
  row,
  state,
  inspectionDue,
  serviceDue,
  couldNotService,
  when,
  overdue,
  onOpen,
}: EquipmentRowItemProps) {
  const failed = state !== undefined && !state.ok;
  const openDeficiency = state?.ok === true && state.result.openDeficiency;
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
          {(when || inspectionDue || serviceDue || openDeficiency || couldNotService) && (
            <span className="equipment-row-status">
              {when && <span className={overdue ? "equipment-row-when overdue" : "equipment-row-when"}>{when}</span>}
              {inspectionDue && <span className="equipment-row-marker">{t("equipmentInspectionDue")}</span>}
              {serviceDue && <span className="equipment-row-marker">{t("equipmentServiceDue")}</span>}
              {openDeficiency && <span className="equipment-row-marker deficiency">{t("equipmentRowOpenDeficiency")}</span>}
              {couldNotService && <span className="equipment-row-marker skipped">{t("equipmentCouldNotServiceToday")}</span>}
            </span>
          )}
        </span>
      </button>
    </li>
  );
});
