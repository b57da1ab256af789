// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../../../domain/history";
import { setViewportWidth } from "../../../../test/render";
import { FIELD, ITEM, ORG, SITE, USER, baseRecords, closeTabs, equipmentUrl, hex, setup } from "../../../../test/equipment/services";
import { firstSection, pickerInput, setPicker } from "../../../../test/pickers";
import { freshImageQueueEachTest } from "../../../../test/imageQueue";

// Resizing needs a real browser (the browser test does it); here a photo is kept as it comes.
vi.mock("../../../../files/photos", async (original) => ({
  ...(await original<typeof import("../../../../files/photos")>()),
  preparePhoto: vi.fn(async (file: File) => ({ blob: file, thumbnail: file })),
}));

const OLD = hex(0x40);
const NEW = hex(0x41);
const MIDDLE = hex(0x42);

function withHistory() {
  const record = (id: string, date: string, type: number, description: string, extra: Record<string, unknown> = {}) =>
    ["history", { id, orgId: ORG, locationId: SITE, equipmentId: ITEM, date, type, description, ...extra }] as const;
  return [
    ...baseRecords(),
    record(OLD, "2024-01-05T15:00:00.000Z", HistoryType.added, "Added"),
    record(NEW, "2025-06-01T16:30:00.000Z", HistoryType.dataChange, "Pressure changed", {
      changes: { before: { fieldData: { [FIELD]: "100" }, name: "Lobby" }, after: { fieldData: { [FIELD]: "120" }, name: "Lobby east" } },
    }),
    record(MIDDLE, "2025-02-10T15:00:00.000Z", HistoryType.performedService, "Performed Annual Service", {
      questionnaireAnswers: [{ question: "Pin in place?", multipleChoiceAnswer: "Yes", textAnswer: "Tight", questionId: hex(0x20), historyRecordId: MIDDLE }],
    }),
  ] as ReturnType<typeof baseRecords>;
}

const historySection = async () => (await screen.findByRole("heading", { name: "History" })).closest("section") as HTMLElement;

freshImageQueueEachTest();

afterEach(() => {
  cleanup();
  closeTabs();
});

