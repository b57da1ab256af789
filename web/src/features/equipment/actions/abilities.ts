/**
 * What the signed-in user may do to equipment, in one place for the list, the options dialog
 * and the form. Each action comes from the permission table (domain/actions.ts), which the
 * server reads too: an action offered here goes through whole, every record it writes.
 */
import { useMemo } from "react";
import { useAuth } from "../../../auth/AuthProvider";
import { type User, can, canTake } from "../../../auth/session";
import type { Actor } from "./changes";

export interface EquipmentAbilities {
  /** The list, find by serial and Preview Details. */
  read: boolean;
  add: boolean;
  /** The equipment form and Replace Barcode. */
  edit: boolean;
  delete: boolean;
  /** Transfer, Replace and Swap: the item with its history, performed services and deficiencies. */
  move: boolean;
  couldNotService: boolean;
  openDeficiency: boolean;
  /** Floor plans need LOCATION_READ to view. */
  viewFloorPlan: boolean;
}

export function abilitiesOf(user: User | null | undefined): EquipmentAbilities {
  return {
    read: can(user, "EQUIPMENT_READ"),
    add: canTake(user, "addEquipment"),
    edit: canTake(user, "editEquipment"),
    delete: canTake(user, "deleteEquipment"),
    move: canTake(user, "moveEquipment"),
    couldNotService: canTake(user, "couldNotService"),
    openDeficiency: canTake(user, "openDeficiency"),
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
  return useMemo(() => ({ orgId: user?.orgId ?? "", userId: user?.id ?? "" }), [user]);
}
