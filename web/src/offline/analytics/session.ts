/**
 * A signed-in session's analytics: the queue over the session's store, sent through the API
 * client whenever the sync engine finds the server answering, recording only while the
 * organisation's record (as synced to this device) does not say `analyticsDisabled`.
 */
import { sendAnalyticsEvents } from "../../api/analytics";
import type { ApiClient } from "../../api/types";
import type { Organization } from "../../domain/organization";
import type { KeyValueStore } from "../store";
import type { SyncEngine } from "../sync/engine";
import { type Analytics, type AnalyticsOptions, createAnalytics } from "./queue";
import { installAnalytics } from "./track";

export interface SessionAnalytics {
  analytics: Analytics;
  stop(): void;
}

/** Starts the session's queue and makes `track` record into it; `stop` undoes both. */
export function startSessionAnalytics(
  engine: SyncEngine,
  store: KeyValueStore,
  client: ApiClient,
  orgId: string,
  options: Partial<AnalyticsOptions> = {},
): SessionAnalytics {
  let switchRead = () => {};
  const analytics = createAnalytics({
    store,
    ready: new Promise<void>((resolve) => (switchRead = resolve)),
    send: (events) => sendAnalyticsEvents(client, orgId, events),
    connection: { online: () => engine.status().online, subscribe: (listener) => engine.subscribe((status) => listener(status.online)) },
    ...options,
  });
  const readSwitch = () =>
    engine
      .list<Organization>("organization")
      .then(
        ([organization]) => analytics.setEnabled(organization?.analyticsDisabled !== true),
        () => undefined,
      )
      .finally(switchRead);
  void readSwitch();
  const stopWatching = engine.onRecordsChanged((kinds) => {
    if (kinds.has("organization")) void readSwitch();
  });
  analytics.start();
  installAnalytics(analytics);
  return {
    analytics,
    stop() {
      installAnalytics(null);
      stopWatching();
      analytics.stop();
    },
  };
}
