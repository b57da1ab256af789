/** This feature's row of the route table: the office's dashboard, loaded on first use (precached for offline use). */
import type { RouteObject } from "react-router";

export const dashboardRoutes: RouteObject[] = [
  { path: "/dashboard", lazy: () => import("./DashboardPage").then((m) => ({ element: <m.DashboardPage /> })) },
];
