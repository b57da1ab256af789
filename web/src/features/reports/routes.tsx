/** This feature's row of the route table (§2): company-wide reports, loaded on first use (precached for offline use). */
import type { RouteObject } from "react-router";

export const reportRoutes: RouteObject[] = [
  { path: "/reports", lazy: () => import("./ReportsPage").then((m) => ({ element: <m.ReportsPage /> })) },
];
