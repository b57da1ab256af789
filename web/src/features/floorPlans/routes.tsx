/** This feature's rows of the route table (§2): a site's floor plans, a plan's form and
 * placement, and an item's read-only floor plan view; loaded on first use. */
import type { RouteObject } from "react-router";

const planPage = () => import("./FloorPlanPage").then((m) => ({ element: <m.FloorPlanPage /> }));

export const floorPlanRoutes: RouteObject[] = [
  { path: "/sites/:locationId/settings/floor-plans", lazy: () => import("./FloorPlansPage").then((m) => ({ element: <m.FloorPlansPage /> })) },
  { path: "/sites/:locationId/settings/floor-plans/new", lazy: planPage },
  { path: "/sites/:locationId/settings/floor-plans/:floorPlanId", lazy: planPage },
  {
    path: "/sites/:locationId/equipment/:equipmentId/ReadOnlyFloorPlan",
    lazy: () => import("./ReadOnlyFloorPlanPage").then((m) => ({ element: <m.ReadOnlyFloorPlanPage /> })),
  },
];
