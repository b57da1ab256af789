/** This feature's rows of the route table (§2): site types. */
import type { RouteObject } from "react-router";

export const siteTypeRoutes: RouteObject[] = [
  { path: "/site-types", lazy: () => import("./SiteTypesPage").then((m) => ({ element: <m.SiteTypesPage /> })) },
  { path: "/site-types/new", lazy: () => import("./SiteTypesPage").then((m) => ({ element: <m.SiteTypePage adding /> })) },
  { path: "/site-types/:id", lazy: () => import("./SiteTypesPage").then((m) => ({ element: <m.SiteTypePage /> })) },
];
