// Text helpers shared by the search matcher and permissions, defined to match Rust's
// `char::is_whitespace` and `str::trim` exactly (JavaScript's \s and trim() differ on
// U+0085 and U+FEFF).

const WHITESPACE = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

export const WHITESPACE_RUN = new RegExp(`[${WHITESPACE}]+`, "u");
const EDGES = new RegExp(`^[${WHITESPACE}]+|[${WHITESPACE}]+$`, "gu");

/** Rust's `str::trim`. */
export function trim(text: string): string {
  return text.replace(EDGES, "");
}

/** Lower-cases ASCII letters only, as Rust's `eq_ignore_ascii_case` compares. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
