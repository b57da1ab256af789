/**
 * Replace Barcode (§4): scan or type the new barcode. One that another non-deleted item of
 * the organisation has — or this one already has — gives 'Equipment already has this
 * barcode'; otherwise it is saved with a data-change history record, and 'Updated barcode'
 * shows. Needs EQUIPMENT_WRITE (the action editEquipment, which covers the history record).
 */
import { useEffect, useState } from "react";
import { t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { canTake } from "../../../auth/session";
import type { Equipment, Site } from "../../../domain/records";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { BarcodeScannerDialog } from "./BarcodeScannerDialog";
import { normalizeBarcode } from "./formats";
import { NoPermissionDialog } from "./NoPermissionDialog";
import { useEquipmentChanges } from "./useEquipmentChanges";

export interface ReplaceBarcodeDialogProps {
  open: boolean;
  equipment: Equipment;
  site: Site;
  onClose: () => void;
}

export function ReplaceBarcodeDialog({ open, equipment, onClose }: ReplaceBarcodeDialogProps) {
  const { user } = useAuth();
  const changes = useEquipmentChanges();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  if (!canTake(user, "editEquipment")) return <NoPermissionDialog open={open} title={t("equipmentReplaceBarcode")} text={t("barcodeNeedsEquipmentWrite")} onClose={onClose} />;

  async function take(barcode: string) {
    if (saving) return;
    setSaving(true);
    try {
      const holder = barcode === normalizeBarcode(equipment.barcode ?? "") ? equipment : await changes.findByBarcode(barcode, equipment.id);
      if (holder) {
        setError(t("equipmentBarcodeTaken"));
        return;
      }
      await changes.replaceBarcode(equipment, barcode);
      snackbar.show(t("replaceBarcodeUpdated"));
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <BarcodeScannerDialog
      open={open}
      onClose={onClose}
      title={t("equipmentReplaceBarcode")}
      hint={t("replaceBarcodeHint", { name: equipment.name })}
      error={error}
      onScan={(code) => void take(code)}
    />
  );
}
