/**
 * The equipment options dialog (§2), every item in the spec's order: Preview Details, Edit
 * Equipment, Replace Barcode, Could Not Service, Transfer Equipment, Replace Equipment, Open
 * Deficiency, View on FloorPlan (only for an item placed on a floor plan), Delete Equipment
 * and Back. Items the user may not take (the permission table) are left out. Cancelling an action returns to
 * the options; finishing one closes them. Preview Details opens the item's read-only tag (§2
 * '.../read-only': 'Scan barcode to make changes'); on the tag itself it is left out.
 */
import { List, ListItem, ListItemButton, ListItemText } from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type StringKey, t } from "../../../lib/strings";
import type { Equipment, Site } from "../../../domain/records";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";
import { tagPath } from "../barcodes/paths";
import { ReplaceBarcodeDialog } from "../barcodes/ReplaceBarcodeDialog";
import { ReplaceEquipmentDialog } from "../barcodes/ReplaceEquipmentDialog";
import { type EquipmentAbilities, useEquipmentAbilities } from "./abilities";
import { CouldNotServiceDialog } from "./CouldNotServiceDialog";
import { DeleteEquipmentDialog } from "./DeleteEquipmentDialog";
import { TransferDialog } from "./TransferDialog";

export interface EquipmentOptionsDialogProps {
  open: boolean;
  equipment: Equipment;
  site: Site;
  onClose: () => void;
  /** Opened on the item's tag, which shows its details already: no Preview Details. */
  onTag?: boolean;
}

type Action = "replaceBarcode" | "couldNotService" | "transfer" | "replace" | "delete";

interface Option {
  label: StringKey;
  /** A dialog over the options, or a screen to open. */
  action: Action | { path: string };
}

/** The §2 items in order, as far as the user may use them and the item allows. */
export function optionsFor(equipment: Equipment, site: Site, may: EquipmentAbilities, onTag = false): Option[] {
  const base = `/sites/${site.id}/equipment/${equipment.id}`;
  const placed = !!equipment.floorPlanLocation && !!equipment.floorId;
  const options: (Option | false)[] = [
    may.read && !onTag && { label: "equipmentPreviewDetails", action: { path: tagPath(site.id, equipment.id, true) } },
    may.edit && { label: "equipmentEdit", action: { path: base } },
    may.edit && { label: "equipmentReplaceBarcode", action: "replaceBarcode" },
    may.couldNotService && { label: "historyType4", action: "couldNotService" },
    may.move && { label: "equipmentTransfer", action: "transfer" },
    may.move && { label: "equipmentReplace", action: "replace" },
    may.openDeficiency && { label: "equipmentOpenDeficiency", action: { path: `${base}/deficiency/new` } },
    placed && may.viewFloorPlan && { label: "equipmentViewOnFloorPlan", action: { path: `${base}/ReadOnlyFloorPlan` } },
    may.delete && { label: "equipmentDelete", action: "delete" },
  ];
  return options.filter((o): o is Option => o !== false);
}

export function EquipmentOptionsDialog({ open, equipment, site, onClose, onTag = false }: EquipmentOptionsDialogProps) {
  const may = useEquipmentAbilities();
  const navigate = useNavigate();
  const [action, setAction] = useState<Action | null>(null);
  const back = () => setAction(null);
  const done = () => {
    setAction(null);
    onClose();
  };

  return (
    <>
      <ResponsiveDialog open={open && action === null} onClose={onClose} title={equipment.name} maxWidth="xs">
        <List disablePadding>
          {optionsFor(equipment, site, may, onTag).map((option) => (
            <ListItem key={option.label} disablePadding>
              <ListItemButton
                onClick={() => {
                  if (typeof option.action === "string") setAction(option.action);
                  else {
                    onClose();
                    navigate(option.action.path);
                  }
                }}
                sx={option.action === "delete" ? { color: "error.main" } : undefined}
              >
                <ListItemText primary={t(option.label)} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton onClick={onClose}>
              <ListItemText primary={t("equipmentBack")} />
            </ListItemButton>
          </ListItem>
        </List>
      </ResponsiveDialog>

      {action === "replaceBarcode" && <ReplaceBarcodeDialog open={open} equipment={equipment} site={site} onClose={done} />}
      {action === "couldNotService" && <CouldNotServiceDialog open={open} equipment={equipment} onCancel={back} onSaved={done} />}
      {action === "transfer" && <TransferDialog open={open} equipment={equipment} site={site} onCancel={back} onTransferred={done} />}
      {action === "replace" && <ReplaceEquipmentDialog open={open} equipment={equipment} site={site} onClose={done} />}
      {action === "delete" && <DeleteEquipmentDialog open={open} equipment={equipment} onCancel={back} onDeleted={done} />}
    </>
  );
}
