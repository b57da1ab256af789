// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../../../domain/history";
import type { Deficiency } from "../../../../domain/records";
import { setViewportWidth } from "../../../../test/render";
import { ANNUAL, ITEM, ORG, SITE, USER, baseRecords, closeTabs, equipmentUrl, hex, setup } from "../../../../test/equipment/services";
import { firstSection, pickerInput, setPicker } from "../../../../test/pickers";
import { imageQueue } from "../../../../offline/images";
import { freshImageQueueEachTest } from "../../../../test/imageQueue";

// Resizing needs a real browser (the browser test does it); here a photo is kept as it comes.
vi.mock("../../../../files/photos", async (original) => ({
  ...(await original<typeof import("../../../../files/photos")>()),
  preparePhoto: vi.fn(async (file: File) => ({ blob: file, thumbnail: file })),
}));

const OPEN = hex(0x50);
const CLOSED = hex(0x51);
const OLDER_OPEN = hex(0x52);

function withDeficiencies() {
  const deficiency = (id: string, description: string, dateOpened: string, dateClosed = "") =>
    ["deficiencies", { id, orgId: ORG, locationId: SITE, equipmentId: ITEM, description, dateOpened, dateClosed, serviceTypeId: ANNUAL }] as const;
  return [
    ...baseRecords(),
    deficiency(CLOSED, "Hose cracked", "2025-05-01T15:00:00.000Z", "2025-05-03T15:00:00.000Z"),
    deficiency(OLDER_OPEN, "Sign missing", "2024-01-01T15:00:00.000Z"),
    deficiency(OPEN, "Gauge in the red", "2025-04-01T15:00:00.000Z"),
  ] as ReturnType<typeof baseRecords>;
}

const deficiencyUrl = (id = "new") => `${equipmentUrl}/deficiency/${id}`;

freshImageQueueEachTest();

afterEach(() => {
  cleanup();
  closeTabs();
});

const jpeg = (name: string) => new File(["x"], name, { type: "image/jpeg" });
const photoName = (n: number) => `photos/${hex(n)}.jpg`;

