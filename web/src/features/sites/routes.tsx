/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. Screens load
 * on first use (their code is precached for offline use), keeping the first download small. */
import type { RouteObject } from "react-router";
import { SitesPage } from "./SitesPage";

export const siteRoutes: RouteObject[] = [
  { path: "/sites", element: <SitesPage /> },
  { path: "/sites/new", lazy: () => import("./AddSitePage").then((m) => ({ element: <m.AddSitePage /> })) },
  { path: "/customers/:customerId/sites/new", lazy: () => import("./AddSitePage").then((m) => ({ element: <m.AddSitePage /> })) },
];
