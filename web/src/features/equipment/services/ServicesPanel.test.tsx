// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HistoryType } from "../../../domain/history";
import { compositeId } from "../../../domain/ids";
import type { PerformedService } from "../../../domain/records";
import type { SyncEngine } from "../../../offline/sync/engine";
import { setViewportWidth } from "../../../test/render";
import {
  ANNUAL,
  ITEM,
  MONTHLY,
  ORG,
  RECHARGE,
  SITE,
  USER,
  baseRecords,
  closeTabs,
  equipmentUrl,
  hex,
  setup,
} from "../../../test/equipment/services";
import { chooseServiceOption } from "../../../test/equipment/serviceOptions";

const performedId = (serviceTypeId: string) => compositeId(ITEM, serviceTypeId);

/** Monthly last done 2020-01-15 10:00 Toronto, every 2 months at this site; annual overridden to 2099. */
function recordsWithDates() {
  return [
    ...baseRecords(),
    [
      "performedServices",
      { id: performedId(MONTHLY), orgId: ORG, locationId: SITE, equipmentId: ITEM, serviceTypeId: MONTHLY, lastDate: "2020-01-15T15:00:00.000Z" },
    ],
    [
      "performedServices",
      {
        id: performedId(ANNUAL),
        orgId: ORG,
        locationId: SITE,
        equipmentId: ITEM,
        serviceTypeId: ANNUAL,
        lastDate: "2026-01-10T15:00:00.000Z",
        overidedNextDate: "2099-03-10T15:00:00.000Z",
      },
    ],
    [
      "locationOverrides",
      { id: compositeId(SITE, MONTHLY), orgId: ORG, locationId: SITE, serviceTypeId: MONTHLY, equipmentTypeId: hex(2), overrideFrequency: 2 },
    ],
  ] as ReturnType<typeof baseRecords>;
}

const service = (name: string) => screen.findByRole("listitem", { name });

afterEach(() => {
  cleanup();
  closeTabs();
  sessionStorage.clear();
});

