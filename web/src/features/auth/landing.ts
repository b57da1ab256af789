/**
 * Where a user lands after signing in when no page asked for them: on a desktop, those who may
 * read reports land on the dashboard (the office's home); phones, tablets and everyone else on
 * the sites list, as before.
 */
import { type User, can } from "../../auth/session";
import type { Device } from "../../ui/theme";

export function landingPath(user: User | null, device: Device): string {
  return device === "desktop" && can(user, "REPORT_READ") ? "/dashboard" : "/sites";
}

/** Where to go after signing in: the guard's 'from' target when it is a path of this site, else the landing. */
export function afterSignIn(from: string | null, landing = "/sites", origin = globalThis.location?.origin ?? "http://localhost"): string {
  if (!from?.startsWith("/")) return landing;
  try {
    const url = new URL(from, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : landing;
  } catch {
    return landing;
  }
}
