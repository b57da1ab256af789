/** This feature's rows of the route table (§2): the own profile, company information,
 * preferences and analytics. All but the profile load on first use (precached for offline use). */
import type { RouteObject } from "react-router";
import { ProfilePage } from "./ProfilePage";

export const settingsRoutes: RouteObject[] = [
  { path: "/profile", element: <ProfilePage /> },
  { path: "/organization", lazy: () => import("./organization/OrganizationPage").then((m) => ({ element: <m.OrganizationPage /> })) },
  { path: "/preferences", lazy: () => import("./organization/PreferencesPage").then((m) => ({ element: <m.PreferencesPage /> })) },
  { path: "/analytics", lazy: () => import("./analytics/AnalyticsPage").then((m) => ({ element: <m.AnalyticsPage /> })) },
];
