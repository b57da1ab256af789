/**
 * A site's floor plans (§2 /sites/{locationId}/settings/floor-plans): their names, each
 * opening its form, and Add Floor Plan. LOCATION_READ to view, LOCATION_WRITE to add (§6).
 */
import { Alert, Button, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from "@mui/material";
import { useMemo } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Site } from "../../domain/records";
import { useLoadedRecords } from "../../offline/SyncProvider";
import { useStoredRecord } from "../../offline/useStoredRecord";
import { type FloorPlan, floorPlansPath } from "./floorPlan";
import { byName } from "../../domain/names";

export function FloorPlansPage() {
  const { locationId = "" } = useParams();
  const { user } = useAuth();
  const site = useStoredRecord<Site>("locations", locationId).record;
  const plans = useLoadedRecords<FloorPlan>("floorPlans", locationId);
  const sorted = useMemo(() => [...(plans ?? [])].sort(byName), [plans]);

  if (!can(user, "LOCATION_READ")) return <Alert severity="info">{t("floorPlanNeedsRead")}</Alert>;
  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Stack direction="row" spacing={3} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", gap: 3 }}>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {t("floorPlans")}
          </Typography>
          {site && (
            <Typography color="text.secondary" noWrap>
              <RouterLink to={`/sites/${locationId}`}>{site.name}</RouterLink>
            </Typography>
          )}
        </Stack>
        {can(user, "LOCATION_WRITE") && (
          <Button variant="contained" component={RouterLink} to={`${floorPlansPath(locationId)}/new`}>
            {t("addFloorPlan")}
          </Button>
        )}
      </Stack>
      <Paper>
        {plans === undefined ? (
          <Typography sx={{ p: 4 }} color="text.secondary">
            {t("loading")}
          </Typography>
        ) : sorted.length === 0 ? (
          <Typography sx={{ p: 4 }} color="text.secondary">
            {t("noFloorPlans")}
          </Typography>
        ) : (
          <List aria-label={t("floorPlans")}>
            {sorted.map((plan) => (
              <ListItem key={plan.id} disablePadding>
                <ListItemButton component={RouterLink} to={`${floorPlansPath(locationId)}/${plan.id}`}>
                  <ListItemText primary={plan.name} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
