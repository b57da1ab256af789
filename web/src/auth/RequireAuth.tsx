/**
 * The auth guard of §2: every route but login and sign-up needs a session; without one the
 * user goes to the root with a 'from' parameter naming where they were going.
 */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "./AuthProvider";

export function loginPathFrom(pathname: string, search: string): string {
  return `/?${new URLSearchParams({ from: `${pathname}${search}` }).toString()}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status !== "authenticated" || !auth.user) {
    return <Navigate to={auth.signedOut ? "/" : loginPathFrom(location.pathname, location.search)} replace />;
  }
  return children;
}
