/**
 * What the signed-in user may do to equipment (§6), in one place for the list, the options
 * dialog and the form. The server checks each uploaded kind against its write permission,
 * so an action is offered only when every kind it writes would be accepted.
 */
import { useMemo } from "react";
import { useAuth } from "../../../auth/AuthProvider";
import { type User, can } from "../../../auth/session";
import type { Actor } from "./changes";

export interface EquipmentAbilities {
  /** The list, find by serial and Preview Details. */
  read: boolean;
  /** Add, edit, delete, replace barcode, replace. */
  write: boolean;
  /** Automatic history records (added, changed, deleted) are written only with this. */
  writeHistory: boolean;
  /** Could Not Service writes only a history record. */
  couldNotService: boolean;
  /** A transfer moves the item with its history, performed services and deficiencies. */
  transfer: boolean;
  openDeficiency: boolean;
  /** Floor plans need LOCATION_READ to view. */
  viewFloorPlan: boolean;
}

export function abilitiesOf(user: User | null | undefined): EquipmentAbilities {
  const write = can(user, "EQUIPMENT_WRITE");
  const writeHistory = can(user, "HISTORY_WRITE");
  return {
    read: can(user, "EQUIPMENT_READ"),
    write,
    writeHistory,
    couldNotService: writeHistory,
    transfer: write && writeHistory && can(user, "SERVICE_WRITE") && can(user, "DEFICIENCY_WRITE"),
    openDeficiency: can(user, "DEFICIENCY_WRITE"),
    viewFloorPlan: can(user, "LOCATION_READ"),
  };
}

export function useEquipmentAbilities(): EquipmentAbilities {
  const { user } = useAuth();
  return useMemo(() => abilitiesOf(user), [user]);
}

/** The signed-in user as the actor of equipment changes. */
export function useActor(): Actor {
  const { user } = useAuth();
  return useMemo(() => ({ orgId: user?.orgId ?? "", userId: user?.id ?? "", writeHistory: can(user, "HISTORY_WRITE") }), [user]);
}
