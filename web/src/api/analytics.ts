/** First-party analytics on our server (docs/analytics.md): batches of events in, counts per category out. */
import type { AnalyticsCategory, AnalyticsEvent } from "../offline/analytics/events";
import type { ApiClient } from "./types";

export interface AnalyticsCounts {
  counts: Record<AnalyticsCategory, number>;
  /** False when the organisation has turned analytics off. */
  enabled: boolean;
}

export async function sendAnalyticsEvents(client: ApiClient, orgId: string, events: AnalyticsEvent[]): Promise<void> {
  await client.request("POST", "/analytics/events", { query: { orgId }, body: { events } });
}

/** Counts of every category, all time or since a day (YYYY-MM-DD); administrators only. */
export function readAnalyticsCounts(client: ApiClient, orgId: string, since?: string): Promise<AnalyticsCounts> {
  return client.request<AnalyticsCounts>("GET", "/analytics/counts", { query: { orgId, since } });
}
