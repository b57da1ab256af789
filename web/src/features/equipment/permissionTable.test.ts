// Every equipment action the app offers, pinned to the one permission table: a user who holds
// only the action's permission gets every record it writes through, and one without it does not.
import { describe, expect, it } from "vitest";
import { type ActionName, actionTable } from "../../domain/actions";
import { HistoryType } from "../../domain/history";
import type { Deficiency, Equipment, PerformedService, Question, ServiceType, Site } from "../../domain/records";
import type { SyncKind } from "../../offline/kinds";
import type { LocalRecord } from "../../offline/records";
import { RecordingEngine } from "../../test/fakeSync";
import { couldNotService, deleteEquipment, transferEquipment } from "./actions/changes";
import { barcodeChanges, replaceChanges, swapChanges } from "./barcodes/changes";
import { applyChanges } from "./barcodes/useEquipmentChanges";
import { addEquipment, editEquipment } from "./form/saves";
import { belongingsOf } from "./moves";
import { submitChecklist } from "./services/checklist/checklist";
import { addDeficiency, saveDeficiency } from "./services/deficiencies/deficiencies";
import { editServiceDates, performService, undoService } from "./services/performService";

const hex = (n: number) => n.toString(16).padStart(32, "0");
const ORG = hex(0xa);
const USER = hex(0xb);
const actor = { orgId: ORG, userId: USER };
const now = new Date("2026-11-22T10:00:00.000Z");

const here: Site = { id: hex(1), name: "Harbour Tower", timeZone: "America/Toronto", lastUpdated: "" };
const there: Site = { id: hex(2), name: "Maple Mall", timeZone: "America/Toronto", lastUpdated: "" };
const PRESSURE = hex(0x600);
const lobby: Equipment = { id: hex(0x10), orgId: ORG, name: "Lobby", locationId: here.id, barcode: "B-1", fieldData: { [PRESSURE]: "100" }, lastUpdated: "" };
const spare: Equipment = { id: hex(0x11), orgId: ORG, name: "Spare", locationId: there.id, barcode: "B-2", lastUpdated: "" };
const annual: ServiceType = { id: hex(0x400), name: "Annual Service", lastUpdated: "" };
const performed: PerformedService = { id: `${lobby.id}-${annual.id}`, orgId: ORG, equipmentId: lobby.id, serviceTypeId: annual.id, locationId: here.id, lastDate: "2026-01-01T00:00:00.000Z", lastUpdated: "" };
const dent: Deficiency = { id: hex(0x30), orgId: ORG, equipmentId: lobby.id, locationId: here.id, description: "Dent", dateOpened: "2026-01-01T00:00:00.000Z", dateClosed: "", lastUpdated: "" };
const done = { id: hex(0x20), orgId: ORG, equipmentId: lobby.id, locationId: here.id, date: "2026-01-01T00:00:00.000Z", description: "Annual", type: HistoryType.performedService };
const questions: Question[] = [
  { id: hex(0x50), question: "Pin in place?", serviceTypeId: annual.id, options: [{ id: hex(0x51), description: "No", deficiencyToAdd: "Pin missing" }], lastUpdated: "" },
  { id: hex(0x52), question: "Pressure?", serviceTypeId: annual.id, fieldToSet: PRESSURE, lastUpdated: "" },
];

/** What the server and the device hold before the action. */
function world(): RecordingEngine {
  const seed: [SyncKind, LocalRecord & Record<string, unknown>][] = [
    ["equipment", lobby],
    ["equipment", spare],
    ["performedServices", performed],
    ["deficiencies", dent],
    ["history", done],
  ];
  return new RecordingEngine(seed);
}

/** The permission the table names for `action`: all a user holding only it has. */
function onlyPermissionOf(action: ActionName): string[] {
  const permission = actionTable.actions.find((a) => a.action === action)?.permission;
  return permission ? [permission] : [];
}

