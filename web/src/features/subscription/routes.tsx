/** This feature's row of the route table: the Billing Portal entry (§2). */
import type { RouteObject } from "react-router";

export const subscriptionRoutes: RouteObject[] = [
  { path: "/billing-portal", lazy: () => import("./BillingPortalPage").then((m) => ({ element: <m.BillingPortalPage /> })) },
];
