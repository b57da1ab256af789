/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. */
import type { RouteObject } from "react-router";
import { EquipmentTagPage } from "./EquipmentTagPage";

export const scanningRoutes: RouteObject[] = [
  { path: "/sites/:locationId/equipment-tag/:equipmentId", element: <EquipmentTagPage /> },
  { path: "/sites/:locationId/equipment-tag/:equipmentId/read-only", element: <EquipmentTagPage readOnly /> },
];
