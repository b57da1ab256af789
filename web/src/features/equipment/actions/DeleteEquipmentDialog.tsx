/**
 * Delete Equipment (§2, §4 Soft delete): confirm 'Delete equipment?', then the item is marked
 * deleted with a 'Deleted' history record, 'Equipment Deleted' shows and the app returns to
 * the site. Used by the options dialog and the equipment form.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/strings";
import type { Equipment } from "../../../domain/records";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { DeleteDialog } from "../../../ui/DeleteDialog";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useActor } from "./abilities";
import { deleteEquipment } from "./changes";

export interface DeleteEquipmentDialogProps {
  open: boolean;
  equipment: Equipment;
  onCancel: () => void;
  /** Called once the delete is saved, before the app returns to the site. */
  onDeleted: () => void;
}

export function DeleteEquipmentDialog({ open, equipment, onCancel, onDeleted }: DeleteEquipmentDialogProps) {
  const engine = useSyncEngine();
  const actor = useActor();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deleteEquipment(engine, equipment, actor);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      setBusy(false);
      return;
    }
    setBusy(false);
    snackbar.show(t("equipmentDeleted"));
    onDeleted();
    navigate(`/sites/${equipment.locationId}`);
  }

  return (
    <DeleteDialog
      open={open}
      title={t("equipmentDeleteConfirm")}
      text={t("equipmentDeleteText", { name: equipment.name })}
      onCancel={onCancel}
      onDelete={() => void confirm()}
      busy={busy}
    />
  );
}
