import type { Organization } from "../domain/organization";
import { useRecords } from "./SyncProvider";

/** The signed-in organisation's record on this device; null until it has arrived. */
export function useOrganization(): Organization | null {
  return useRecords<Organization>("organization")[0] ?? null;
}
