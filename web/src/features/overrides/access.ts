/** Location overrides (§6): the LOCATION_OVERRIDES feature, LOCATION_READ to view, LOCATION_WRITE to change. */
import { type Organization, hasFeature } from "../../app/navigation";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { useRecords } from "../../offline/SyncProvider";

export function useOverrideAccess() {
  const { user } = useAuth();
  const org = useRecords<Organization>("organization")[0];
  return {
    enabled: hasFeature(org, "LOCATION_OVERRIDES"),
    read: can(user, "LOCATION_READ"),
    write: can(user, "LOCATION_WRITE"),
    orgId: user?.orgId ?? "",
  };
}
