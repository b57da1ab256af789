/**
 * /sites/{locationId}/settings/floor-plans/new and /{floorPlanId} (§2): the plan's form and,
 * once it is saved, its equipment placement. LOCATION_READ to view (§6).
 */
import { Alert, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink, useParams } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can, canTake } from "../../auth/session";
import type { Equipment } from "../../domain/records";
import { useLoadedRecords, useRecords } from "../../offline/SyncProvider";
import { type FloorPlan, floorPlansPath } from "./floorPlan";
import { FloorPlanForm } from "./FloorPlanForm";
import { Placement } from "./Placement";

export function FloorPlanPage() {
  const { locationId = "", floorPlanId } = useParams();
  const { user } = useAuth();
  const plans = useLoadedRecords<FloorPlan>("floorPlans", locationId);
  const equipment = useRecords<Equipment>("equipment", locationId);
  const plan = floorPlanId ? plans?.find((p) => p.id === floorPlanId) : undefined;

  if (!can(user, "LOCATION_READ")) return <Alert severity="info">{t("floorPlanNeedsRead")}</Alert>;
  if (floorPlanId && plans === undefined) return <Typography color="text.secondary">{t("loading")}</Typography>;
  if (floorPlanId && !plan) {
    return (
      <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 560 }}>
        <Alert severity="error">{t("floorPlanNotFound")}</Alert>
      </Paper>
    );
  }
  const mayChange = can(user, "LOCATION_WRITE");
  if (!plan && !mayChange) return <Alert severity="info">{t("floorPlanNeedsPermission")}</Alert>;

  return (
    <Paper sx={{ p: { xs: 4, sm: 6 }, maxWidth: 1200 }}>
      <Stack spacing={5}>
        <Stack>
          <Typography variant="h5" component="h1">
            {plan ? plan.name : t("addFloorPlan")}
          </Typography>
          <Typography variant="body2">
            <RouterLink to={floorPlansPath(locationId)}>{t("floorPlans")}</RouterLink>
          </Typography>
        </Stack>
        {!mayChange && <Alert severity="info">{t("floorPlanNeedsPermission")}</Alert>}
        <FloorPlanForm key={plan?.id ?? "new"} locationId={locationId} plan={plan} equipment={equipment} />
        {plan ? (
          <Placement plan={plan} plans={plans ?? []} equipment={equipment} mayPlace={canTake(user, "placeOnFloorPlan")} />
        ) : (
          <Typography color="text.secondary">{t("planNeedsSaving")}</Typography>
        )}
      </Stack>
    </Paper>
  );
}
