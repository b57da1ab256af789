/** This feature's rows of the route table (§2): the table of imports and the CSV import, loaded on first use. */
import type { RouteObject } from "react-router";

export const importRoutes: RouteObject[] = [
  { path: "/imports", lazy: () => import("./ImportsPage").then((m) => ({ element: <m.ImportsPage /> })) },
  { path: "/imports/csv", lazy: () => import("./CsvImportPage").then((m) => ({ element: <m.CsvImportPage /> })) },
];
