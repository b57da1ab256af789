/**
 * The item's open deficiencies on the tag (DEFICIENCY_READ), newest first, each with Resolve for
 * those who may close one (§4 Deficiency: dateClosed set, and a 'deficiency closed' history
 * record, 12). Nothing shows when none is open.
 */
import { Box, Button, Stack, Typography } from "@mui/material";
import { useId, useMemo, useState } from "react";
import { t } from "../../../../lib/strings";
import { useAuth } from "../../../../auth/AuthProvider";
import { can, canTake } from "../../../../auth/session";
import { formatDate } from "../../../../domain/dates";
import type { Deficiency } from "../../../../domain/records";
import { PhotoField } from "../../../../files/PhotoField";
import { useSyncEngine } from "../../../../offline/SyncProvider";
import { useSnackbar } from "../../../../ui/snackbar/SnackbarProvider";
import type { EquipmentRecords } from "../useEquipmentRecords";
import { isOpen, saveDeficiency, sortDeficiencies } from "./deficiencies";

export function OpenDeficiencies({ records, readOnly = false }: { records: EquipmentRecords; readOnly?: boolean }) {
  const { user } = useAuth();
  const headingId = useId();
  const open = useMemo(() => sortDeficiencies(records.view.deficiencies.filter(isOpen)), [records]);
  if (!can(user, "DEFICIENCY_READ") || open.length === 0) return null;
  const mayResolve = !readOnly && canTake(user, "editDeficiency");
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("deficienciesOpenTitle")}
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {open.map((deficiency) => (
          <OpenDeficiency key={deficiency.id} deficiency={deficiency} timeZone={records.site.site.timeZone} mayResolve={mayResolve} />
        ))}
      </Stack>
    </Box>
  );
}

function OpenDeficiency({ deficiency, timeZone, mayResolve }: { deficiency: Deficiency; timeZone: string | undefined; mayResolve: boolean }) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const nameId = useId();
  const [resolving, setResolving] = useState(false);

  async function resolve() {
    if (!user) return;
    setResolving(true);
    try {
      const fields = { description: deficiency.description, dateOpened: deficiency.dateOpened, serviceTypeId: deficiency.serviceTypeId ?? "" };
      await saveDeficiency(engine, deficiency, fields, true, { orgId: user.orgId, userId: user.id });
      snackbar.show(t("deficiencyResolved"));
    } catch (error) {
      setResolving(false);
      console.error("Could not resolve the deficiency", error);
    }
  }

  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ border: 1, borderColor: "error.light", borderRadius: 1, p: 3, display: "flex", alignItems: "center", gap: 3 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={nameId}>{deficiency.description}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("deficiencyOpenedOn", { date: formatDate(deficiency.dateOpened, timeZone) })}
        </Typography>
        {deficiency.photos && deficiency.photos.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <PhotoField label={t("photosLabel")} photos={deficiency.photos} onChange={() => undefined} readOnly />
          </Box>
        )}
      </Box>
      {mayResolve && (
        <Button variant="outlined" size="small" loading={resolving} disabled={resolving} onClick={() => void resolve()}>
          {t("deficiencyResolve")}
        </Button>
      )}
    </Box>
  );
}
