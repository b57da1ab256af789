// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HistoryType } from "../../../../domain/history";
import { compositeId } from "../../../../domain/ids";
import type { Deficiency, Equipment, PerformedService } from "../../../../domain/records";
import { setViewportWidth } from "../../../../test/render";
import { ANNUAL, FIELD, ITEM, ORG, SITE, USER, baseRecords, closeTabs, equipmentUrl, hex, setup } from "../../../../test/equipment/services";
import { freshImageQueueEachTest } from "../../../../test/imageQueue";

// Resizing needs a real browser (the browser test does it); here a photo is kept as it comes.
vi.mock("../../../../files/photos", async (original) => ({
  ...(await original<typeof import("../../../../files/photos")>()),
  preparePhoto: vi.fn(async (file: File) => ({ blob: file, thumbnail: file })),
}));

const HISTORY_ID = hex(0x99);
const PIN = hex(0x20);
const GAUGE = hex(0x21);
const PRESSURE = hex(0x22);
const checklistUrl = `${equipmentUrl}/answer-questions/${ANNUAL}/${HISTORY_ID}`;

function checklistRecords() {
  return [
    ...baseRecords(),
    [
      "questions",
      {
        id: PIN,
        orgId: ORG,
        question: "Pin in place?",
        serviceTypeId: ANNUAL,
        allowComments: true,
        options: [
          { id: hex(0x30), description: "Yes", questionId: PIN, orgId: ORG },
          { id: hex(0x31), description: "Missing", questionId: PIN, orgId: ORG, deficiencyToAdd: "Pin missing" },
          { id: hex(0x32), description: "Retired", questionId: PIN, orgId: ORG, deleted: true },
        ],
      },
    ],
    [
      "questions",
      {
        id: GAUGE,
        orgId: ORG,
        question: "Gauge",
        serviceTypeId: ANNUAL,
        options: [
          { id: hex(0x33), description: "Green", questionId: GAUGE, orgId: ORG },
          { id: hex(0x34), description: "Red", questionId: GAUGE, orgId: ORG, deficiencyToAdd: true },
        ],
      },
    ],
    ["questions", { id: PRESSURE, orgId: ORG, question: "Pressure reading", serviceTypeId: ANNUAL, fieldToSet: FIELD, options: [] }],
    ["questions", { id: hex(0x23), orgId: ORG, question: "Another service's question", serviceTypeId: hex(0x77), options: [] }],
  ] as ReturnType<typeof baseRecords>;
}

const group = (name: string) => screen.findByRole("radiogroup", { name });

freshImageQueueEachTest();

afterEach(() => {
  cleanup();
  closeTabs();
});

