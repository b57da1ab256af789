/**
 * The server's rule for a new password (crates/server/src/auth/passwords.rs), checked before
 * the call so the form can say it first: at least 8 characters and at most 1024 bytes, of the
 * password as it is sent (trimmed, §5).
 */
import { t } from "../../lib/strings";

export const MIN_PASSWORD_CHARS = 8;
export const MAX_PASSWORD_BYTES = 1024;

/** The server's words for what is wrong with `password`, or undefined. */
export function passwordProblem(password: string): string | undefined {
  const sent = password.trim();
  if (Array.from(sent).length < MIN_PASSWORD_CHARS) return t("passwordTooShort");
  if (new TextEncoder().encode(sent).length > MAX_PASSWORD_BYTES) return t("passwordTooLong");
  return undefined;
}
