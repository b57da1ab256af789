/**
 * Find equipment by serial number (§2, §5): a dialog over the organisation's equipment on this
 * device. Empty asks 'Enter a serial number'; no match shows the alert 'Equipment not found'.
 * A match at this site wins over one elsewhere; the found item opens with its own site.
 */
import { Alert, Button, Stack, TextField } from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { t } from "../../../lib/strings";
import type { Equipment, Site } from "../../../domain/records";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { ResponsiveDialog } from "../../../ui/ResponsiveDialog";

export interface FindBySerialDialogProps {
  open: boolean;
  locationId: string;
  onClose: () => void;
  onFound: (equipment: Equipment, site: Site) => void;
}

/** The item with `serial` (ignoring case and surrounding spaces), preferring `locationId`. */
export function findBySerial(items: readonly Equipment[], serial: string, locationId: string): Equipment | undefined {
  const wanted = serial.trim().toLowerCase();
  const found = items.filter((item) => (item.serialNumber ?? "").trim().toLowerCase() === wanted);
  return found.find((item) => item.locationId === locationId) ?? found[0];
}

export function FindBySerialDialog({ open, locationId, onClose, onFound }: FindBySerialDialogProps) {
  const engine = useSyncEngine();
  const formId = useId();
  const [serial, setSerial] = useState("");
  const [asked, setAsked] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [busy, setBusy] = useState(false);
  const empty = serial.trim() === "";

  function close() {
    setSerial("");
    setAsked(false);
    setNotFound(false);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAsked(true);
    setNotFound(false);
    if (empty) return;
    setBusy(true);
    try {
      const found = findBySerial(await engine.list<Equipment>("equipment"), serial, locationId);
      const site = found && (await engine.get<Site>("locations", found.locationId));
      if (found && site) {
        close();
        onFound(found, site);
      } else setNotFound(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ResponsiveDialog
      open={open}
      onClose={close}
      title={t("equipmentFindBySerial")}
      actions={
        <>
          <Button onClick={close}>{t("cancel")}</Button>
          <Button type="submit" form={formId} variant="contained" loading={busy}>
            {t("equipmentFind")}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} onSubmit={submit} noValidate spacing={3} sx={{ pt: 2 }}>
        <TextField
          label={t("equipmentSerialNumber")}
          value={serial}
          onChange={(event) => {
            setSerial(event.target.value);
            setNotFound(false);
          }}
          autoFocus
          fullWidth
          error={asked && empty}
          helperText={asked && empty ? t("equipmentEnterSerial") : undefined}
        />
        {notFound && <Alert severity="error">{t("equipmentNotFound")}</Alert>}
      </Stack>
    </ResponsiveDialog>
  );
}
