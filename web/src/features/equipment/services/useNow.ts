/** The current time to the minute, so due states follow the clock on an open screen (§9's ticker). */
import { useNow as useClock } from "../../../ui/useNow";

export function useNow(): number {
  return useClock(60_000);
}
