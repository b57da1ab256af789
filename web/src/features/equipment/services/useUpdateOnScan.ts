/**
 * §4: services flagged updateOnScan are performed automatically, once per session, when the
 * tag is opened and they are due. "Once per session" is kept in session storage per item and
 * service type, so reopening the tag in this tab does not perform it again; a new tab or a new
 * sign-in is a new session. The due check reads every record of the item at once, so a
 * half-loaded list cannot make a service look due.
 */
import { useEffect } from "react";
import { useAuth } from "../../../auth/AuthProvider";
import { canTake } from "../../../auth/session";
import { useSyncEngine } from "../../../offline/SyncProvider";
import { performService } from "./performService";
import { serviceRowsOf } from "./serviceRows";
import { loadEquipmentRecords } from "./useEquipmentRecords";

export function updateOnScanKey(equipmentId: string, serviceTypeId: string): string {
  return `fieldtag.updateOnScan.${equipmentId}.${serviceTypeId}`;
}

export function useUpdateOnScan(locationId: string | undefined, equipmentId: string | undefined): void {
  const engine = useSyncEngine();
  const { user } = useAuth();
  const orgId = user?.orgId;
  const userId = user?.id ?? null;
  const mayService = canTake(user, "performService");

  useEffect(() => {
    if (!locationId || !equipmentId || !orgId || !mayService) return undefined;
    let cancelled = false;
    const run = async () => {
      const state = await loadEquipmentRecords(engine, locationId, equipmentId);
      if (cancelled || state.status !== "ready") return;
      const { view } = state.records;
      for (const row of serviceRowsOf(state.records, Date.now()).rows) {
        if (row.serviceType.updateOnScan !== true || !row.due) continue;
        const key = updateOnScanKey(equipmentId, row.serviceType.id);
        if (sessionStorage.getItem(key) !== null) continue;
        sessionStorage.setItem(key, new Date().toISOString());
        await performService(engine, {
          orgId,
          userId,
          equipment: view.equipment,
          serviceType: row.serviceType,
          performed: row.performed,
          lastDate: new Date().toISOString(),
        });
      }
    };
    // §8: a failed perform is only logged.
    run().catch((error: unknown) => console.error("Could not perform the updateOnScan services", error));
    return () => {
      cancelled = true;
    };
  }, [engine, locationId, equipmentId, orgId, userId, mayService]);
}
