/**
 * Transfer Equipment (§4, §5): find the target site by name (at most 20 shown, with the hint
 * 'Type more characters to narrow the search further' when more match), then move the item
 * there with its history, performed services and deficiencies. Shows 'Equipment transferred'
 * (its own message, not the swap's 'Equipment swapped' that §4 reuses) and goes back to the
 * site the item left.
 */
import { Button, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/strings";
import type { Equipment, Site } from "../../../domain/records";
import { matches } from "../../../domain/search";
import { useRecords, useSyncEngine } from "../../../offline/SyncProvider";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";
import { useSnackbar } from "../../../ui/snackbar/SnackbarProvider";
import { useActor } from "./abilities";
import { transferEquipment } from "./changes";
import { byName } from "../../../domain/names";

/** §9 Transfer site search at most 20 results. */
export const TRANSFER_RESULTS = 20;

/** The other sites whose name matches `query`, by name; `more` when some were left out. */
export function transferTargets(sites: readonly Site[], from: string, query: string): { shown: Site[]; more: boolean } {
  const found = sites
    .filter((s) => s.id !== from && matches(query, [s.name]))
    .sort(byName);
  return { shown: found.slice(0, TRANSFER_RESULTS), more: found.length > TRANSFER_RESULTS };
}

export interface TransferDialogProps {
  open: boolean;
  equipment: Equipment;
  site: Site;
  onCancel: () => void;
  onTransferred: () => void;
}

export function TransferDialog({ open, equipment, site, onCancel, onTransferred }: TransferDialogProps) {
  const engine = useSyncEngine();
  const actor = useActor();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const sites = useRecords<Site>("locations");
  const [query, setQuery] = useState("");
  const [targetId, setTargetId] = useState("");
  const [busy, setBusy] = useState(false);
  const { shown, more } = useMemo(() => transferTargets(sites, site.id, query), [sites, site.id, query]);
  const target = sites.find((s) => s.id === targetId && s.id !== site.id);

  async function transfer() {
    if (!target) return;
    setBusy(true);
    try {
      await transferEquipment(engine, equipment, site, target, actor);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      setBusy(false);
      return;
    }
    setBusy(false);
    snackbar.show(t("equipmentTransferred"));
    onTransferred();
    navigate(`/sites/${site.id}`);
  }

  return (
    <ResponsiveDialog
      open={open}
      onClose={onCancel}
      title={t("equipmentTransfer")}
      actions={
        <>
          <Button onClick={onCancel}>{t("cancel")}</Button>
          <Button variant="contained" disabled={!target} loading={busy} onClick={() => void transfer()}>
            {t("equipmentTransferButton")}
          </Button>
        </>
      }
    >
      <Stack spacing={3} sx={{ pt: 2 }}>
        <TextField
          label={t("equipmentTransferSearch")}
          type="search"
          size="small"
          fullWidth
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          helperText={more ? t("equipmentTransferHint") : undefined}
        />
        {shown.length === 0 ? (
          <Typography color="text.secondary">{t("equipmentTransferNoSites")}</Typography>
        ) : (
          <RadioGroup aria-label={t("sites")} value={targetId} onChange={(event) => setTargetId(event.target.value)}>
            {shown.map((s) => (
              <FormControlLabel key={s.id} value={s.id} control={<Radio />} label={s.name} />
            ))}
          </RadioGroup>
        )}
        {target && <Typography>{t("equipmentTransferTo", { name: equipment.name, site: target.name })}</Typography>}
      </Stack>
    </ResponsiveDialog>
  );
}