describe("HistoryList", { timeout: 30_000 }, () => {
  beforeEach(() => setViewportWidth(375));

  it("lists records newest first with their date in the site's zone, type and description", async () => {
    await setup({ path: equipmentUrl, records: withHistory() });
    const section = await historySection();
    await within(section).findByText("Pressure changed");
    const rows = within(section).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Pressure changedJune 1 2025 12:30PM · Data Change",
      "Performed Annual ServiceFebruary 10 2025 10:00AM · Performed Service",
      "AddedJanuary 5 2024 10:00AM · Added",
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("link").getAttribute("href")).toBe(`${equipmentUrl}/history/${NEW}`);
  });

  it("opens a record, showing a data change's before and after and a checklist's answers read-only", async () => {
    const user = userEvent.setup();
    await setup({ path: equipmentUrl, records: withHistory() });
    const section = await historySection();
    await user.click(await within(section).findByRole("link", { name: /Pressure changed/ }));
    expect(await screen.findByRole("heading", { name: "History Record" })).toBeTruthy();
    expect(await screen.findByRole("textbox", { name: "Description" })).toHaveProperty("value", "Pressure changed");
    expect(screen.getByRole("combobox", { name: "Type" }).textContent).toBe("Data Change");
    const changes = screen.getByRole("table", { name: "Changes" });
    const cells = within(changes)
      .getAllByRole("row")
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(cells).toEqual([
      ["Field", "Before", "After"],
      ["Pressure", "100", "120"],
      ["name", "Lobby", "Lobby east"],
    ]);
    expect(screen.queryByRole("table", { name: "Checklist Answers" })).toBeNull();
  });

  it("shows a performed service's checklist answers", async () => {
    await setup({ path: `${equipmentUrl}/history/${MIDDLE}`, records: withHistory() });
    const answers = await screen.findByRole("table", { name: "Checklist Answers" });
    expect(within(answers).getAllByRole("row")[1]?.textContent).toBe("Pin in place?YesTight");
    expect(screen.queryByRole("table", { name: "Changes" })).toBeNull();
  });

  it("needs HISTORY_READ to list and HISTORY_WRITE to add", async () => {
    await setup({ path: equipmentUrl, records: withHistory(), permissions: ["SERVICE_READ", "HISTORY_READ"] });
    const section = await historySection();
    await within(section).findByText("Added");
    expect(within(section).queryByRole("link", { name: "Add History" })).toBeNull();
    cleanup();

    await setup({ path: equipmentUrl, records: withHistory(), permissions: ["SERVICE_READ"] });
    expect(await screen.findByRole("heading", { name: "Services" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
    expect(screen.queryByText("Added")).toBeNull();
  });
});

describe("History record form", { timeout: 30_000 }, () => {
  beforeEach(() => setViewportWidth(375));

  it("adds a custom record by default, with description and date required", async () => {
    const user = userEvent.setup();
    const { history, router } = await setup({ path: [equipmentUrl, `${equipmentUrl}/history/new`] });
    expect(await screen.findByRole("heading", { name: "New History Record" })).toBeTruthy();
    expect((await screen.findByRole("combobox", { name: "Type" })).textContent).toBe("Custom");
    const date = pickerInput(/^Date/);
    expect(date.value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    // The empty description shows its Required icon once touched, not on arrival.
    expect(screen.queryByRole("img", { name: "Required" })).toBeNull();
    await user.click(screen.getByRole("textbox", { name: "Description" }));
    await user.tab();
    expect(screen.getByRole("img", { name: "Required" })).toBeTruthy();

    await user.type(screen.getByRole("textbox", { name: "Description" }), "Moved");
    expect(save).toHaveProperty("disabled", false);
    setPicker(/^Date/, "");
    expect(save).toHaveProperty("disabled", true);
    await user.click(firstSection(/^Date/));
    await user.keyboard("2025-03-04 09:15");
    expect(save).toHaveProperty("disabled", false);

    await user.click(save);
    await screen.findByRole("heading", { name: "Equipment page" });
    expect(router.state.location.pathname).toBe(equipmentUrl);
    const [record] = await history();
    expect(record).toMatchObject({
      type: HistoryType.custom,
      description: "Moved",
      // 09:15 in Toronto (EST) is 14:15 UTC.
      date: "2025-03-04T14:15:00.000Z",
      equipmentId: ITEM,
      locationId: SITE,
      happenedAtLocationId: SITE,
      orgId: ORG,
      userId: USER,
    });
  });

  it("lets the type be chosen", async () => {
    const user = userEvent.setup();
    const { history } = await setup({ path: `${equipmentUrl}/history/new` });
    await user.click(await screen.findByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Could Not Service" }));
    await user.type(screen.getByRole("textbox", { name: "Description" }), "Locked room");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => expect((await history()).map((h) => h.type)).toEqual([HistoryType.couldNotService]));
  });

  it("edits a record and keeps what the form does not show", async () => {
    const user = userEvent.setup();
    const { history } = await setup({ path: `${equipmentUrl}/history/${NEW}`, records: withHistory() });
    const description = await screen.findByRole("textbox", { name: "Description" });
    await user.clear(description);
    await user.type(description, "Pressure raised");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => expect((await history()).find((h) => h.id === NEW)?.description).toBe("Pressure raised"));
    const saved = (await history()).find((h) => h.id === NEW);
    expect(saved?.type).toBe(HistoryType.dataChange);
    expect(saved?.changes?.after).toEqual({ fieldData: { [FIELD]: "120" }, name: "Lobby east" });
  });

  it("takes photos on a performed service's record, and shows its checklist answers' photos", async () => {
    const user = userEvent.setup();
    const answerPhoto = `photos/${hex(0x70)}.jpg`;
    const records = withHistory().map(([kind, record]) =>
      record.id === MIDDLE
        ? ([kind, { ...record, questionnaireAnswers: [{ question: "Pin in place?", multipleChoiceAnswer: "Yes", questionId: hex(0x20), historyRecordId: MIDDLE, photos: [answerPhoto] }] }] as const)
        : ([kind, record] as const),
    ) as ReturnType<typeof baseRecords>;
    const { history } = await setup({ path: [equipmentUrl, `${equipmentUrl}/history/${MIDDLE}`], records });
    const answerPhotos = await screen.findByRole("group", { name: "Photos: Pin in place?" });
    expect(within(answerPhotos).queryByRole("button")).toBeNull();
    const photos = screen.getByRole("group", { name: "Photos" });
    await user.upload(within(photos).getByLabelText("Add Photos"), [new File(["x"], "valve.jpg", { type: "image/jpeg" })]);
    await waitFor(() => expect(within(photos).getAllByRole("img")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(async () => expect((await history()).find((h) => h.id === MIDDLE)?.photos).toEqual([expect.stringMatching(/^photos\/[0-9a-f]{32}\.jpg$/)]));
    expect((await history()).find((h) => h.id === MIDDLE)?.questionnaireAnswers?.[0]?.photos).toEqual([answerPhoto]);
  });

  it("without HISTORY_WRITE shows a record read-only and cannot add one", async () => {
    await setup({ path: `${equipmentUrl}/history/${NEW}`, records: withHistory(), permissions: ["HISTORY_READ"] });
    expect(await screen.findByRole("textbox", { name: "Description" })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    // No photos to show, and none may be taken.
    expect(screen.queryByRole("group", { name: "Photos" })).toBeNull();
    cleanup();

    await setup({ path: `${equipmentUrl}/history/new`, permissions: ["HISTORY_READ"] });
    expect(await screen.findByText("You do not have permission to make these changes.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Description" })).toBeNull();
  });
});
