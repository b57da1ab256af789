/** This feature's rows of the route table (§2); app/routes.tsx puts them behind the auth guard. */
import type { RouteObject } from "react-router";

export const scanningRoutes: RouteObject[] = [];