describe("ChecklistPage", { timeout: 30_000 }, () => {
  beforeEach(() => setViewportWidth(375));

  it("asks for a choice where there are options and a text answer where there are none", async () => {
    const user = userEvent.setup();
    await setup({ path: checklistUrl, records: checklistRecords() });
    expect(await screen.findByRole("heading", { name: "Checklist: Annual Service" })).toBeTruthy();
    expect(screen.queryByText("Another service's question")).toBeNull();
    // Deleted options are not offered.
    expect(within(await group("Pin in place?")).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual(["Yes", "Missing"]);
    // Nothing in red on arrival; a question left unanswered says so.
    expect(screen.queryByText("An answer is required")).toBeNull();
    expect(screen.queryByText("A text answer is required")).toBeNull();
    const submit = screen.getByRole("button", { name: "Submit" });
    expect(submit).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("textbox", { name: "Pressure reading" }));
    await user.tab();
    expect(screen.getByText("A text answer is required")).toBeTruthy();
    within(await group("Gauge")).getAllByRole("radio")[0]!.focus();
    await user.tab();
    expect(screen.getAllByText("An answer is required")).toHaveLength(1);

    await user.click(within(await group("Pin in place?")).getByRole("radio", { name: "Yes" }));
    await user.click(within(await group("Gauge")).getByRole("radio", { name: "Green" }));
    expect(screen.queryByText("An answer is required")).toBeNull();
    expect(submit).toHaveProperty("disabled", true);
    await user.type(screen.getByRole("textbox", { name: "Pressure reading" }), "   ");
    expect(screen.getByText("A text answer is required")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Pressure reading" }), "120");
    expect(screen.queryByText("A text answer is required")).toBeNull();
    expect(submit).toHaveProperty("disabled", false);
  });

  it("offers comments only where the question allows them", async () => {
    await setup({ path: checklistUrl, records: checklistRecords() });
    const pin = (await group("Pin in place?")).closest("fieldset") as HTMLElement;
    const gauge = (await group("Gauge")).closest("fieldset") as HTMLElement;
    expect(within(pin).getByRole("textbox", { name: "Comments" })).toBeTruthy();
    expect(within(gauge).queryByRole("textbox", { name: "Comments" })).toBeNull();
  });

  it("submits one history record with the answers, performs the service, opens deficiencies and sets the field", async () => {
    const user = userEvent.setup();
    const { engine, history, list, router } = await setup({ path: [equipmentUrl, checklistUrl], records: checklistRecords() });
    await user.click(within(await group("Pin in place?")).getByRole("radio", { name: "Missing" }));
    await user.click(screen.getByRole("textbox", { name: "Comments" }));
    await user.paste("Pin on the floor");
    await user.click(within(await group("Gauge")).getByRole("radio", { name: "Red" }));
    await user.type(screen.getByRole("textbox", { name: "Pressure reading" }), "120");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("heading", { name: "Equipment page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(equipmentUrl);

    const records = await history();
    const performed = records.find((h) => h.id === HISTORY_ID);
    expect(performed).toMatchObject({ type: HistoryType.performedService, relevantId: compositeId(ITEM, ANNUAL), userId: USER, locationId: SITE });
    expect(performed?.questionnaireAnswers).toEqual([
      { question: "Pin in place?", multipleChoiceAnswer: "Missing", textAnswer: "Pin on the floor", questionId: PIN, historyRecordId: HISTORY_ID },
      { question: "Gauge", multipleChoiceAnswer: "Red", textAnswer: null, questionId: GAUGE, historyRecordId: HISTORY_ID },
      { question: "Pressure reading", multipleChoiceAnswer: null, textAnswer: "120", questionId: PRESSURE, historyRecordId: HISTORY_ID },
    ]);
    expect(records.filter((h) => h.type === HistoryType.performedService)).toHaveLength(1);

    const service = await engine.get<PerformedService>("performedServices", compositeId(ITEM, ANNUAL), SITE);
    expect(service?.lastDate).toBeTruthy();
    expect(service?.equipmentFieldData).toEqual({ [FIELD]: "120" });

    const deficiencies = await list<Deficiency>("deficiencies");
    expect(deficiencies.map((d) => d.description).sort()).toEqual(["Gauge: Red", "Pin missing"]);
    for (const deficiency of deficiencies) {
      expect(deficiency).toMatchObject({ equipmentId: ITEM, locationId: SITE, serviceTypeId: ANNUAL, orgId: ORG, dateClosed: "" });
      expect(deficiency.dateOpened).toBeTruthy();
      expect(records.find((h) => h.relevantId === deficiency.id)?.type).toBe(HistoryType.deficiencyOpened);
    }

    const equipment = await engine.get<Equipment>("equipment", ITEM, SITE);
    expect(equipment?.fieldData).toEqual({ [FIELD]: "120" });
    const change = records.find((h) => h.type === HistoryType.dataChange);
    expect(change?.changes).toEqual({ before: { fieldData: { [FIELD]: "100" } }, after: { fieldData: { [FIELD]: "120" } } });
    expect(change?.description).toBe("Pressure changed from '100' to '120'");
  });

  it("keeps photos with each answer, and gives a deficiency its answer's photos", async () => {
    const user = userEvent.setup();
    const { history, list } = await setup({ path: [equipmentUrl, checklistUrl], records: checklistRecords() });
    const photosOf = async (question: string) => screen.findByRole("group", { name: `Photos: ${question}` });
    const jpeg = (name: string) => new File(["x"], name, { type: "image/jpeg" });
    await user.click(within(await group("Pin in place?")).getByRole("radio", { name: "Missing" }));
    await user.upload(within(await photosOf("Pin in place?")).getByLabelText("Add Photos"), [jpeg("pin.jpg")]);
    await user.click(within(await group("Gauge")).getByRole("radio", { name: "Green" }));
    await user.upload(within(await photosOf("Pressure reading")).getByLabelText("Add Photos"), [jpeg("a.jpg"), jpeg("b.jpg")]);
    await waitFor(async () => expect(within(await photosOf("Pressure reading")).getAllByRole("img")).toHaveLength(2));
    await user.type(screen.getByRole("textbox", { name: "Pressure reading" }), "120");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("heading", { name: "Equipment page" })).toBeTruthy();
    const answers = (await history()).find((h) => h.id === HISTORY_ID)?.questionnaireAnswers ?? [];
    const photoName = expect.stringMatching(/^photos\/[0-9a-f]{32}\.jpg$/);
    expect(answers.map((a) => a.photos)).toEqual([[photoName], undefined, [photoName, photoName]]);
    const [deficiency] = await list<Deficiency>("deficiencies");
    expect(deficiency?.photos).toEqual(answers[0]?.photos);
  });

  it("writes no data change when the answer leaves the field as it was, and opens no deficiency for a plain choice", async () => {
    const user = userEvent.setup();
    const { history, list } = await setup({ path: checklistUrl, records: checklistRecords() });
    await user.click(within(await group("Pin in place?")).getByRole("radio", { name: "Yes" }));
    await user.click(within(await group("Gauge")).getByRole("radio", { name: "Green" }));
    await user.type(screen.getByRole("textbox", { name: "Pressure reading" }), "100");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("heading", { name: "Equipment page" });
    expect((await history()).map((h) => h.type)).toEqual([HistoryType.performedService]);
    expect(await list("deficiencies")).toEqual([]);
  });

  it("from the scheduled date (desktop's From Scheduled) performs the service as of its next date", async () => {
    const user = userEvent.setup();
    const records = [
      ...checklistRecords().filter(([kind, record]) => kind !== "questions" || record.id === PRESSURE),
      ["performedServices", { id: compositeId(ITEM, ANNUAL), orgId: ORG, locationId: SITE, equipmentId: ITEM, serviceTypeId: ANNUAL, lastDate: "2020-01-10T15:00:00.000Z" }],
    ] as ReturnType<typeof baseRecords>;
    const { engine } = await setup({ path: `${checklistUrl}?scheduled=1`, records });
    await user.type(await screen.findByRole("textbox", { name: "Pressure reading" }), "90");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("heading", { name: "Equipment page" });
    const service = await engine.get<PerformedService>("performedServices", compositeId(ITEM, ANNUAL), SITE);
    expect(service?.lastDate).toBe("2021-01-10T15:00:00.000Z");
  });

  it("cannot be submitted twice: a checklist whose history record exists is done", async () => {
    const records = [
      ...checklistRecords(),
      ["history", { id: HISTORY_ID, orgId: ORG, locationId: SITE, equipmentId: ITEM, date: "2025-01-01T15:00:00.000Z", type: 2, description: "Performed Annual Service" }],
    ] as ReturnType<typeof baseRecords>;
    await setup({ path: checklistUrl, records });
    expect(await screen.findByText("This checklist has been submitted.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it("needs SERVICE_WRITE", async () => {
    await setup({ path: checklistUrl, records: checklistRecords(), permissions: ["SERVICE_READ", "EQUIPMENT_READ"] });
    expect(await screen.findByText("You do not have permission to make these changes.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect(screen.queryByRole("radiogroup")).toBeNull();
  });
});
