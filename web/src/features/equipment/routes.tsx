/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. Screens load
 * on first use (their code is precached for offline use), keeping the first download small. */
import type { RouteObject } from "react-router";

export const equipmentRoutes: RouteObject[] = [
  { path: "/sites/:locationId/equipment/new", lazy: () => import("./form/EquipmentPage").then((m) => ({ element: <m.EquipmentPage /> })) },
  { path: "/sites/:locationId/equipment/:equipmentId", lazy: () => import("./form/EquipmentPage").then((m) => ({ element: <m.EquipmentPage /> })) },
];
