// Instants and calendar arithmetic in a site's time zone; the twin of
// crates/domain/src/due/clock.rs. Instants are whole milliseconds since the Unix epoch.
// Calendar steps (days, weeks, months, years) move the wall-clock date and keep the
// wall-clock time, resolving a time that does not exist or exists twice the "compatible"
// way (forward by the gap; the earlier of two). Minutes and hours are exact durations.
//
// Offsets come from Intl (the platform's tz database), read once per zone and year and kept
// as a list of transitions, so that evaluating many services costs no Intl call at all.

export type Millis = number;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type Step = { unit: "minutes" | "hours" | "days" | "months"; count: number };

/** A wall-clock date and time. */
export interface Civil {
  year: number;
  month: number;
  day: number;
  /** Milliseconds since midnight. */
  time: number;
}

const mod = (a: number, b: number): number => ((a % b) + b) % b;

/** Days since 1970-01-01 of a proleptic Gregorian date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The wall-clock date `days` after 1970-01-01, at `time` milliseconds after midnight. */
export function civilOfDays(days: number, time: number): Civil {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp + (mp < 10 ? 3 : -9);
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day, time };
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Offsets of one zone, by UTC year: segment starts and their offsets in seconds. */
interface YearRules {
  end: number;
  starts: number[];
  offsets: number[];
}

/** 1900-01-01T00:00:00Z, and the mean length of a Gregorian year. */
const KEPT_FROM_MS = -2_208_988_800_000;
const MEAN_YEAR_MS = 31_556_952_000;
/** Years from 1900 kept in an array rather than a map. */
const KEPT_YEARS = 300;

const WEEK_MS = 7 * DAY_MS;
/** 0001-01-01 and 9999-12-31 as days since 1970-01-01: the dates an instant may fall on. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;

class ZoneRules {
  private readonly format: Intl.DateTimeFormat;
  /** Years from 1900 on by their index (the ones evaluations ask for), others by number. */
  private readonly keptYears: (YearRules | undefined)[] = new Array<YearRules | undefined>(KEPT_YEARS).fill(undefined);
  private readonly otherYears = new Map<number, YearRules>();
  /** The latest instant asked for its day's start, and that start (a site's items share `now`). */
  lastDayStart: { t: Millis; start: Millis } | undefined;
  /** The span of the offset last answered, `[lastFrom, lastUntil)`, and that offset. */
  private lastFrom = 0;
  private lastUntil = 0;
  private lastOffset = 0;

  constructor(readonly name: string) {
    this.format = new Intl.DateTimeFormat("en-US", {
      timeZone: name,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      era: "short",
    });
  }

  /** The offset in seconds at `t`, read from Intl. */
  private read(t: Millis): number {
    const whole = t - mod(t, 1000);
    const part: Record<string, number> = {};
    let bc = false;
    for (const { type, value } of this.format.formatToParts(whole)) {
      if (type === "era") bc = value.startsWith("B");
      else if (type !== "literal") part[type] = Number(value);
    }
    const year = bc ? 1 - (part.year ?? 0) : (part.year ?? 0);
    const local =
      daysFromCivil(year, part.month ?? 1, part.day ?? 1) * DAY_MS +
      (part.hour ?? 0) * HOUR_MS +
      (part.minute ?? 0) * MINUTE_MS +
      (part.second ?? 0) * 1000;
    return (local - whole) / 1000;
  }

  /** Samples the year weekly and bisects each change down to the second. */
  private rulesFor(year: number): YearRules {
    const kept = year - 1900;
    let rules = kept >= 0 && kept < KEPT_YEARS ? this.keptYears[kept] : this.otherYears.get(year);
    if (rules) return rules;
    const start = daysFromCivil(year, 1, 1) * DAY_MS;
    const end = daysFromCivil(year + 1, 1, 1) * DAY_MS;
    rules = { end, starts: [start], offsets: [this.read(start)] };
    let at = start;
    let offset = rules.offsets[0] as number;
    while (at < end) {
      const next = Math.min(at + WEEK_MS, end);
      const nextOffset = this.read(next);
      if (nextOffset !== offset) {
        let lo = at;
        let hi = next;
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
          if (this.read(mid) === offset) lo = mid;
          else hi = mid;
        }
        rules.starts.push(hi);
        rules.offsets.push(nextOffset);
        offset = nextOffset;
      }
      at = next;
    }
    if (kept >= 0 && kept < KEPT_YEARS) this.keptYears[kept] = rules;
    else this.otherYears.set(year, rules);
    return rules;
  }

  offsetAt(t: Millis): number {
    // Most instants asked for in a row fall between the same two changes of offset.
    if (t >= this.lastFrom && t < this.lastUntil) return this.lastOffset;
    // A first guess at the year by its mean length, corrected by the year's bounds.
    let year = 1900 + Math.floor((t - KEPT_FROM_MS) / MEAN_YEAR_MS);
    let rules = this.rulesFor(year);
    while (t < (rules.starts[0] as number)) rules = this.rulesFor(--year);
    while (t >= rules.end) rules = this.rulesFor(++year);
    const { starts, offsets } = rules;
    let i = starts.length - 1;
    while (i > 0 && t < (starts[i] as number)) i--;
    this.lastFrom = starts[i] as number;
    this.lastUntil = i + 1 < starts.length ? (starts[i + 1] as number) : rules.end;
    this.lastOffset = offsets[i] as number;
    return this.lastOffset;
  }
}