describe("ServicesPanel", () => {
  beforeEach(() => setViewportWidth(375));

  it("says why each service is due or not in one line, from the due engine", async () => {
    await setup({ path: equipmentUrl, records: recordsWithDates() });
    // Last 2020-01-15 + the site's override of 2 months = March 15 2020; a monthly date reads
    // to the day because the organisation's minimum granularity is day.
    const monthly = await service("Monthly Inspection");
    expect(
      within(monthly).getByText(/^Monthly Inspection: last done January 15 2020, due March 15 2020, moved by Location Override, overdue \d+ days$/),
    ).toBeTruthy();
    expect(within(monthly).getByText("Due")).toBeTruthy();
    expect(within(monthly).getByText("Last performed: January 15 2020")).toBeTruthy();

    const annual = await service("Annual Service");
    expect(within(annual).getByText("Annual Service: last done January 10 2026, next date set to March 10 2099")).toBeTruthy();
    expect(within(annual).getByText("Not Due")).toBeTruthy();

    const recharge = await service("Recharge");
    expect(within(recharge).getByText("Recharge: unscheduled, never done, made January 1 2020")).toBeTruthy();
    expect(within(recharge).getByText("Never performed")).toBeTruthy();
    expect(within(recharge).queryByText("Due")).toBeNull();
    expect(within(recharge).queryByText("Not Due")).toBeNull();
  });

  it("reads dates to the minute when the organisation sets no minimum granularity", async () => {
    const records = recordsWithDates().map(([kind, record]) =>
      kind === "organization" ? ([kind, { ...record, lastDateMinimumGranularity: undefined }] as const) : ([kind, record] as const),
    );
    await setup({ path: equipmentUrl, records: records as ReturnType<typeof baseRecords> });
    const monthly = await service("Monthly Inspection");
    expect(within(monthly).getByText(/^Monthly Inspection: last done January 15 2020 10:00AM, due March 15 2020 10:00AM, /)).toBeTruthy();
  });

  it("Perform Now writes the performed service and a performed-service history record (2)", async () => {
    const user = userEvent.setup();
    const { engine, history } = await setup({ path: equipmentUrl, records: recordsWithDates() });
    const before = Date.now();
    await chooseServiceOption(user, "Annual Service", "Perform Now");

    await waitFor(async () => expect((await history()).length).toBe(1));
    const performed = await engine.get<PerformedService>("performedServices", performedId(ANNUAL), SITE);
    expect(performed).toMatchObject({ equipmentId: ITEM, serviceTypeId: ANNUAL, locationId: SITE, orgId: ORG, overidedNextDate: "" });
    expect(Date.parse(performed?.lastDate ?? "")).toBeGreaterThanOrEqual(before);
    const [record] = await history();
    expect(record).toMatchObject({ type: HistoryType.performedService, relevantId: performedId(ANNUAL), equipmentId: ITEM, locationId: SITE, userId: USER });
    // The override is gone, so the next date is a year after today, counted from today.
    await waitFor(async () => expect(within(await service("Annual Service")).getByText(/^Annual Service: last done [A-Z][a-z]+ \d+ \d{4}, due /)).toBeTruthy());
    expect(within(await service("Annual Service")).getByText(/^Last performed: .* by You$/)).toBeTruthy();
  });

  describe("Undo after Perform Now", () => {
    const annualBefore = { lastDate: "2026-01-10T15:00:00.000Z", overidedNextDate: "2099-03-10T15:00:00.000Z" };

    async function performAnnual(sync: boolean) {
      const user = userEvent.setup();
      const world = await setup({ path: equipmentUrl, records: recordsWithDates() });
      await chooseServiceOption(user, "Annual Service", "Perform Now");
      const snackbar = await screen.findByRole("status");
      expect(snackbar.textContent).toContain("Annual Service performed");
      const [written] = await world.history();
      expect(written).toMatchObject({ type: HistoryType.performedService, relevantId: performedId(ANNUAL) });
      if (sync) {
        await world.engine.syncNow();
        expect(world.server.stored("history", written!.id)).toMatchObject({ type: HistoryType.performedService });
        expect(world.server.stored("performedServices", performedId(ANNUAL))).toMatchObject({ overidedNextDate: "" });
      }
      await user.click(within(snackbar).getByRole("button", { name: "Undo" }));
      expect(await screen.findByText("Annual Service put back as it was")).toBeTruthy();
      await world.engine.syncNow();
      return { ...world, written: written! };
    }

    it.each([
      ["before it has synced", false],
      ["after it has synced", true],
    ])("puts the service back as it was and deletes its history record, %s", async (_when, sync) => {
      const { engine, server, history, written } = await performAnnual(sync);
      expect(await engine.get<PerformedService>("performedServices", performedId(ANNUAL), SITE)).toMatchObject(annualBefore);
      expect(await history()).toEqual([]);
      expect(within(await service("Annual Service")).getByText("Annual Service: last done January 10 2026, next date set to March 10 2099")).toBeTruthy();
      // The server has the service as it was, and the perform's record deleted: only its flag changed.
      expect(server.stored("performedServices", performedId(ANNUAL))).toMatchObject(annualBefore);
      const deleted = server.stored("history", written.id);
      expect(deleted).toMatchObject({ deleted: true, type: HistoryType.performedService, description: written.description, date: written.date });
    });

    it("puts back a service never performed before as never performed", async () => {
      const user = userEvent.setup();
      const { engine, history } = await setup({ path: equipmentUrl });
      await chooseServiceOption(user, "Monthly Inspection", "Perform Now");
      await user.click(within(await screen.findByRole("status")).getByRole("button", { name: "Undo" }));
      await waitFor(async () => expect(await history()).toEqual([]));
      expect(await engine.get<PerformedService>("performedServices", performedId(MONTHLY), SITE)).toMatchObject({ lastDate: "", overidedNextDate: "" });
      expect(within(await service("Monthly Inspection")).getByText("Never performed")).toBeTruthy();
    });
  });

  it("shows who last performed a service: 'You', or the user's name", async () => {
    const other = hex(0x77);
    const records = [
      ...recordsWithDates(),
      ["users", { id: other, orgId: ORG, name: "Sam Sparks", email: "sam@acme.test" }],
      [
        "history",
        { id: hex(0x78), orgId: ORG, locationId: SITE, equipmentId: ITEM, type: HistoryType.performedService, relevantId: performedId(MONTHLY), userId: other, date: "2020-01-15T15:00:00.000Z", description: "Performed Monthly Inspection" },
      ],
      [
        "history",
        { id: hex(0x79), orgId: ORG, locationId: SITE, equipmentId: ITEM, type: HistoryType.performedService, relevantId: performedId(ANNUAL), userId: USER, date: "2026-01-10T15:00:00.000Z", description: "Performed Annual Service" },
      ],
    ] as ReturnType<typeof baseRecords>;
    await setup({ path: equipmentUrl, records });
    expect(within(await service("Monthly Inspection")).getByText("Last performed: January 15 2020 by Sam Sparks")).toBeTruthy();
    expect(within(await service("Annual Service")).getByText("Last performed: January 10 2026 by You")).toBeTruthy();
  });

  it("an unscheduled service is recorded as a performed unscheduled service (3)", async () => {
    const user = userEvent.setup();
    const { engine, history } = await setup({ path: equipmentUrl });
    await chooseServiceOption(user, "Recharge", "Perform Now");
    await waitFor(async () => expect((await history()).map((h) => h.type)).toEqual([HistoryType.performedUnscheduledService]));
    expect(await engine.get("performedServices", performedId(RECHARGE), SITE)).toMatchObject({ serviceTypeId: RECHARGE, orgId: ORG });
  });

  it("shows Updating while the service is being performed", async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = (engine: SyncEngine): SyncEngine => ({
      ...engine,
      put: async (kind, record) => {
        await held;
        return engine.put(kind, record);
      },
    });
    const { history } = await setup({ path: equipmentUrl, wrapEngine: hold });
    const annual = await service("Annual Service");
    await chooseServiceOption(user, "Annual Service", "Perform Now");
    const updating = await within(annual).findByRole("button", { name: /Updating/ });
    expect(updating).toHaveProperty("disabled", true);
    expect(await history()).toEqual([]);

    release();
    expect(await within(annual).findByRole("button", { name: "Service Options" })).toBeTruthy();
    expect((await history()).length).toBe(1);
  });

  it("offers From Scheduled on desktop only, and it performs from the scheduled next date", async () => {
    const user = userEvent.setup();
    await setup({ path: equipmentUrl, records: recordsWithDates() });
    await user.click(within(await service("Monthly Inspection")).getByRole("button", { name: "Service Options" }));
    expect(within(await screen.findByRole("dialog", { name: "Monthly Inspection" })).queryByRole("button", { name: "From Scheduled" })).toBeNull();
    cleanup();

    setViewportWidth(1280);
    const { engine } = await setup({ path: equipmentUrl, records: recordsWithDates() });
    // Unscheduled services have no scheduled date to perform from.
    await user.click(within(await service("Recharge")).getByRole("button", { name: "Service Options" }));
    const recharge = await screen.findByRole("dialog", { name: "Recharge" });
    expect(within(recharge).queryByRole("button", { name: "From Scheduled" })).toBeNull();
    await user.click(within(recharge).getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await chooseServiceOption(user, "Monthly Inspection", "From Scheduled");
    await waitFor(async () =>
      expect((await engine.get<PerformedService>("performedServices", performedId(MONTHLY), SITE))?.lastDate).toBe("2020-03-15T14:00:00.000Z"),
    );
  });

  it("gathers a service's actions in its options dialog (§2), not as loose buttons", async () => {
    const user = userEvent.setup();
    const { history } = await setup({ path: equipmentUrl, records: recordsWithDates() });
    const annual = await service("Annual Service");
    expect(within(annual).getAllByRole("button").map((b) => b.textContent)).toEqual(["Service Options"]);
    expect(within(annual).queryByRole("link")).toBeNull();

    await user.click(within(annual).getByRole("button", { name: "Service Options" }));
    const dialog = await screen.findByRole("dialog", { name: "Annual Service" });
    expect(within(dialog).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Perform Now", "Edit Dates", "Back"]);
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await history()).toEqual([]);
    // Focus goes back to the button that opened the dialog.
    expect(document.activeElement?.textContent).toBe("Service Options");
  });

  it("sends a service with checklist questions to the checklist", async () => {
    const user = userEvent.setup();
    const records = [
      ...baseRecords(),
      ["questions", { id: hex(0x20), orgId: ORG, question: "Pin in place?", serviceTypeId: ANNUAL, options: [] }],
    ] as ReturnType<typeof baseRecords>;
    const { router, history } = await setup({ path: equipmentUrl, records });
    await chooseServiceOption(user, "Annual Service", "Perform Now");
    expect(await screen.findByRole("heading", { name: "Checklist: Annual Service" })).toBeTruthy();
    expect(router.state.location.pathname).toMatch(new RegExp(`^${equipmentUrl}/answer-questions/${ANNUAL}/[0-9a-f]{32}$`));
    expect(await history()).toEqual([]);
  });

  it("links each service to its date edit", async () => {
    const user = userEvent.setup();
    const { router } = await setup({ path: equipmentUrl });
    await chooseServiceOption(user, "Annual Service", "Edit Dates");
    await waitFor(() => expect(router.state.location.pathname).toBe(`${equipmentUrl}/performed-service/${ANNUAL}`));
  });

  it("needs SERVICE_READ to show and SERVICE_WRITE to act", async () => {
    await setup({ path: equipmentUrl, permissions: ["EQUIPMENT_READ", "HISTORY_READ"] });
    expect(await screen.findByRole("heading", { name: "History" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Services" })).toBeNull();
    cleanup();

    await setup({ path: equipmentUrl, permissions: ["SERVICE_READ"] });
    const annual = await service("Annual Service");
    expect(within(annual).getByText(/^Annual Service: /)).toBeTruthy();
    expect(within(annual).queryByRole("button")).toBeNull();
    expect(within(annual).queryByRole("link")).toBeNull();
  });
});
