/**
 * The organisation record as the app reads it: its name and logo, the features it has enabled,
 * and the flags that show or hide parts of the app (§2).
 */
import { grants } from "./permissions";

export interface Organization {
  id: string;
  name?: string;
  logo?: string | null;
  enabledFeatures?: string[];
  showBilling?: boolean;
  showSiteSelector?: boolean;
  manualBilling?: boolean;
  hasSetUpBilling?: boolean;
  [field: string]: unknown;
}

export function hasFeature(org: Organization | null | undefined, feature: string): boolean {
  return !!org?.enabledFeatures?.includes(feature);
}

/** Customers: the BILLING feature, the organisation's showBilling and location-read (§2). */
export function customersVisible(user: { permissions?: readonly string[] } | null | undefined, org: Organization | null | undefined): boolean {
  return hasFeature(org, "BILLING") && !!org?.showBilling && !!user && grants(user.permissions ?? [], "LOCATION_READ");
}
