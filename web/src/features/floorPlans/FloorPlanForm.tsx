/**
 * A floor plan's name (required, §5) and image (folder floor-plans). A new plan saved
 * replaces /new by its own address, where equipment can then be placed. Delete Floor Plan
 * takes the plan's items off it (their floor and point cleared). LOCATION_WRITE to change (§6),
 * which covers taking the items off.
 */
import { Box, Button, Stack } from "@mui/material";
import { type FormEvent, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { t } from "../../lib/strings";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { newId } from "../../domain/ids";
import type { Equipment } from "../../domain/records";
import { ImageField } from "../../files/ImageField";
import { useSyncEngine } from "../../offline/SyncProvider";
import { DeleteDialog } from "../../ui/DeleteDialog";
import { SaveButton } from "../../ui/SaveButton";
import { TextInput } from "../../ui/forms/TextInput";
import { textError } from "../../ui/forms/validation";
import { useSnackbar } from "../../ui/snackbar/SnackbarProvider";
import { useDraft } from "../../ui/forms/useDraft";
import { type FloorPlan, floorPlansPath } from "./floorPlan";
import { takeOffPlan } from "./placement";
import { track } from "../../offline/analytics/track";

export interface FloorPlanFormProps {
  locationId: string;
  plan?: FloorPlan;
  /** The site's equipment, to take off a deleted plan. */
  equipment: readonly Equipment[];
}

export const floorPlanNameValid = (name: string) => textError(name, { required: true }) === undefined;

export function FloorPlanForm({ locationId, plan, equipment }: FloorPlanFormProps) {
  const { user } = useAuth();
  const engine = useSyncEngine();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const initial = useMemo(() => ({ name: plan?.name ?? "", image: plan?.image || null }), [plan]);
  const { draft, change, settled } = useDraft(initial);
  const [deleting, setDeleting] = useState(false);
  const adding = plan === undefined;
  const mayChange = can(user, "LOCATION_WRITE");
  const valid = floorPlanNameValid(draft.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || !mayChange || !valid) return;
    const record = { ...(plan ?? { id: newId(), orgId: user.orgId, locationId }), name: draft.name.trim(), image: draft.image };
    try {
      await engine.put("floorPlans", record);
      track("EDIT", "floor_plan");
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    settled();
    snackbar.show(t(adding ? "recordAdded" : "recordSaved", { name: record.name }));
    if (adding) navigate(`${floorPlansPath(locationId)}/${record.id}`, { replace: true });
  }

  async function remove() {
    if (!plan) return;
    try {
      await engine.remove("floorPlans", plan);
      await takeOffPlan(engine, equipment, plan.id);
    } catch (error) {
      snackbar.show((error as Error).message, "error");
      return;
    }
    setDeleting(false);
    settled();
    snackbar.show(t("recordDeleted", { name: plan.name }));
    navigate(floorPlansPath(locationId), { replace: true });
  }

  const title = t(adding ? "addFloorPlan" : "floorPlan");
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack spacing={4}>
        <TextInput label={t("name")} name="name" value={draft.name} onChange={(name) => change({ name })} required disabled={!mayChange} />
        <ImageField label={t("floorPlanImage")} folder="floor-plans" fileName={draft.image} onChange={(image) => change({ image })} disabled={!mayChange} previewHeight={160} />
        <Stack direction="row" spacing={3} sx={{ flexWrap: "wrap", gap: 3 }}>
          <SaveButton disabled={!mayChange || !valid}>{adding ? t("add") : t("save")}</SaveButton>
          {!adding && (
            <Button color="error" onClick={() => setDeleting(true)} disabled={!mayChange}>
              {t("deleteFloorPlan")}
            </Button>
          )}
        </Stack>
      </Stack>
      {plan && (
        <DeleteDialog
          open={deleting}
          title={t("deleteFloorPlanConfirm")}
          text={t("deleteFloorPlanText", { name: plan.name })}
          onCancel={() => setDeleting(false)}
          onDelete={() => void remove()}
        />
      )}
    </Box>
  );
}
