/**
 * Replace Equipment (§4 Replace and Swap by barcode): scan or type the other item's barcode
 * ('Could not find equipment with that barcode' / '... the scanned barcode' when none has
 * it), then Replace — the scanned item moves here with this item's name, and this one is
 * removed from service: 'Equipment replaced' — or Swap — the two exchange sites and names:
 * 'Equipment swapped'. The action moveEquipment: EQUIPMENT_WRITE, which covers what moves along.
 */
import { Button, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { t } from "../../../lib/strings";
import { useAuth } from "../../../auth/AuthProvider";
import { canTake } from "../../../auth/session";
import type { Equipment, Site } from "../../../domain/records";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { BarcodeScannerDialog } from "./BarcodeScannerDialog";
import { normalizeBarcode } from "./formats";
import { describe } from "./changes";
import { NoPermissionDialog } from "./NoPermissionDialog";
import { sitePath } from "./paths";
import { useEquipmentChanges } from "./useEquipmentChanges";

export interface ReplaceEquipmentDialogProps {
  open: boolean;
  equipment: Equipment;
  site: Site;
  onClose: () => void;
}

interface Found {
  other: Equipment;
  siteName: string;
}

export function ReplaceEquipmentDialog({ open, equipment, site, onClose }: ReplaceEquipmentDialogProps) {
  const { user } = useAuth();
  const changes = useEquipmentChanges();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setFound(null);
      setError(null);
    }
  }, [open]);

  if (!canTake(user, "moveEquipment")) return <NoPermissionDialog open={open} title={t("equipmentReplace")} text={t("replaceNeedsPermissions")} onClose={onClose} />;

  async function look(code: string, source: "camera" | "typed") {
    if (busy) return;
    setBusy(true);
    try {
      const other = await changes.findByBarcode(code, equipment.id);
      if (!other) {
        setError(code === normalizeBarcode(equipment.barcode ?? "") ? t("replaceOwnBarcode", { name: equipment.name }) : t(source === "camera" ? "replaceNotFoundScanned" : "replaceNotFoundTyped"));
        return;
      }
      const sites = await changes.sites();
      setError(null);
      setFound({ other, siteName: sites.find((s) => s.id === other.locationId)?.name ?? t("scanUnknownSite") });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  async function finish(action: "replace" | "swap") {
    if (!found || busy) return;
    setBusy(true);
    try {
      if (action === "replace") await changes.replace(equipment, found.other);
      else await changes.swap(equipment, found.other);
    } catch (failure) {
      snackbar.show(failure instanceof Error ? failure.message : String(failure), "error");
      return;
    } finally {
      setBusy(false);
    }
    snackbar.show(t(action === "replace" ? "replaceDone" : "equipmentSwapped"));
    onClose();
    // This item has left the screen it was shown on (removed, or gone to the other site).
    if (pathname !== sitePath(equipment.locationId)) navigate(sitePath(equipment.locationId));
  }

  if (!found) {
    return (
      <BarcodeScannerDialog
        open={open}
        onClose={onClose}
        title={t("equipmentReplace")}
        hint={t("replaceEquipmentHint", { name: equipment.name })}
        error={error}
        onScan={(code, source) => void look(code, source)}
      />
    );
  }

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title={t("equipmentReplace")}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button variant="outlined" onClick={() => void finish("swap")} disabled={busy}>
            {t("historyType9")}
          </Button>
          <Button variant="contained" onClick={() => void finish("replace")} disabled={busy}>
            {t("replaceAction")}
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        <Typography>{t("replaceFoundOther", { other: describe(found.other), site: found.siteName })}</Typography>
        <Typography variant="body2">
          {t("replaceExplained", { site: site.name, name: equipment.name, current: describe(equipment) })}
        </Typography>
        <Typography variant="body2">{t("swapExplained")}</Typography>
      </Stack>
    </ResponsiveDialog>
  );
}