describe("Deficiencies", { timeout: 30_000 }, () => {
  beforeEach(() => setViewportWidth(375));

  it("lists the item's deficiencies open first, newest first", async () => {
    await setup({ path: equipmentUrl, records: withDeficiencies() });
    const section = (await screen.findByRole("heading", { name: "Deficiencies" })).closest("section") as HTMLElement;
    await within(section).findByText("Gauge in the red");
    expect(within(section).getAllByRole("listitem").map((row) => row.textContent)).toEqual([
      "Gauge in the redOpened April 1 2025 11:00AMOpen",
      "Sign missingOpened January 1 2024 10:00AMOpen",
      "Hose crackedClosed May 3 2025 11:00AMClosed",
    ]);
    expect(within(section).getByRole("link", { name: "Add Deficiency" }).getAttribute("href")).toBe(deficiencyUrl());
  });

  it("adds a deficiency, description and opened date required, and writes 'deficiency opened' history", async () => {
    const user = userEvent.setup();
    const { list, history, router } = await setup({ path: [equipmentUrl, deficiencyUrl()] });
    expect(await screen.findByRole("heading", { name: "New Deficiency" })).toBeTruthy();
    const save = await screen.findByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    expect(pickerInput(/^Date Opened/).value).not.toBe("");

    await user.type(screen.getByRole("textbox", { name: "Description" }), "Pin missing");
    expect(save).toHaveProperty("disabled", false);
    setPicker(/^Date Opened/, "");
    expect(save).toHaveProperty("disabled", true);
    await user.click(firstSection(/^Date Opened/));
    await user.keyboard("2025-07-01 08:00");
    await user.click(screen.getByRole("combobox", { name: "Service Type" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => [o.textContent, o.getAttribute("aria-selected")])).toEqual([
      ["None", "true"],
      ["Monthly Inspection", "false"],
      ["Annual Service", "false"],
      ["Recharge", "false"],
    ]);
    await user.click(screen.getByRole("option", { name: "Annual Service" }));
    await user.click(save);

    await screen.findByRole("heading", { name: "Equipment page" });
    expect(router.state.location.pathname).toBe(equipmentUrl);
    const [deficiency] = await list<Deficiency>("deficiencies");
    expect(deficiency).toMatchObject({
      description: "Pin missing",
      dateOpened: "2025-07-01T12:00:00.000Z",
      dateClosed: "",
      serviceTypeId: ANNUAL,
      equipmentId: ITEM,
      locationId: SITE,
      orgId: ORG,
    });
    const [record] = await history();
    expect(record).toMatchObject({ type: HistoryType.deficiencyOpened, relevantId: deficiency?.id, userId: USER, description: "Deficiency opened: Pin missing" });
  });

  it("closes an open deficiency, writing 'deficiency closed' history", async () => {
    const user = userEvent.setup();
    const { engine, history } = await setup({ path: deficiencyUrl(OPEN), records: withDeficiencies() });
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "Open");
    const before = Date.now();
    await user.click(screen.getByRole("button", { name: "Close Deficiency" }));
    await waitFor(async () => expect((await history()).map((h) => h.type)).toEqual([HistoryType.deficiencyClosed]));
    const closed = await engine.get<Deficiency>("deficiencies", OPEN, SITE);
    expect(Date.parse(closed?.dateClosed ?? "")).toBeGreaterThanOrEqual(before);
    expect((await history())[0]).toMatchObject({ relevantId: OPEN, description: "Deficiency closed: Gauge in the red" });
  });

  it("reopens a closed deficiency, writing 'deficiency opened' history", async () => {
    const user = userEvent.setup();
    const { engine, history } = await setup({ path: deficiencyUrl(CLOSED), records: withDeficiencies() });
    expect((await screen.findByRole("status")).textContent).toBe("Closed May 3 2025 11:00AM");
    await user.click(screen.getByRole("button", { name: "Reopen Deficiency" }));
    await waitFor(async () => expect((await history()).map((h) => h.type)).toEqual([HistoryType.deficiencyOpened]));
    expect((await engine.get<Deficiency>("deficiencies", CLOSED, SITE))?.dateClosed).toBe("");
  });

  it("takes photos on a new deficiency: kept on the device at once and named on the record", async () => {
    const user = userEvent.setup();
    const { list } = await setup({ path: [equipmentUrl, deficiencyUrl()] });
    await user.type(await screen.findByRole("textbox", { name: "Description" }), "Valve corroded");
    const photos = screen.getByRole("group", { name: "Photos" });
    await user.upload(within(photos).getByLabelText("Add Photos"), [jpeg("a.jpg"), jpeg("b.jpg"), jpeg("c.jpg")]);
    await waitFor(() => expect(within(photos).getAllByRole("img")).toHaveLength(3));
    await user.click(screen.getByRole("button", { name: "Save" }));

    await screen.findByRole("heading", { name: "Equipment page" });
    const [deficiency] = await list<Deficiency>("deficiencies");
    expect(deficiency?.photos).toHaveLength(3);
    // Taken in the same millisecond, the queue's order among them is its own.
    expect((await imageQueue().entries()).map((e) => e.fileName).sort()).toEqual([...(deficiency?.photos ?? [])].sort());
  });

  it("shows a deficiency's photos and saves one removed", async () => {
    const user = userEvent.setup();
    const records = withDeficiencies().map(([kind, record]) =>
      record.id === OPEN ? ([kind, { ...record, photos: [photoName(0x71), photoName(0x72)] }] as const) : ([kind, record] as const),
    ) as ReturnType<typeof baseRecords>;
    const { engine } = await setup({ path: [equipmentUrl, deficiencyUrl(OPEN)], records });
    const photos = await screen.findByRole("group", { name: "Photos" });
    expect(within(photos).getAllByRole("listitem")).toHaveLength(2);
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    await user.click(within(photos).getByRole("button", { name: "Remove photo 1" }));
    expect(save).toHaveProperty("disabled", false);
    await user.click(save);
    await screen.findByRole("heading", { name: "Equipment page" });
    expect((await engine.get<Deficiency>("deficiencies", OPEN, SITE))?.photos).toEqual([photoName(0x72)]);
  });

  it("says 'Location id not set when adding deficiencies' without a site in the route", async () => {
    await setup({ path: `/equipment/${ITEM}/deficiency/new` });
    expect(await screen.findByText("Location id not set when adding deficiencies")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("needs DEFICIENCY_WRITE to add, edit or close, and DEFICIENCY_READ to view", async () => {
    await setup({ path: deficiencyUrl(OPEN), records: withDeficiencies(), permissions: ["DEFICIENCY_READ"] });
    expect(await screen.findByRole("textbox", { name: "Description" })).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Close Deficiency" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    cleanup();

    await setup({ path: deficiencyUrl(), permissions: ["DEFICIENCY_READ"] });
    expect(await screen.findByText("You do not have permission to make these changes.")).toBeTruthy();
    cleanup();

    await setup({ path: deficiencyUrl(OPEN), records: withDeficiencies(), permissions: ["HISTORY_READ"] });
    expect(await screen.findByText("You do not have permission to see this.")).toBeTruthy();
    expect(screen.queryByText("Gauge in the red")).toBeNull();
    cleanup();

    await setup({ path: equipmentUrl, records: withDeficiencies(), permissions: ["DEFICIENCY_READ"] });
    expect(await screen.findByText("Gauge in the red")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add Deficiency" })).toBeNull();
  });
});
