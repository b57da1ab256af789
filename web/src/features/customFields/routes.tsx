/** This feature's rows of the route table (§2): /custom-fields and the three kinds' forms. */
import type { RouteObject } from "react-router";

export const customFieldRoutes: RouteObject[] = [
  { path: "/custom-fields", lazy: () => import("./CustomFieldsPage").then((m) => ({ element: <m.CustomFieldsPage /> })) },
  { path: "/custom-fields/:fieldKind/new", lazy: () => import("./CustomFieldPage").then((m) => ({ element: <m.CustomFieldPage adding /> })) },
  { path: "/custom-fields/:fieldKind/:fieldId", lazy: () => import("./CustomFieldPage").then((m) => ({ element: <m.CustomFieldPage /> })) },
];
