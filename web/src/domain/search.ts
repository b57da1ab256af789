// The search box (spec §5): the query is split by spaces and every word must appear,
// ignoring case, in some searched field. The twin of crates/domain/src/search.rs.

import { WHITESPACE_RUN } from "./text";

/** Whether `query` matches a record whose searched fields are `fields`. */
export function matches(query: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const lower = fields.filter((f): f is string => typeof f === "string").map((f) => f.toLowerCase());
  return query
    .split(WHITESPACE_RUN)
    .filter((word) => word !== "")
    .every((word) => {
      const needle = word.toLowerCase();
      return lower.some((field) => field.includes(needle));
    });
}
