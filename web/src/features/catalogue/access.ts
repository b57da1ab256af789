/**
 * Who may do what on the catalogue screens (§6): SETTINGS_READ to view, SETTINGS_WRITE to
 * change (the server takes these kinds only from holders of it), and the organisation's
 * features that show the service month category (SERVICE_MONTHS), the SKU (BILLING with
 * showBilling) and the disabled site types (SITE_TYPES).
 */
import { useMemo } from "react";
import { hasFeature } from "../../domain/organization";
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";
import { useOrganization } from "../../offline/useOrganization";

export interface CatalogueAccess {
  read: boolean;
  write: boolean;
  orgId: string;
  serviceMonths: boolean;
  billing: boolean;
  siteTypes: boolean;
}

export function useCatalogueAccess(): CatalogueAccess {
  const { user } = useAuth();
  const org = useOrganization();
  return useMemo(
    () => ({
      read: can(user, "SETTINGS_READ"),
      write: can(user, "SETTINGS_WRITE"),
      orgId: user?.orgId ?? "",
      serviceMonths: hasFeature(org, "SERVICE_MONTHS"),
      billing: hasFeature(org, "BILLING") && org?.showBilling === true,
      siteTypes: hasFeature(org, "SITE_TYPES"),
    }),
    [user, org],
  );
}
