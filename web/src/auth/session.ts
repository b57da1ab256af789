/**
 * The signed-in session: the login answer of `POST /api/token`, kept in local storage so that
 * a stored session restores to authenticated at start-up (§4 Auth), even offline.
 */
import { type ActionName, mayTake } from "../domain/actions";
import { type Permission, grants } from "../domain/permissions";

export interface User {
  id: string;
  orgId: string;
  name: string;
  email: string;
  permissions: string[];
  [field: string]: unknown;
}

export interface Session {
  user: User;
  token: string;
  /** When the access token expires (ISO 8601). */
  expires: string;
  refreshToken: string;
}

export const SESSION_KEY = "fieldtag.session";

export function loadSession(): Session | null {
  try {
    const text = globalThis.localStorage?.getItem(SESSION_KEY);
    if (!text) return null;
    const session = JSON.parse(text) as Session;
    return session.user && session.token && session.refreshToken ? session : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
}

/** True when the user holds `permission` (directly, in dotted form, or by a wildcard). */
export function can(user: User | null | undefined, permission: Permission): boolean {
  return !!user && grants(user.permissions ?? [], permission);
}

/** True when the user may take `action` of the permission table (spec §6): the app offers it, and the server takes all it writes. */
export function canTake(user: User | null | undefined, action: ActionName): boolean {
  return !!user && mayTake(user.permissions ?? [], action);
}