const cases: { action: ActionName; name: string; run: (engine: RecordingEngine) => Promise<unknown>; writes: string[]; without: string[] }[] = [
  {
    action: "performService",
    name: "Perform Now",
    run: (engine) => performService(engine, { orgId: ORG, userId: USER, equipment: lobby, serviceType: annual, performed, lastDate: now.toISOString() }),
    writes: ["performedServices", "history"],
    without: ["EQUIPMENT_WRITE", "HISTORY_WRITE"],
  },
  {
    action: "undoService",
    name: "Undo of a Perform Now that has reached the server",
    // The perform's own writes are on the server already: the service done now, and its record (done).
    run: (engine) =>
      undoService(engine, {
        before: { ...performed, lastDate: "2025-01-01T00:00:00.000Z", overidedNextDate: "2026-03-01T00:00:00.000Z" },
        performed,
        history: { ...done, userId: USER, relevantId: performed.id },
      }),
    writes: ["performedServices", "history"],
    without: ["EQUIPMENT_WRITE", "HISTORY_WRITE"],
  },
  {
    action: "undoService",
    name: "Undo of a Perform Now not yet sent (Perform Now's new record goes up deleted)",
    run: async (engine) => {
      // The device holds the perform; the server (the engine recording the uploads) does not yet.
      const device = world();
      const work = await performService(device, { orgId: ORG, userId: USER, equipment: lobby, serviceType: annual, performed, lastDate: now.toISOString() });
      await undoService({ get: device.get, put: engine.put, remove: engine.remove }, work);
    },
    writes: ["performedServices", "history"],
    without: ["EQUIPMENT_WRITE", "HISTORY_WRITE"],
  },
  {
    action: "answerChecklist",
    name: "the checklist, setting a reading and opening a deficiency",
    run: (engine) =>
      submitChecklist(engine, {
        actor,
        equipment: lobby,
        serviceType: annual,
        performed,
        questions,
        answers: { [hex(0x50)]: { optionId: hex(0x51), text: "" }, [hex(0x52)]: { optionId: "", text: "120" } },
        historyId: hex(0x99),
        lastDate: now.toISOString(),
        equipmentFields: [{ id: PRESSURE, name: "Pressure", lastUpdated: "" }],
        now,
      }),
    writes: ["equipment", "history", "performedServices", "history", "deficiencies", "history"],
    without: ["HISTORY_WRITE", "DEFICIENCY_WRITE"],
  },
  {
    action: "editServiceDates",
    name: "the performed-service date edit",
    run: (engine) => editServiceDates(engine, { orgId: ORG, equipment: lobby, serviceType: annual, performed, lastDate: "2026-06-01T00:00:00.000Z", nextDate: "" }),
    writes: ["performedServices"],
    without: ["EQUIPMENT_WRITE"],
  },
  {
    action: "couldNotService",
    name: "Could Not Service",
    run: (engine) => couldNotService(engine, lobby, "Could not access", actor),
    writes: ["history"],
    without: ["EQUIPMENT_WRITE", "DEFICIENCY_WRITE"],
  },
  {
    action: "openDeficiency",
    name: "Open Deficiency",
    run: (engine) => addDeficiency(engine, { equipmentId: lobby.id, locationId: here.id, description: "Cracked hose" }, actor),
    writes: ["deficiencies", "history"],
    // Not SERVICE_WRITE: the checklist's own new deficiencies go through with that.
    without: ["EQUIPMENT_WRITE", "HISTORY_WRITE"],
  },
  {
    action: "editDeficiency",
    name: "closing a deficiency",
    run: (engine) => saveDeficiency(engine, dent, { description: "Dent", dateOpened: dent.dateOpened, serviceTypeId: "" }, true, actor),
    writes: ["deficiencies", "history"],
    without: ["SERVICE_WRITE"],
  },
  {
    action: "editDeficiency",
    name: "reopening a deficiency",
    run: (engine) => saveDeficiency(engine, { ...dent, dateClosed: "2026-02-01T00:00:00.000Z" }, { description: "Dent", dateOpened: dent.dateOpened, serviceTypeId: "" }, false, actor),
    writes: ["deficiencies", "history"],
    without: ["SERVICE_WRITE"],
  },
  {
    action: "addEquipment",
    name: "adding equipment",
    run: (engine) => addEquipment(engine, { id: hex(0x12), orgId: ORG, name: "Kitchen", locationId: here.id }, actor),
    writes: ["equipment", "history"],
    without: ["SERVICE_WRITE", "LOCATION_WRITE"],
  },
  {
    action: "editEquipment",
    name: "editing equipment",
    run: (engine) => editEquipment(engine, lobby, { ...lobby, name: "Lobby by the door" }, actor, () => "Location"),
    writes: ["equipment", "history"],
    without: ["SERVICE_WRITE"],
  },
  {
    action: "editEquipment",
    name: "Replace Barcode",
    run: (engine) => applyChanges(engine, barcodeChanges(lobby, "B-9", { ...actor, now })),
    writes: ["equipment", "history"],
    without: ["SERVICE_WRITE"],
  },
  {
    action: "deleteEquipment",
    name: "Delete Equipment",
    run: (engine) => deleteEquipment(engine, lobby, actor),
    writes: ["equipment", "history"],
    without: ["HISTORY_WRITE"],
  },
  {
    action: "moveEquipment",
    name: "Transfer Equipment",
    run: (engine) => transferEquipment(engine, lobby, here, there, actor),
    writes: ["history", "performedServices", "deficiencies", "equipment", "history"],
    without: ["HISTORY_WRITE", "SERVICE_WRITE", "DEFICIENCY_WRITE"],
  },
  {
    action: "moveEquipment",
    name: "Swap",
    run: async (engine) => {
      const belongings = { current: await belongingsOf(engine, lobby.id, here.id), other: await belongingsOf(engine, spare.id, there.id) };
      await applyChanges(engine, swapChanges(lobby, spare, belongings, [here, there], { ...actor, now }));
    },
    writes: ["history", "performedServices", "deficiencies", "equipment", "equipment", "history", "history"],
    without: ["HISTORY_WRITE", "SERVICE_WRITE", "DEFICIENCY_WRITE"],
  },
  {
    action: "moveEquipment",
    name: "Replace Equipment",
    run: async (engine) => {
      // The item scanned here takes the place of the one being replaced, bringing what belongs to it.
      const belongings = await belongingsOf(engine, lobby.id, here.id);
      await applyChanges(engine, replaceChanges(spare, lobby, belongings, [here, there], { ...actor, now }));
    },
    writes: ["history", "performedServices", "deficiencies", "equipment", "equipment", "history", "history"],
    without: ["HISTORY_WRITE", "SERVICE_WRITE", "DEFICIENCY_WRITE"],
  },
];

describe("equipment actions and the permission table", () => {
  it.each(cases)("$name ($action) goes through whole with only its permission, and not without it", async ({ action, run, writes, without }) => {
    const engine = world();
    await run(engine);
    expect(engine.writes.map((w) => w.kind)).toEqual(writes);
    expect(engine.refusals(onlyPermissionOf(action), USER)).toEqual([]);
    expect(engine.refusals(without, USER)).not.toEqual([]);
  });

  it("writes every automatic history record, whatever the user holds", async () => {
    const engine = world();
    await deleteEquipment(engine, lobby, actor);
    expect(engine.writes.find((w) => w.kind === "history")?.record).toMatchObject({ type: HistoryType.deleted, equipmentId: lobby.id });
  });
});
