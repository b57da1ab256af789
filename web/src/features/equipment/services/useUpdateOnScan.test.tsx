// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HistoryType } from "../../../domain/history";
import { compositeId } from "../../../domain/ids";
import type { PerformedService } from "../../../domain/records";
import type { SyncEngine } from "../../../offline/sync/engine";
import { setViewportWidth } from "../../../test/render";
import { ANNUAL, ITEM, MONTHLY, ORG, SITE, baseRecords, closeTabs, setup } from "../../../test/equipment/services";
import { updateOnScanKey } from "./useUpdateOnScan";

const tagUrl = `/sites/${SITE}/equipment-tag/${ITEM}`;

/** The monthly inspection is performed on scan; `lastDate` decides whether it is due. */
function scanRecords(lastDate: string) {
  return baseRecords()
    .map(([kind, record]) => (record.id === MONTHLY ? ([kind, { ...record, updateOnScan: true }] as const) : ([kind, record] as const)))
    .concat([
      [
        "performedServices",
        { id: compositeId(ITEM, MONTHLY), orgId: ORG, locationId: SITE, equipmentId: ITEM, serviceTypeId: MONTHLY, lastDate },
      ],
    ]) as ReturnType<typeof baseRecords>;
}

const LONG_AGO = "2020-01-15T15:00:00.000Z";
const JUST_NOW = () => new Date(Date.now() - 60_000).toISOString();

/** Counts the hook's reads of the item's records and keeps its writes, so a test can wait for both. */
function watched() {
  const seen = { reads: 0, writes: [] as Promise<unknown>[] };
  const wrap = (engine: SyncEngine): SyncEngine => ({
    ...engine,
    list: async (kind, locationId) => {
      const records = await engine.list(kind, locationId);
      // The organisation is the last list the hook reads.
      if (kind === "organization") seen.reads += 1;
      return records as never;
    },
    put: (kind, record) => {
      const write = engine.put(kind, record);
      seen.writes.push(write);
      return write;
    },
  });
  return { seen, wrap };
}

/** Waits until the hook has read the records and what it wrote (if anything) is stored. */
async function settle(seen: ReturnType<typeof watched>["seen"]) {
  await screen.findByRole("heading", { name: "Tag page" });
  await waitFor(() => expect(seen.reads).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(seen.writes);
}

afterEach(() => {
  cleanup();
  closeTabs();
  sessionStorage.clear();
});

describe("useUpdateOnScan", { timeout: 30_000 }, () => {
  beforeEach(() => setViewportWidth(375));

  it("performs a due updateOnScan service when the tag opens, once per session", async () => {
    const first = await setup({ path: tagUrl, records: scanRecords(LONG_AGO) });
    const before = Date.now();
    await waitFor(async () => expect((await first.history()).map((h) => h.type)).toEqual([HistoryType.performedService]));
    const performed = await first.engine.get<PerformedService>("performedServices", compositeId(ITEM, MONTHLY), SITE);
    expect(Date.parse(performed?.lastDate ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(performed?.overidedNextDate).toBe("");
    expect((await first.history())[0]?.relevantId).toBe(compositeId(ITEM, MONTHLY));
    expect(sessionStorage.getItem(updateOnScanKey(ITEM, MONTHLY))).not.toBeNull();
    // Annual is due too, but not flagged.
    expect(await first.engine.get("performedServices", compositeId(ITEM, ANNUAL), SITE)).toBeUndefined();
    cleanup();

    // Opened again in the same session while due again: left alone.
    const watch = watched();
    const again = await setup({ path: tagUrl, records: scanRecords(LONG_AGO), wrapEngine: watch.wrap });
    await settle(watch.seen);
    expect(await again.history()).toEqual([]);
    cleanup();

    // A new session performs it again.
    sessionStorage.clear();
    const next = await setup({ path: tagUrl, records: scanRecords(LONG_AGO) });
    await waitFor(async () => expect((await next.history()).length).toBe(1));
  });

  it("leaves a service that is not due", async () => {
    const watch = watched();
    const result = await setup({ path: tagUrl, records: scanRecords(JUST_NOW()), wrapEngine: watch.wrap });
    await settle(watch.seen);
    expect(await result.history()).toEqual([]);
    expect(sessionStorage.getItem(updateOnScanKey(ITEM, MONTHLY))).toBeNull();
  });

  it("needs SERVICE_WRITE", async () => {
    const result = await setup({ path: tagUrl, records: scanRecords(LONG_AGO), permissions: ["SERVICE_READ", "EQUIPMENT_READ"] });
    await screen.findByRole("heading", { name: "Tag page" });
    // The hook does not even read without the permission; give a would-be write time to land.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await result.engine.idle();
    expect(await result.history()).toEqual([]);
  });
});
