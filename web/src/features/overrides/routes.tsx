/** This feature's rows of the route table (§2): a site's location overrides. */
import type { RouteObject } from "react-router";

const LIST = "/sites/:locationId/settings/location-overrides";

export const overrideRoutes: RouteObject[] = [
  { path: LIST, lazy: () => import("./OverridesPage").then((m) => ({ element: <m.OverridesPage /> })) },
  { path: `${LIST}/new`, lazy: () => import("./OverridesPage").then((m) => ({ element: <m.OverridePage adding /> })) },
  { path: `${LIST}/:overrideId`, lazy: () => import("./OverridesPage").then((m) => ({ element: <m.OverridePage /> })) },
];
