/**
 * Where an item is on its floor plan (§2 /sites/{locationId}/equipment/{id}/ReadOnlyFloorPlan),
 * opened by the equipment options' 'View on FloorPlan': the plan with the item marked. Read
 * only; LOCATION_READ (§6).
 */
import { Alert, Box, Button, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink, useParams } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import type { Equipment } from "../../domain/records";
import { useLoadedRecords } from "../../offline/SyncProvider";
import { useStoredRecord } from "../../offline/useStoredRecord";
import type { FloorPlan } from "./floorPlan";
import { PlanImage } from "./PlanImage";
import { parsePoint } from "./point";

export function ReadOnlyFloorPlanPage() {
  const { locationId = "", equipmentId } = useParams();
  const { user } = useAuth();
  const item = useStoredRecord<Equipment>("equipment", equipmentId, locationId);
  const plans = useLoadedRecords<FloorPlan>("floorPlans", locationId);

  if (!can(user, "LOCATION_READ")) return <Alert severity="info">{t("floorPlanNeedsRead")}</Alert>;
  if (!item.loaded || plans === undefined) return <Typography color="text.secondary">{t("loading")}</Typography>;
  const back = (
    <Box>
      <Button component={RouterLink} to={`/sites/${locationId}`} variant="outlined">
        {t("equipmentBack")}
      </Button>
    </Box>
  );
  const equipment = item.record;
  if (!equipment || equipment.deleted) {
    return (
      <Stack spacing={4}>
        <Alert severity="error">{t("equipmentNotFound")}</Alert>
        {back}
      </Stack>
    );
  }
  const plan = plans.find((p) => p.id === equipment.floorId);
  const point = parsePoint(equipment.floorPlanLocation);
  if (!plan || !point) {
    return (
      <Stack spacing={4}>
        <Typography variant="h5" component="h1">
          {equipment.name}
        </Typography>
        <Alert severity="info">{plan ? t("notOnFloorPlan") : equipment.floorId ? t("floorPlanNotFound") : t("notOnFloorPlan")}</Alert>
        {back}
      </Stack>
    );
  }
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 1200 }}>
      <Stack spacing={4}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: "anywhere" }}>
          {t("readOnlyFloorPlan", { name: equipment.name, plan: plan.name })}
        </Typography>
        <Box sx={{ overflowX: "auto" }}>
          <PlanImage image={plan.image} name={plan.name} items={[{ id: equipment.id, name: equipment.name, ...point, highlight: true }]} />
        </Box>
        {back}
      </Stack>
    </Paper>
  );
}
