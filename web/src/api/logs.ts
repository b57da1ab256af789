/**
 * Sends a page crash to the server (`POST /api/logs`, §7), with the session's token when
 * there is one so the log is tied to the organisation. Failure is ignored. It calls fetch
 * itself rather than the API client: a crash may come before a session or outside it.
 */
import { loadSession } from "../auth/session";
import { apiUrl } from "./baseUrl";
import { clientAppHeader } from "./clientApp";

export async function sendLog(entry: { level: "error"; message: string }): Promise<void> {
  const token = loadSession()?.token;
  try {
    await fetch(apiUrl("/logs"), {
      method: "POST",
      headers: { "Content-Type": "application/json", ...clientAppHeader(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ level: entry.level, message: entry.message.slice(0, 4000) }),
    });
  } catch {
    // §7: failure ignored.
  }
}
