/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. Screens load
 * on first use (their code is precached for offline use), keeping the first download small. */
import type { RouteObject } from "react-router";

export const scanningRoutes: RouteObject[] = [
  { path: "/sites/:locationId/equipment-tag/:equipmentId", lazy: () => import("./EquipmentTagPage").then((m) => ({ element: <m.EquipmentTagPage /> })) },
  { path: "/sites/:locationId/equipment-tag/:equipmentId/read-only", lazy: () => import("./EquipmentTagPage").then((m) => ({ element: <m.EquipmentTagPage readOnly /> })) },
];
