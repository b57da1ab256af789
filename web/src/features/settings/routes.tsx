/** This feature's rows of the route table (§2): the settings hub, the own profile, company
 * information and preferences. The last two load on first use (precached for offline use). */
import type { RouteObject } from "react-router";
import { ProfilePage } from "./ProfilePage";
import { SettingsPage } from "./SettingsPage";

export const settingsRoutes: RouteObject[] = [
  { path: "/settings", element: <SettingsPage /> },
  { path: "/profile", element: <ProfilePage /> },
  { path: "/organization", lazy: () => import("./organization/OrganizationPage").then((m) => ({ element: <m.OrganizationPage /> })) },
  { path: "/preferences", lazy: () => import("./organization/PreferencesPage").then((m) => ({ element: <m.PreferencesPage /> })) },
];
