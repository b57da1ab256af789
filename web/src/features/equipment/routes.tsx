/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. */
import type { RouteObject } from "react-router";
import { EquipmentPage } from "./form/EquipmentPage";

export const equipmentRoutes: RouteObject[] = [
  { path: "/sites/:locationId/equipment/new", element: <EquipmentPage /> },
  { path: "/sites/:locationId/equipment/:equipmentId", element: <EquipmentPage /> },
];
