/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. Screens load
 * on first use (their code is precached for offline use), keeping the first download small. */
import type { RouteObject } from "react-router";

export const customerRoutes: RouteObject[] = [
  { path: "/customers", lazy: () => import("./CustomersPage").then((m) => ({ element: <m.CustomersPage /> })) },
  { path: "/customers/new", lazy: () => import("./CustomersPage").then((m) => ({ element: <m.CustomersPage adding /> })) },
  { path: "/customers/:customerId", lazy: () => import("./CustomersPage").then((m) => ({ element: <m.CustomersPage /> })) },
  { path: "/sites/:locationId/customer-select", lazy: () => import("./CustomerSelectPage").then((m) => ({ element: <m.CustomerSelectPage /> })) },
];
