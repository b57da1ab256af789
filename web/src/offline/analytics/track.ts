/**
 * `track(category, action)`: the one line a screen writes where something worth counting
 * happens (docs/analytics.md). It goes to the signed-in session's queue, which the session
 * installs; with no session, or analytics off, it does nothing. Never throws: counting must
 * not break the work it counts.
 */
import type { AnalyticsAction, AnalyticsCategory } from "./events";
import type { Analytics } from "./queue";

let current: Analytics | null = null;

/** The session's queue, or null at sign-out. */
export function installAnalytics(analytics: Analytics | null): void {
  current = analytics;
}

export function track<C extends AnalyticsCategory>(category: C, action: AnalyticsAction<C>): void {
  current?.record(category, action).catch((error: unknown) => console.warn("Analytics event not queued", error));
}
