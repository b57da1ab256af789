/**
 * Where a service, checklist, history or deficiency screen returns to when it is done: the
 * screen the user came from (the tag view on a phone, the equipment page on a desktop), or the
 * equipment page when this screen was opened directly.
 */
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { equipmentPath } from "./paths";

export function useBackToEquipment(locationId: string, equipmentId: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // The router gives the first entry of a session the key "default": there is nothing to go back to.
  const cameFromApp = location.key !== "default";
  return useCallback(() => {
    if (cameFromApp) navigate(-1);
    else navigate(equipmentPath(locationId, equipmentId), { replace: true });
  }, [cameFromApp, navigate, locationId, equipmentId]);
}
