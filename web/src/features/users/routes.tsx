/** This feature's rows of the route table (§2): the users list, Add User and User Information,
 * loaded on first use (precached for offline use). */
import type { RouteObject } from "react-router";

const userPage = () => import("./UserPage").then((m) => ({ element: <m.UserPage /> }));

export const userRoutes: RouteObject[] = [
  { path: "/users", lazy: () => import("./UsersPage").then((m) => ({ element: <m.UsersPage /> })) },
  { path: "/users/new", lazy: userPage },
  { path: "/users/:userId", lazy: userPage },
];
