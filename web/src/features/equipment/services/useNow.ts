/** The current time, refreshed every `everyMs` so due states follow the clock on an open screen. */
import { useEffect, useState } from "react";

export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
