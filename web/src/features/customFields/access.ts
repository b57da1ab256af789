/** Custom fields are settings (§6): SETTINGS_READ to view, SETTINGS_WRITE to change. */
import { useAuth } from "../../auth/AuthProvider";
import { can } from "../../auth/session";

export function useFieldAccess() {
  const { user } = useAuth();
  return { read: can(user, "SETTINGS_READ"), write: can(user, "SETTINGS_WRITE"), orgId: user?.orgId ?? "" };
}
