/**
 * Placing equipment on a floor plan: choose an item, then click on the plan where it stands
 * (or type its position and press Place, by keyboard). The item's floorId becomes the plan
 * and its floorPlanLocation the point, 'x' + 'x' + 'y' (§3), saved at once like any equipment
 * change. Needs LOCATION_WRITE, as floor plans do (the action placeOnFloorPlan).
 */
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { t } from "../../lib/strings";
import type { Equipment } from "../../domain/records";
import { useSyncEngine } from "../../offline/SyncProvider";
import { NumberInput } from "../../ui/forms/NumberInput";
import { SelectInput } from "../../ui/forms/SelectInput";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { type FloorPlan } from "./floorPlan";
import { PlanImage } from "./PlanImage";
import { placeOnPlan } from "./placement";
import { type Point, formatPoint, parsePoint } from "./point";
import { byName } from "../../domain/names";

export interface PlacementProps {
  plan: FloorPlan;
  plans: readonly FloorPlan[];
  equipment: readonly Equipment[];
  mayPlace: boolean;
}

export function Placement({ plan, plans, equipment, mayPlace }: PlacementProps) {
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const sorted = useMemo(() => [...equipment].sort(byName), [equipment]);
  const planNames = useMemo(() => new Map(plans.map((p) => [p.id, p.name])), [plans]);
  const [selectedId, setSelectedId] = useState("");
  const selected = sorted.find((item) => item.id === selectedId);
  const selectedPoint = selected?.floorId === plan.id ? parsePoint(selected.floorPlanLocation) : undefined;
  const [x, setX] = useState<number | undefined>();
  const [y, setY] = useState<number | undefined>();
  // A newly chosen item shows where it already is on this plan; only a new choice resets the
  // fields, not every save of the item.
  const showChosen = useEffectEvent(() => {
    setX(selectedPoint?.x);
    setY(selectedPoint?.y);
  });
  useEffect(() => {
    showChosen();
  }, [selectedId]);

  const placed = useMemo(
    () =>
      sorted.flatMap((item) => {
        const point = item.floorId === plan.id ? parsePoint(item.floorPlanLocation) : undefined;
        return point ? [{ item, point }] : [];
      }),
    [sorted, plan.id],
  );
  const options = useMemo(
    () =>
      sorted.map((item) => {
        const elsewhere = item.floorId && item.floorId !== plan.id && item.floorPlanLocation ? planNames.get(item.floorId) : undefined;
        return { value: item.id, label: elsewhere ? `${item.name} ${t("placedElsewhere", { plan: elsewhere })}` : item.name };
      }),
    [sorted, plan.id, planNames],
  );

  async function place(item: Equipment, point: Point | null) {
    try {
      await placeOnPlan(engine, item, plan.id, point);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    if (point) {
      setX(point.x);
      setY(point.y);
    }
    snackbar.show(t(point ? "placedOnPlan" : "removedFromPlan", { name: item.name, plan: plan.name }));
  }

  const canPick = mayPlace && !!selected;
  return (
    <Stack spacing={4} component="section" aria-labelledby="placement-title">
      <Typography id="placement-title" variant="h6" component="h2">
        {mayPlace ? t("placeEquipment") : t("onThisPlan")}
      </Typography>
      {!plan.image ? (
        <Alert severity="info">{t("uploadPlanFirst")}</Alert>
      ) : (
        <>
          {mayPlace && sorted.length > 0 && (
            <Stack spacing={3}>
              <Typography variant="body2" color="text.secondary">
                {t("placeEquipmentHint")}
              </Typography>
              <SelectInput label={t("equipmentToPlace")} name="equipment" value={selectedId} onChange={setSelectedId} options={options} />
              <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 120px), 1fr))", alignItems: "center" }}>
                <NumberInput label={t("positionX")} name="x" value={x} onChange={setX} />
                <NumberInput label={t("positionY")} name="y" value={y} onChange={setY} />
                <Button variant="outlined" disabled={!selected || x === undefined || y === undefined || x < 0 || y < 0} onClick={() => selected && x !== undefined && y !== undefined && void place(selected, { x, y })}>
                  {t("place")}
                </Button>
                {selectedPoint && selected && (
                  <Button color="error" onClick={() => void place(selected, null)}>
                    {t("removeFromPlan")}
                  </Button>
                )}
              </Box>
            </Stack>
          )}
          <Box sx={{ overflowX: "auto" }}>
            <PlanImage
              image={plan.image}
              name={plan.name}
              items={placed.map(({ item, point }) => ({ id: item.id, name: item.name, ...point, highlight: item.id === selectedId }))}
              onPick={canPick ? (point) => selected && void place(selected, point) : undefined}
            />
          </Box>
        </>
      )}
      {placed.length === 0 ? (
        <Typography color="text.secondary">{t("nothingPlaced")}</Typography>
      ) : (
        <List dense aria-label={t("onThisPlan")}>
          {placed.map(({ item, point }) => (
            <ListItem key={item.id} disableGutters>
              <ListItemText primary={item.name} secondary={formatPoint(point)} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
