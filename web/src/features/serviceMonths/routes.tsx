/** This feature's rows of the route table (§2): service month categories. */
import type { RouteObject } from "react-router";

export const serviceMonthRoutes: RouteObject[] = [
  { path: "/service-month-categories", lazy: () => import("./CategoriesPage").then((m) => ({ element: <m.CategoriesPage /> })) },
  { path: "/service-month-categories/new", lazy: () => import("./CategoriesPage").then((m) => ({ element: <m.CategoryPage adding /> })) },
  { path: "/service-month-categories/:id", lazy: () => import("./CategoriesPage").then((m) => ({ element: <m.CategoryPage /> })) },
];
