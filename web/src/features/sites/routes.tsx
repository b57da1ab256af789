/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. */
import type { RouteObject } from "react-router";
import { AddSitePage } from "./AddSitePage";
import { SitesPage } from "./SitesPage";

export const siteRoutes: RouteObject[] = [
  { path: "/sites", element: <SitesPage /> },
  { path: "/sites/new", element: <AddSitePage /> },
  { path: "/customers/:customerId/sites/new", element: <AddSitePage /> },
];
