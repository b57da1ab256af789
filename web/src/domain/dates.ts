// Dates as screens show them (spec §9): 'MMMM D YYYY h:mmA' in the site's time zone, and the
// display granularities year; month and year; full date; date with hour; date with minute.

import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** §9 Default time zone fallback, where the spec allows one. */
export const FALLBACK_TIME_ZONE = "America/Toronto";

export const DATE_DISPLAY_FORMAT = "MMMM D YYYY h:mmA";

export type Granularity = "year" | "month" | "day" | "hour" | "minute";

const FORMATS: Record<Granularity, string> = {
  year: "YYYY",
  month: "MMMM YYYY",
  day: "MMMM D YYYY",
  hour: "MMMM D YYYY hA",
  minute: DATE_DISPLAY_FORMAT,
};

/** `iso` shown in `timeZone` at `granularity`; empty for no date. */
export function formatDate(iso: string | null | undefined, timeZone: string | null | undefined, granularity: Granularity = "minute"): string {
  if (!iso) return "";
  const date = dayjs(iso);
  if (!date.isValid()) return "";
  return date.tz(timeZone || FALLBACK_TIME_ZONE).format(FORMATS[granularity]);
}

/** The device's own time zone. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The value of a `datetime-local` input for `iso` in `timeZone`. */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const date = dayjs(iso);
  return date.isValid() ? date.tz(timeZone).format("YYYY-MM-DDTHH:mm") : "";
}

/** The ISO instant of a `datetime-local` input's value read in `timeZone`; undefined if empty or bad. */
export function fromLocalInput(value: string, timeZone: string): string | undefined {
  if (!value) return undefined;
  const date = dayjs.tz(value, "YYYY-MM-DDTHH:mm", timeZone);
  return date.isValid() ? date.toISOString() : undefined;
}
