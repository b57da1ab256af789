/**
 * The setup checklist (welcome screen and the office's home): each step of the first hour,
 * done or to do, linking to the screen that does it; the starter catalogues one click away
 * while the catalogue is empty. Read from the records on the device, so it works offline. On
 * the home it stays until dismissed, and Dismiss shows only once every step is done.
 */
import { Box, Button, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Stack, Typography } from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { EquipmentType, Model, ServiceType, Site } from "../../domain/records";
import { t } from "../../lib/strings";
import { useRecords, useSyncEngine, useSyncStatus } from "../../offline/SyncProvider";
import type { SyncRecord } from "../../domain/syncRecord";
import { StarterCatalogueButtons } from "../../ui/StarterCatalogueButtons";
import { CheckCircleIcon, CircleOutlineIcon } from "../../ui/icons";
import { dismissedKey, setupSteps } from "./checklist";

function readDismissed(orgId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(orgId)) !== null;
  } catch {
    return false;
  }
}

/** Whether any site holds equipment: sites are read one by one until one does, not all at once. */
function useAnyEquipment(sites: readonly Site[], skip: boolean): boolean {
  const engine = useSyncEngine();
  const [found, setFound] = useState(false);
  useEffect(() => {
    if (skip || sites.length === 0) return undefined;
    let mounted = true;
    const look = async () => {
      for (const site of sites) {
        if ((await engine.list("equipment", site.id)).length > 0) return true;
        if (!mounted) return false;
      }
      return false;
    };
    const check = () => void look().then((any) => mounted && setFound(any), () => undefined);
    check();
    const stop = engine.onRecordsChanged((kinds) => kinds.has("equipment") && check());
    return () => {
      mounted = false;
      stop();
    };
  }, [engine, sites, skip]);
  return found;
}

export function SetupChecklist({ place }: { place: "welcome" | "home" }) {
  const { user } = useAuth();
  const lastSuccessfulDownloadDate = useSyncStatus((status) => status.lastSuccessfulDownloadDate);
  const orgId = user?.orgId ?? "";
  const [dismissed, setDismissed] = useState(() => readDismissed(orgId));
  const hidden = place === "home" && dismissed;
  const equipmentTypes = useRecords<EquipmentType>("equipmentTypes", undefined, hidden);
  const serviceTypes = useRecords<ServiceType>("serviceTypes", undefined, hidden);
  const models = useRecords<Model>("models", undefined, hidden);
  const sites = useRecords<Site>("locations", undefined, hidden);
  const users = useRecords<SyncRecord>("users", undefined, hidden);
  const equipment = useAnyEquipment(sites, hidden);
  const steps = useMemo(
    () =>
      setupSteps(user?.permissions ?? [], {
        equipmentTypes: equipmentTypes.length,
        serviceTypes: serviceTypes.length,
        models: models.length,
        sites: sites.length,
        equipment,
        users: users.length,
      }),
    [user, equipmentTypes, serviceTypes, models, sites, equipment, users],
  );

  // Before the first download every count is nought: say nothing rather than "to do".
  if (hidden || steps.length === 0 || !lastSuccessfulDownloadDate) return null;
  const done = steps.filter((step) => step.done).length;
  const allDone = done === steps.length;
  const dismiss = () => {
    localStorage.setItem(dismissedKey(orgId), new Date().toISOString());
    setDismissed(true);
  };

  return (
    <Paper component="section" aria-labelledby="setup-checklist-title" sx={{ p: { xs: 3, sm: 4 }, width: "100%", maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: "space-between", alignItems: "baseline", flexWrap: "wrap" }}>
        <Typography id="setup-checklist-title" variant="h6" component="h2">
          {t("setupTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("setupStepsDone", { done: String(done), total: String(steps.length) })}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {allDone ? t("setupAllDone") : t("setupText")}
      </Typography>
      <List component="ol" aria-label={t("setupTitle")}>
        {steps.map((step) => (
          <ListItem key={step.key} disablePadding sx={{ display: "block" }}>
            <ListItemButton component={RouterLink} to={step.to}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                {step.done ? <CheckCircleIcon color="success" aria-hidden /> : <CircleOutlineIcon color="action" aria-hidden />}
              </ListItemIcon>
              <ListItemText primary={t(step.label)} secondary={t(step.done ? "setupDone" : "setupToDo")} />
            </ListItemButton>
            {step.key === "catalogue" && !step.done && can(user, "SETTINGS_WRITE") && (
              <Box sx={{ pl: { xs: 2, sm: 7 }, pr: 2, pb: 2 }}>
                <StarterCatalogueButtons orgId={orgId} heading={false} />
              </Box>
            )}
          </ListItem>
        ))}
      </List>
      {place === "home" && allDone && (
        <Button onClick={dismiss} sx={{ mt: 1 }}>
          {t("setupDismiss")}
        </Button>
      )}
    </Paper>
  );
}
