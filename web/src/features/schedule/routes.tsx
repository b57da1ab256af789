/** This feature's row of the route table (§2): the schedule, loaded on first use (precached for offline use). */
import type { RouteObject } from "react-router";

export const scheduleRoutes: RouteObject[] = [
  { path: "/schedule", lazy: () => import("./SchedulePage").then((m) => ({ element: <m.SchedulePage /> })) },
];
