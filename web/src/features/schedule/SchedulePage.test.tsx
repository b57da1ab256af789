// @vitest-environment jsdom
import { ThemeProvider } from "@mui/material";
import { act, cleanup, configure, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { IDBFactory } from "fake-indexeddb";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../../ui/theme";
import { AuthProvider } from "../../auth/AuthProvider";
import { saveSession } from "../../auth/session";
import type { SyncKind } from "../../offline/kinds";
import type { SyncRecord } from "../../domain/syncRecord";
import { SyncProvider } from "../../offline/SyncProvider";
import { type TestTab, openTab, testWorld } from "../../test/fakeSync";
import { SnackbarProvider } from "../../ui/snackbar/SnackbarProvider";
import { setViewportWidth } from "../../test/render";
import { SchedulePage } from "./SchedulePage";
import type { ScheduledEvent } from "./schedule";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const hex = (n: number) => n.toString(16).padStart(32, "0");
const ORG = hex(0xa);
const ME = hex(0xb);
const ABE = hex(0xc);
const HARBOUR = hex(0x100);
const MAPLE = hex(0x101);
const TODAY = dayjs().format("YYYY-MM-DD");

const tabs: TestTab[] = [];
afterEach(() => {
  cleanup();
  while (tabs.length) tabs.pop()?.close();
  localStorage.clear();
});

function seeds(extra: [SyncKind, Record<string, unknown>][] = []): [SyncKind, Record<string, unknown>][] {
  return [
    ["locations", { id: HARBOUR, name: "Harbour Tower", status: "active", timeZone: "America/Toronto", city: "Halifax" }],
    ["locations", { id: MAPLE, name: "Maple Mall", status: "active", timeZone: "America/Toronto" }],
    // Tess is signed in; Abe comes first by name, so new events are his (§9).
    ["users", { id: ME, name: "Tess Tech", email: "tess@example.com", permissions: ["*.*"] }],
    ["users", { id: ABE, name: "Abe Able", email: "abe@example.com", permissions: ["*.*"] }],
    ["organization", { id: ORG, name: "Acme Fire" }],
    ...extra,
  ];
}

async function show({ path = "/schedule", width = 1280, permissions = ["*.*"], records = seeds() } = {}) {
  setViewportWidth(width);
  saveSession({ user: { id: ME, orgId: ORG, name: "Tess Tech", email: "tess@example.com", permissions }, token: "t", expires: "2099-01-01T00:00:00.000Z", refreshToken: "r" });
  const world = testWorld(new IDBFactory());
  for (const [kind, record] of records) world.server.seed(kind, { orgId: ORG, lastUpdated: "2026-01-01T00:00:00.000Z", ...record } as SyncRecord);
  const tab = openTab(world);
  tabs.push(tab);
  await tab.engine.syncNow();
  const router = createMemoryRouter([{ path: "/schedule", element: <SchedulePage /> }], { initialEntries: [path] });
  await act(async () => {
    render(
      <ThemeProvider theme={theme}>
        <AuthProvider>
          <SnackbarProvider>
            <SyncProvider engine={tab.engine}>
              <RouterProvider router={router} />
            </SyncProvider>
          </SnackbarProvider>
        </AuthProvider>
      </ThemeProvider>,
    );
  });
  const events = () => tab.engine.list<ScheduledEvent>("schedule");
  return { tab, router, events };
}

const event = (id: number, day: string, extra: Record<string, unknown> = {}): [SyncKind, Record<string, unknown>] => [
  "schedule",
  { id: hex(id), locationId: HARBOUR, userId: ME, date: day, startTime: "10:00", endTime: "12:30", ...extra },
];

describe("SchedulePage", () => {
  it("puts a site on the selected day from 09:00 to 17:00 for the first user, as a civil date the sites list reads", async () => {
    const user = userEvent.setup();
    const { events } = await show();
    const day = dayjs().date() === 1 ? dayjs().add(1, "day") : dayjs().startOf("month");
    await user.click(await screen.findByRole("button", { name: new RegExp(`^${day.format("dddd, MMMM D YYYY")}, 0 scheduled`) }));
    const pane = screen.getByRole("region", { name: "Add Sites" });
    await user.type(within(pane).getByRole("searchbox", { name: "Search" }), "harb");
    expect(within(pane).queryByText("Maple Mall")).toBeNull();
    await user.click(within(pane).getByRole("button", { name: `Add Harbour Tower to ${day.format("MMMM D YYYY")}` }));
    expect(await screen.findByText(`Added Harbour Tower to ${day.format("MMMM D YYYY")}`)).toBeTruthy();
    const [saved] = await events();
    expect(saved).toMatchObject({ locationId: HARBOUR, userId: ABE, date: day.format("YYYY-MM-DD"), startTime: "09:00", endTime: "17:00", orgId: ORG });
    expect(await screen.findByRole("button", { name: /^Edit Harbour Tower, 09:00 to 17:00/ })).toBeTruthy();
    expect(screen.getByText("09:00 to 17:00 · Abe Able")).toBeTruthy();
  });

  it("asks for date, start time and end time (§5) and saves the change", async () => {
    const user = userEvent.setup();
    const { events } = await show({ records: seeds([event(1, TODAY)]) });
    await user.click(await screen.findByRole("button", { name: /^Edit Harbour Tower, 10:00 to 12:30/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Event" });
    const save = within(dialog).getByRole("button", { name: "Save" });
    const start = within(dialog).getByLabelText(/Start Time/, { selector: "input" });
    const end = within(dialog).getByLabelText(/End Time/, { selector: "input" });
    const date = within(dialog).getByLabelText(/^Date/, { selector: "input" });
    expect(save).toHaveProperty("disabled", false);

    for (const input of [date, start, end]) {
      const before = (input as HTMLInputElement).value;
      fireEvent.change(input, { target: { value: "" } });
      expect(save).toHaveProperty("disabled", true);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(within(dialog).getByTitle("Required")).toBeTruthy();
      fireEvent.change(input, { target: { value: before } });
      expect(save).toHaveProperty("disabled", false);
    }
    fireEvent.change(end, { target: { value: "09:00" } });
    expect(within(dialog).getByText("End Time must be after Start Time")).toBeTruthy();
    expect(save).toHaveProperty("disabled", true);
    fireEvent.change(start, { target: { value: "08:15" } });
    await user.click(within(dialog).getByRole("combobox", { name: /User/ }));
    await user.click(await screen.findByRole("option", { name: "Tess Tech" }));
    await user.click(save);
    await vi.waitFor(async () => expect((await events())[0]).toMatchObject({ startTime: "08:15", endTime: "09:00", userId: ME, date: TODAY }));
    expect(await screen.findByRole("button", { name: /^Edit Harbour Tower, 08:15 to 09:00/ })).toBeTruthy();
  });

  it("deletes an event", async () => {
    const user = userEvent.setup();
    const { events } = await show({ records: seeds([event(1, TODAY)]) });
    await user.click(await screen.findByRole("button", { name: /^Edit Harbour Tower, 10:00 to 12:30/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(`Deleted Harbour Tower on ${dayjs().format("MMMM D YYYY")}`)).toBeTruthy();
    expect(await events()).toEqual([]);
    expect(screen.getByText("Nothing is scheduled on this day.")).toBeTruthy();
  });

  it("shows the start of this month to the end of the month six months ahead, and no further", async () => {
    const user = userEvent.setup();
    const beyond = dayjs().add(7, "month").format("YYYY-MM-DD");
    await show({ path: `/schedule?day=${beyond}` });
    // A day outside the range is not shown: today is.
    expect(await screen.findByRole("heading", { level: 2, name: dayjs().format("dddd, MMMM D YYYY") })).toBeTruthy();
    const previous = screen.getByRole("button", { name: "Previous Month" });
    const next = screen.getByRole("button", { name: "Next Month" });
    expect(previous).toHaveProperty("disabled", true);
    const first = dayjs().startOf("month");
    for (let months = 1; months <= 6; months += 1) {
      await user.click(next);
      expect(await screen.findByRole("heading", { name: first.add(months, "month").format("MMMM YYYY") })).toBeTruthy();
    }
    expect(next).toHaveProperty("disabled", true);
    const last = dayjs().add(6, "month").endOf("month");
    const lastButton = screen.getByRole("button", { name: new RegExp(`^${last.format("dddd, MMMM D YYYY")},`) });
    await user.click(lastButton);
    // The arrow keys stop at the last day.
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("heading", { level: 2, name: last.format("dddd, MMMM D YYYY") })).toBeTruthy();
    expect(previous).toHaveProperty("disabled", false);
  });

  it("moves between days by keyboard", async () => {
    const user = userEvent.setup();
    const day = dayjs().date() > 20 ? dayjs().startOf("month") : dayjs();
    await show({ path: `/schedule?day=${day.format("YYYY-MM-DD")}` });
    const selected = await screen.findByRole("button", { name: new RegExp(`^${day.format("dddd, MMMM D YYYY")},`) });
    expect(selected.getAttribute("aria-pressed")).toBe("true");
    selected.focus();
    await user.keyboard("{ArrowDown}");
    const week = day.add(7, "day").format("dddd, MMMM D YYYY");
    expect(await screen.findByRole("heading", { level: 2, name: week })).toBeTruthy();
    expect(document.activeElement?.getAttribute("aria-label")).toMatch(new RegExp(`^${week},`));
  });

  it("shapes the day by the organisation's work day, falling back to 06:00", async () => {
    const org: [SyncKind, Record<string, unknown>] = ["organization", { id: ORG, name: "Acme Fire", workDayStartTime: "07:00", workDayEndTime: "15:30" }];
    await show({ records: [...seeds().filter(([kind]) => kind !== "organization"), org] });
    expect(await screen.findByText("Work day 07:00 to 15:30")).toBeTruthy();
    expect(screen.getByText("07:00")).toBeTruthy();
    expect(screen.queryByText("06:00")).toBeNull();
    cleanup();
    await show();
    expect(await screen.findByText("Work day 06:00 to 18:00")).toBeTruthy();
    expect(screen.getByText("06:00")).toBeTruthy();
  });

  it("is read-only without SCHEDULE_WRITE: no Add Sites pane and no event dialog", async () => {
    await show({ permissions: ["SCHEDULE_READ", "LOCATION_READ"], records: seeds([event(1, TODAY)]) });
    expect(await screen.findByRole("group", { name: "Harbour Tower, 10:00 to 12:30, Tess Tech" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Add Sites" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit Harbour Tower/ })).toBeNull();
  });

  it("says the schedule needs SCHEDULE_READ", async () => {
    await show({ permissions: ["LOCATION_READ"] });
    expect(await screen.findByText("The schedule needs the View Schedule permission.")).toBeTruthy();
  });

  it("works on a phone: the day, then the Add Sites pane", async () => {
    const user = userEvent.setup();
    const { events } = await show({ width: 375 });
    const pane = await screen.findByRole("region", { name: "Add Sites" });
    await user.click(await within(pane).findByRole("button", { name: `Add Maple Mall to ${dayjs().format("MMMM D YYYY")}` }));
    await vi.waitFor(async () => expect(await events()).toHaveLength(1));
    expect(await screen.findByRole("button", { name: /^Edit Maple Mall, 09:00 to 17:00/ })).toBeTruthy();
  });

  it("switches to the week, which keeps the chosen day, and shows each day's visits", async () => {
    const user = userEvent.setup();
    const week = dayjs().startOf("week");
    const [sunday, wednesday] = [week.format("YYYY-MM-DD"), week.add(3, "day").format("YYYY-MM-DD")];
    const { router } = await show({ records: seeds([event(1, sunday), event(2, wednesday, { locationId: MAPLE, userId: ABE, startTime: "08:00", endTime: "09:00" })]) });
    await user.click(await screen.findByRole("button", { name: "Week" }));
    expect(new URLSearchParams(router.state.location.search).get("view")).toBe("week");
    expect(new URLSearchParams(router.state.location.search).get("day")).toBe(TODAY);
    const sundayColumn = await screen.findByRole("region", { name: `${week.format("dddd, MMMM D YYYY")}, 1 scheduled` });
    expect(within(sundayColumn).getByRole("button", { name: /^Edit Harbour Tower, 10:00 to 12:30, Tess Tech/ })).toBeTruthy();
    expect(screen.getAllByRole("region", { name: /, \d+ scheduled$/ })).toHaveLength(7);
    const wednesdayColumn = screen.getByRole("region", { name: `${week.add(3, "day").format("dddd, MMMM D YYYY")}, 1 scheduled` });
    expect(within(wednesdayColumn).getByRole("button", { name: /^Edit Maple Mall, 08:00 to 09:00, Abe Able/ })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Day" }));
    expect(await screen.findByRole("heading", { level: 2, name: dayjs().format("dddd, MMMM D YYYY") })).toBeTruthy();
  });

  it("shows the visits by technician, the unassigned too", async () => {
    const user = userEvent.setup();
    await show({ path: `/schedule?day=${TODAY}&view=week`, records: seeds([event(1, TODAY), event(2, TODAY, { locationId: MAPLE, userId: hex(0xdead) })]) });
    await user.click(await screen.findByRole("button", { name: "By Technician" }));
    const tess = await screen.findByRole("region", { name: "Tess Tech" });
    expect(await within(tess).findByRole("button", { name: /^Edit Harbour Tower, 10:00 to 12:30/ })).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Abe Able" })).queryByRole("button", { name: /^Edit/ })).toBeNull();
    expect(within(screen.getByRole("region", { name: "Unassigned" })).getByRole("button", { name: /^Edit Maple Mall/ })).toBeTruthy();
  });

  it("lists the sites with work due and no visit yet, and schedules one by keyboard", async () => {
    const user = userEvent.setup();
    const { events } = await show({ path: `/schedule?day=${TODAY}&view=week`, records: seeds(dueAtHarbour()) });
    const pane = await screen.findByRole("region", { name: "Sites Due" });
    expect(await within(pane).findByText("Harbour Tower")).toBeTruthy();
    expect(within(pane).queryByText("Maple Mall")).toBeNull();
    await user.click(within(pane).getByRole("button", { name: "Schedule Harbour Tower" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule Harbour Tower" });
    await user.click(within(dialog).getByRole("combobox", { name: /User/ }));
    await user.click(await screen.findByRole("option", { name: "Tess Tech" }));
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await vi.waitFor(async () => expect((await events())[0]).toMatchObject({ locationId: HARBOUR, userId: ME, date: TODAY, startTime: "09:00", endTime: "17:00" }));
    expect(await within(pane).findByText("Every site with work due in these days has a visit.")).toBeTruthy();
  });

  it("puts a site dropped on a technician's day on that day, for that technician", async () => {
    const { events } = await show({ path: `/schedule?day=${TODAY}&view=week&by=technician`, records: seeds(dueAtHarbour()) });
    const pane = await screen.findByRole("region", { name: "Sites Due" });
    const entry = (await within(pane).findByText("Harbour Tower")).closest("[draggable=true]")!;
    const data = new Map<string, string>();
    const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? "", get types() { return [...data.keys()]; }, effectAllowed: "", dropEffect: "" };
    fireEvent.dragStart(entry, { dataTransfer });
    const tess = screen.getByRole("region", { name: "Tess Tech" });
    const cell = within(tess).getByRole("region", { name: new RegExp(`^${dayjs().format("dddd, MMMM D YYYY")},`) });
    fireEvent.dragOver(cell, { dataTransfer });
    fireEvent.drop(cell, { dataTransfer });
    await vi.waitFor(async () => expect((await events())[0]).toMatchObject({ locationId: HARBOUR, userId: ME, date: TODAY }));
    expect(await screen.findByText(`Added Harbour Tower to ${dayjs().format("MMMM D YYYY")}`)).toBeTruthy();
  });
});

/** Harbour Tower's extinguisher was last inspected a year ago on a monthly inspection: overdue. */
function dueAtHarbour(): [SyncKind, Record<string, unknown>][] {
  const [type, model, service, item] = [hex(0x200), hex(0x300), hex(0x400), hex(0x500)];
  return [
    ["equipmentTypes", { id: type, name: "Extinguisher" }],
    ["models", { id: model, name: "B500", equipmentTypeId: type }],
    [
      "serviceTypes",
      {
        id: service,
        name: "Monthly Inspection",
        equipmentTypeId: type,
        inspection: true,
        frequencyType: 6,
        frequency: 1,
        dueWhen: "any",
        conditions: [{ id: hex(0x401), type: "time", timeFrequencyType: 6, timeFrequency: 1, serviceTypeId: service }],
      },
    ],
    ["equipment", { id: item, name: "Lobby", locationId: HARBOUR, modelId: model }],
    ["performedServices", { id: hex(0x600), equipmentId: item, serviceTypeId: service, locationId: HARBOUR, lastDate: dayjs().subtract(1, "year").toISOString() }],
  ];
}
