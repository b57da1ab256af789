/**
 * The navigation bar of §2: the office's Dashboard, then groups Sites, Customers, Reports,
 * Schedule, Settings and their sub-items, each shown only when the user's permissions and the
 * organisation's features allow it.
 */
import type { User } from "../auth/session";
import { can } from "../auth/session";
import type { Permission } from "../domain/permissions";
import { type Organization, customersVisible, hasFeature } from "../domain/organization";
import { type StringKey, t } from "../lib/strings";

export interface NavItem {
  title: string;
  path: string;
  /** Opens outside the app (a path starting with http, §2). */
  external?: boolean;
}

export interface NavGroup extends NavItem {
  items: NavItem[];
}

/** Titles are truncated to 15 characters with an ellipsis (§2, §9). */
export function truncateTitle(title: string, max = 15): string {
  const chars = Array.from(title);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : title;
}

interface GroupRule {
  title: StringKey;
  path: string;
  visible: (user: User | null, org: Organization | null | undefined) => boolean;
  items: { title: StringKey; path: string; visible?: (user: User | null, org: Organization | null | undefined) => boolean }[];
}

const needs = (permission: Permission) => (user: User | null) => can(user, permission);

const GROUPS: GroupRule[] = [
  { title: "dashboard", path: "/dashboard", visible: needs("REPORT_READ"), items: [] },
  { title: "sites", path: "/sites", visible: needs("LOCATION_READ"), items: [] },
  { title: "customers", path: "/customers", visible: customersVisible, items: [] },
  { title: "reports", path: "/reports", visible: needs("REPORT_READ"), items: [] },
  { title: "schedule", path: "/schedule", visible: needs("SCHEDULE_READ"), items: [] },
  {
    title: "settings",
    path: "/settings",
    visible: needs("SETTINGS_READ"),
    items: [
      { title: "profile", path: "/profile" },
      { title: "organization", path: "/organization" },
      { title: "preferences", path: "/preferences" },
      { title: "users", path: "/users" },
      { title: "equipmentTypes", path: "/equipment-types" },
      { title: "siteTypes", path: "/site-types", visible: (_, org) => hasFeature(org, "SITE_TYPES") },
      { title: "serviceMonthCategories", path: "/service-month-categories", visible: (_, org) => hasFeature(org, "SERVICE_MONTHS") },
      { title: "customFields", path: "/custom-fields" },
      { title: "imports", path: "/imports" },
      { title: "billingPortal", path: "/billing-portal", visible: (_, org) => org?.manualBilling === false },
    ],
  },
];

/** The groups this user sees, titles truncated. */
export function visibleNavigation(user: User | null, org: Organization | null | undefined): NavGroup[] {
  return GROUPS.filter((group) => group.visible(user, org)).map((group) => ({
    title: truncateTitle(t(group.title)),
    path: group.path,
    external: group.path.startsWith("http"),
    items: group.items
      .filter((item) => item.visible?.(user, org) ?? true)
      .map((item) => ({ title: truncateTitle(t(item.title)), path: item.path, external: item.path.startsWith("http") })),
  }));
}
