/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. */
import type { RouteObject } from "react-router";
import { CustomerSelectPage } from "./CustomerSelectPage";
import { CustomersPage } from "./CustomersPage";

export const customerRoutes: RouteObject[] = [
  { path: "/customers", element: <CustomersPage /> },
  { path: "/customers/new", element: <CustomersPage adding /> },
  { path: "/customers/:customerId", element: <CustomersPage /> },
  { path: "/sites/:locationId/customer-select", element: <CustomerSelectPage /> },
];
