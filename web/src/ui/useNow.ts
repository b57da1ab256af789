/**
 * The current time for screens that show it or count from it (§9: the current-date ticker
 * refreshes every second). The clock is read every second; a screen re-renders only when the
 * time at its `step` changes (and then gets the exact time), so one that counts in minutes is
 * not redrawn each second.
 */
import { useEffect, useRef, useState } from "react";
import dayjs from "dayjs";

export const TICK_MS = 1000;

/** Now in milliseconds, moved on once the time at `stepMs` (a second by default) has changed. */
export function useNow(stepMs = TICK_MS): number {
  return useTicker(Date.now, (a, b) => Math.floor(a / stepMs) === Math.floor(b / stepMs));
}

/** Today's date on this device, YYYY-MM-DD, which turns over at midnight on an open screen. */
export function useToday(): string {
  return useTicker(() => dayjs().format("YYYY-MM-DD"), (a, b) => a === b);
}

/** Reads `read` every second; sets state (so re-renders) only when `same` says it changed. */
function useTicker<T>(read: () => T, same: (shown: T, current: T) => boolean): T {
  const [value, setValue] = useState(read);
  const latest = useRef({ read, same });
  useEffect(() => {
    latest.current = { read, same };
  });
  useEffect(() => {
    let shown = value;
    const timer = setInterval(() => {
      const current = latest.current.read();
      if (latest.current.same(shown, current)) return;
      shown = current;
      setValue(current);
    }, TICK_MS);
    return () => clearInterval(timer);
    // The timer starts once; it reads the latest `read` and `same` through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
