/** Location overrides (§6): the LOCATION_OVERRIDES feature, LOCATION_READ to view, LOCATION_WRITE to change. */
import { hasFeature } from "../../domain/organization";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { useOrganization } from "../../offline/useOrganization";

export function useOverrideAccess() {
  const { user } = useAuth();
  const org = useOrganization();
  return {
    enabled: hasFeature(org, "LOCATION_OVERRIDES"),
    read: can(user, "LOCATION_READ"),
    write: can(user, "LOCATION_WRITE"),
    orgId: user?.orgId ?? "",
  };
}
