/**
 * The route table of §2 as far as this build's screens go. Login and sign-up are public;
 * everything else sits behind the auth guard inside the shell and the session's services
 * (sync engine), and every screen under the one leave-page guard.
 */
import type { RouteObject } from "react-router";
import { LoginPage } from "../features/auth/LoginPage";
import { SetPasswordPage } from "../features/auth/SetPasswordPage";
import { SignUpPage } from "../features/auth/SignUpPage";
import { WelcomePage } from "../features/auth/WelcomePage";
import { customerRoutes } from "../features/customers/routes";
import { dashboardRoutes } from "../features/dashboard/routes";
import { equipmentRoutes } from "../features/equipment/routes";
import { scanningRoutes } from "../features/equipment/barcodes/routes";
import { serviceRoutes } from "../features/equipment/services/routes";
import { floorPlanRoutes } from "../features/floorPlans/routes";
import { importRoutes } from "../features/imports/routes";
import { settingsRoutes } from "../features/settings/routes";
import { siteRoutes } from "../features/sites/routes";
import { SetupChecklist } from "../features/setup/SetupChecklist";
import { scheduleRoutes } from "../features/schedule/routes";
import { reportRoutes } from "../features/reports/routes";
import { catalogueRoutes } from "../features/catalogue/routes";
import { customFieldRoutes } from "../features/customFields/routes";
import { overrideRoutes } from "../features/overrides/routes";
import { subscriptionRoutes } from "../features/subscription/routes";
import { userRoutes } from "../features/users/routes";
import { visitRoutes } from "../features/visits/routes";
import { RouteErrorPage } from "../ui/crash/RouteErrorPage";
import { UnsavedChangesGuard } from "../ui/unsaved/UnsavedChangesGuard";
import { LoadingPage } from "./LoadingPage";
import { NotFoundPage } from "./NotFoundPage";
import { HomePage } from "./pages/HomePage";
import { RequireAuth } from "../auth/RequireAuth";
import { SessionServices } from "./SessionServices";
import { parentPath } from "./shell/BackButton";
import { Shell } from "./shell/Shell";

const signedIn: RouteObject[] = [
  {
    path: "/welcome",
    element: (
      <WelcomePage>
        <SetupChecklist place="welcome" />
      </WelcomePage>
    ),
  },
  // The sites list is the home; the setup checklist sits above it.
  ...siteRoutes.map((route) => (route.path === "/sites" ? { ...route, element: <HomePage /> } : route)),
  { path: "/sites/:locationId", lazy: () => import("./pages/SitePage").then((m) => ({ element: <m.SitePage /> })) },
  ...customerRoutes,
  ...equipmentRoutes,
  ...serviceRoutes,
  // The visit screen with the visit report beside it: two features put together.
  ...visitRoutes.map((route) => ({ ...route, lazy: () => import("./pages/VisitScreen").then((m) => ({ element: <m.VisitScreen /> })) })),
  ...scanningRoutes,
  ...catalogueRoutes,
  ...customFieldRoutes,
  ...overrideRoutes,
  ...floorPlanRoutes,
  { path: "/settings", lazy: () => import("./pages/SettingsPage").then((m) => ({ element: <m.SettingsPage /> })) },
  ...settingsRoutes,
  ...userRoutes,
  ...subscriptionRoutes,
  ...scheduleRoutes,
  ...dashboardRoutes,
  ...reportRoutes,
  ...importRoutes,
  { path: "/debug", lazy: () => import("./pages/DebugPage").then((m) => ({ element: <m.DebugPage /> })) },
];

export const routes: RouteObject[] = [
  {
    // One leave-page guard for every form of the app; a router takes one blocker.
    element: <UnsavedChangesGuard />,
    errorElement: <RouteErrorPage />,
    // A screen loaded on first use, opened directly, needs its code before anything paints.
    hydrateFallbackElement: <LoadingPage />,
    children: [
      { path: "/", element: <LoginPage /> },
      { path: "/sign-up/*", element: <SignUpPage /> },
      { path: "/accept-invite", element: <SetPasswordPage /> },
      { path: "/change-password", element: <SetPasswordPage /> },
      {
        element: (
          <RequireAuth>
            <SessionServices>
              <Shell parentOf={(pathname) => parentPath(pathname, routes)} />
            </SessionServices>
          </RequireAuth>
        ),
        children: [...signedIn, { path: "*", element: <NotFoundPage /> }],
      },
    ],
  },
];
