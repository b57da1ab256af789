/** A site's floor plan (§3): a name (required, §5) and its image's file name in floor-plans. */
import type { SyncRecord } from "../../domain/syncRecord";

export interface FloorPlan extends SyncRecord {
  name: string;
  locationId: string;
  image?: string | null;
}

export const floorPlansPath = (locationId: string) => `/sites/${locationId}/settings/floor-plans`;
