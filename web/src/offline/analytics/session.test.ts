import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiClient } from "../../api/types";
import { type TestTab, openTab, testWorld } from "../../test/fakeSync";
import { type SessionAnalytics, startSessionAnalytics } from "./session";
import { track } from "./track";

const ORG = "0000000000000000000000000000000a";

const running: { tab: TestTab; session: SessionAnalytics }[] = [];

afterEach(() => {
  for (const { tab, session } of running.splice(0)) {
    session.stop();
    tab.close();
  }
});

async function signedIn(organization: Record<string, unknown>) {
  const world = testWorld(new IDBFactory());
  world.server.seed("organization", { id: ORG, orgId: ORG, name: "Acme", lastUpdated: "2026-11-22T09:00:00.000Z", ...organization });
  const tab = openTab(world);
  const calls: { path: string; body: unknown }[] = [];
  const client: ApiClient = {
    request: async <T,>(_method: string, path: string, options?: { body?: unknown }) => {
      calls.push({ path, body: options?.body });
      return {} as T;
    },
  };
  const session = startSessionAnalytics(tab.engine, tab.store, client, ORG, { log: () => {} });
  running.push({ tab, session });
  tab.engine.start();
  await tab.engine.idle();
  return { tab, session, calls };
}

describe("a session's analytics", () => {
  it("sends what track recorded once the sync engine reaches the server", async () => {
    const { tab, session, calls } = await signedIn({});
    track("SCHEDULE", "add_visit");
    await new Promise((resolve) => setTimeout(resolve, 20));
    await tab.engine.syncNow();
    await session.analytics.idle();
    expect(calls.map((call) => call.path)).toContain("/analytics/events");
    expect(calls.flatMap((call) => (call.body as { events: { action: string }[] }).events.map((event) => event.action))).toEqual(["add_visit"]);
  });

  it("records nothing while the organisation has analytics off", async () => {
    const { session } = await signedIn({ analyticsDisabled: true });
    // The organisation's record has just arrived by sync; the switch is re-read from it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    track("SCHEDULE", "add_visit");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await session.analytics.queued()).toEqual([]);
  });
});