/** The clock of each zone met so far (null for a name that is not a zone). */
const clocks = new Map<string, Clock | null>();

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const pad = (n: number, width = 2): string => (width === 2 && n < 100 ? (TWO_DIGITS[n] as string) : String(n).padStart(width, "0"));

/**
 * The pieces of written dates, kept: a report or a site's list writes the same few hundred
 * days, times of day and offsets again and again. Each map is emptied when it grows large.
 */
const KEPT_TEXTS = 4_096;
const dayTexts = new Map<number, string>();
const timeTexts = new Map<number, string>();
const offsetTexts = new Map<number, string>();

function kept(texts: Map<number, string>, key: number, write: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= KEPT_TEXTS) texts.clear();
    text = write();
    texts.set(key, text);
  }
  return text;
}

/** `2024-03-10` for a day number (days since 1970-01-01). */
const dayText = (days: number): string =>
  kept(dayTexts, days, () => {
    const c = civilOfDays(days, 0);
    return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
  });

/** `09:30:00`, or `09:30:00.250`, for milliseconds since midnight. */
const timeText = (time: number): string =>
  kept(timeTexts, time, () => {
    const ms = time % 1000;
    const text = `${pad(Math.floor(time / HOUR_MS))}:${pad(Math.floor(time / MINUTE_MS) % 60)}:${pad(Math.floor(time / 1000) % 60)}`;
    return ms === 0 ? text : `${text}.${pad(ms, 3)}`;
  });

/** `-04:00`, or `+05:30:15`, for an offset in seconds. */
const offsetText = (offset: number): string =>
  kept(offsetTexts, offset, () => {
    const abs = Math.abs(offset);
    const text = `${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}`;
    return abs % 60 === 0 ? text : `${text}:${pad(abs % 60)}`;
  });

const ZERO = 48;
// The other characters of an ISO date, as char codes: reading them as strings was slower.
const DASH = 45;
const PLUS = 43;
const COLON = 58;
const DOT = 46;
const SPACE = 32;
const LETTER_T = 84;
const LETTER_Z = 90;

