/**
 * What saving the own profile writes: the user's own record with the new name and email, and
 * nothing else of it, so every user may save it (the action editOwnProfile of the permission
 * table); their permissions stay as they are.
 */
import type { User } from "../../auth/session";
import type { SyncEngine } from "../../offline/sync/engine";
import { track } from "../../offline/analytics/track";

export async function saveOwnProfile(engine: Pick<SyncEngine, "put">, me: User, fields: { name: string; email: string }): Promise<void> {
  await engine.put("users", { ...me, name: fields.name.trim(), email: fields.email.trim() });
  track("EDIT", "profile");
}
