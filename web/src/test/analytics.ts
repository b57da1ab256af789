/** A stand-in for the session's analytics queue: `track` calls land in `events`, in order. */
import type { AnalyticsCategory } from "../offline/analytics/events";
import type { Analytics } from "../offline/analytics/queue";
import { installAnalytics } from "../offline/analytics/track";

export function recordTracking(): { events: [AnalyticsCategory, string][]; stop(): void } {
  const events: [AnalyticsCategory, string][] = [];
  const analytics: Analytics = {
    record: async (category, action) => void events.push([category, action]),
    setEnabled: () => {},
    flush: async () => {},
    idle: async () => {},
    queued: async () => [],
    start: () => {},
    stop: () => {},
  };
  installAnalytics(analytics);
  return { events, stop: () => installAnalytics(null) };
}