/** `count` ASCII digits of `text` at `at` as a number, or -1. */
function digits(text: string, at: number, count: number): number {
  if (at + count > text.length) return -1;
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

interface IsoParts {
  year: number;
  month: number;
  day: number;
  /** Milliseconds since midnight, when a time is given. */
  time: number | undefined;
  /** Offset in seconds, when one is given. */
  offset: number | undefined;
}

/** What `readIso` read last: one object filled again on every call, since parsing is the
 * engine's most frequent step and an object per date kept the collector busy. */
const read: IsoParts = { year: 0, month: 0, day: 0, time: undefined, offset: undefined };

function answer(year: number, month: number, day: number, time: number | undefined, offset: number | undefined): IsoParts {
  read.year = year;
  read.month = month;
  read.day = day;
  read.time = time;
  read.offset = offset;
  return read;
}

/** The pieces of `YYYY-MM-DD[(T| )HH:MM[:SS[.fff]][Z|±HH[[:]MM]]]`, ranges unchecked; the
 * answer is valid until the next call. */
function readIso(text: string): IsoParts | undefined {
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 0 || month < 0 || day < 0 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return undefined;
  if (text.length === 10) return answer(year, month, day, undefined, undefined);
  const separator = text.charCodeAt(10);
  if (separator !== LETTER_T && separator !== SPACE) return undefined;
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  if (hour < 0 || minute < 0 || text.charCodeAt(13) !== COLON) return undefined;
  let at = 16;
  let second = 0;
  let ms = 0;
  if (text.charCodeAt(at) === COLON) {
    second = digits(text, at + 1, 2);
    if (second < 0) return undefined;
    at += 3;
    if (text.charCodeAt(at) === DOT) {
      const start = ++at;
      while (at < text.length && text.charCodeAt(at) >= ZERO && text.charCodeAt(at) <= ZERO + 9) at++;
      if (at === start) return undefined;
      for (let i = 0; i < 3; i++) ms = ms * 10 + (start + i < at ? text.charCodeAt(start + i) - ZERO : 0);
    }
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const time = hour * HOUR_MS + minute * MINUTE_MS + second * 1000 + ms;
  let offset: number | undefined;
  const sign = text.charCodeAt(at);
  if (sign === LETTER_Z) {
    offset = 0;
    at++;
  } else if (sign === PLUS || sign === DASH) {
    const hours = digits(text, at + 1, 2);
    if (hours < 0) return undefined;
    at += 3;
    let minutes = 0;
    if (at < text.length) {
      if (text.charCodeAt(at) === COLON) at++;
      minutes = digits(text, at, 2);
      if (minutes < 0) return undefined;
      at += 2;
    }
    if (hours > 23 || minutes > 59) return undefined;
    offset = (sign === DASH ? -1 : 1) * (hours * 3600 + minutes * 60);
  }
  return at === text.length ? answer(year, month, day, time, offset) : undefined;
}

/** The time zone of one site. */
export class Clock {
  private constructor(private readonly rules: ZoneRules) {}

  /** The zone named `name` (an IANA name such as `America/Toronto`), if known. */
  static of(name: string): Clock | undefined {
    let clock = clocks.get(name);
    if (clock === undefined) {
      try {
        // Offsets and abbreviations are not zone names (the Rust side refuses them too).
        clock = /^[A-Za-z]/.test(name) ? new Clock(new ZoneRules(name)) : null;
      } catch {
        clock = null;
      }
      clocks.set(name, clock);
    }
    return clock ?? undefined;
  }

  offsetSeconds(t: Millis): number {
    return this.rules.offsetAt(t);
  }

  civil(t: Millis): Civil {
    const local = t + this.offsetSeconds(t) * 1000;
    const days = Math.floor(local / DAY_MS);
    return civilOfDays(days, local - days * DAY_MS);
  }

  /** The instant of a wall-clock date and time; undefined outside years 1 to 9999. */
  resolve(c: Civil): Millis | undefined {
    return this.at(c.year, c.month, c.day, c.time);
  }

  /** As `resolve`, from the pieces (no object made: the engine moves dates by months often). */
  at(year: number, month: number, day: number, time: number): Millis | undefined {
    if (year < 1) return undefined;
    return this.resolveLocal(daysFromCivil(year, month, day) * DAY_MS + time);
  }

  /** The instant of the wall-clock time `local` (milliseconds since 1970-01-01 on the wall clock), as `resolve`. */
  private resolveLocal(local: number): Millis | undefined {
    const before = this.offsetSeconds(local - DAY_MS) * 1000;
    const after = this.offsetSeconds(local + DAY_MS) * 1000;
    if (before === after) return this.inRange(local - before);
    const early = local - before;
    const late = local - after;
    const earlyFits = this.offsetSeconds(early) * 1000 === before;
    const lateFits = this.offsetSeconds(late) * 1000 === after;
    let t: Millis;
    if (earlyFits && lateFits) t = Math.min(early, late);
    else if (lateFits) t = late;
    else t = early; // fits, or a gap: the offset before the gap moves the time forward by it
    return this.inRange(t);
  }

  /** The first instant of the wall-clock day that holds `t` (`t` itself if none resolves). */
  dayStart(t: Millis): Millis {
    const last = this.rules.lastDayStart;
    if (last?.t === t) return last.start;
    const c = this.civil(t);
    const start = this.startOfDay(c.year, c.month, c.day) ?? t;
    this.rules.lastDayStart = { t, start };
    return start;
  }

  startOfDay(year: number, month: number, day: number): Millis | undefined {
    return year < 1 ? undefined : this.resolveLocal(daysFromCivil(year, month, day) * DAY_MS);
  }

  /** `t` moved by `step` (negative counts move back); undefined outside years 1 to 9999. */
  add(t: Millis, step: Step): Millis | undefined {
    switch (step.unit) {
      case "minutes":
        return this.inRange(t + step.count * MINUTE_MS);
      case "hours":
        return this.inRange(t + step.count * HOUR_MS);
      case "days": {
        // The wall-clock day and time of `t`, moved by whole days (no calendar date needed).
        const local = t + this.offsetSeconds(t) * 1000;
        const days = Math.floor(local / DAY_MS) + step.count;
        if (days < FIRST_DAY || days > LAST_DAY) return undefined;
        return this.resolveLocal(days * DAY_MS + (local - Math.floor(local / DAY_MS) * DAY_MS));
      }
      case "months": {
        const c = this.civil(t);
        const total = c.year * 12 + (c.month - 1) + step.count;
        const year = Math.floor(total / 12);
        if (year < 1 || year > 9999) return undefined;
        const month = total - year * 12 + 1;
        return this.at(year, month, Math.min(c.day, daysInMonth(year, month)), c.time);
      }
    }
  }

  /** `t` rounded down to its minute or hour, keeping its UTC offset. */
  floor(t: Millis, unitMs: number): Millis {
    return t - mod(t + this.offsetSeconds(t) * 1000, unitMs);
  }

  /** ISO 8601 with the site's offset; milliseconds and offset seconds only when not zero. */
  format(t: Millis): string {
    const offset = this.offsetSeconds(t);
    const local = t + offset * 1000;
    const days = Math.floor(local / DAY_MS);
    return `${dayText(days)}T${timeText(local - days * DAY_MS)}${offsetText(offset)}`;
  }

  /**
   * Reads `YYYY-MM-DD` (the start of that day here), a date and time with an offset, or a
   * date and time without one (a wall-clock time here). Sub-millisecond digits are dropped.
   */
  parse(text: string): Millis | undefined {
    const parts = readIso(text);
    if (!parts) return undefined;
    const { year, month, day } = parts;
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    if (parts.time === undefined) return this.startOfDay(year, month, day);
    if (parts.offset === undefined) return this.resolveLocal(daysFromCivil(year, month, day) * DAY_MS + parts.time);
    return this.inRange(daysFromCivil(year, month, day) * DAY_MS + parts.time - parts.offset * 1000);
  }

  private inRange(t: Millis): Millis | undefined {
    // Between 0002-01-01 and 9998-12-31 UTC no offset can leave the range.
    if (t >= -62_104_060_800_000 && t < 253_370_678_400_000) return t;
    if (!Number.isFinite(t) || Math.abs(t) > 8.64e15) return undefined;
    const { year } = this.civil(t);
    return year >= 1 && year <= 9999 ? t : undefined;
  }
}
