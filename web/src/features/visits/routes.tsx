/** This feature's rows of the route table; app/routes.tsx puts them behind the auth guard. The screen loads
 * on first use (its code is precached for offline use). */
import type { RouteObject } from "react-router";

export const visitPath = (locationId: string, date: string) => `/sites/${locationId}/visit/${date}`;

export const visitRoutes: RouteObject[] = [
  { path: "/sites/:locationId/visit/:date", lazy: () => import("./VisitPage").then((m) => ({ element: <m.VisitPage /> })) },
];
