/**
 * Performing a service (§4): the performed service record `{equipmentId}-{serviceTypeId}` gets
 * its lastDate (now, or the scheduled next date) and loses its overriding next date, and a
 * history record of type 2, or 3 for an unscheduled service, points at it. Perform Now, the
 * checklist and the updateOnScan services all write these same records; the date edit writes
 * the performed service alone. Undo after Perform Now puts the performed service back and
 * deletes the history record it wrote.
 */
import { t } from "../../../lib/strings";
import { type HistoryRecord, HistoryType, type QuestionnaireAnswer, historyRecord } from "../../../domain/history";
import { compositeId } from "../../../domain/ids";
import type { Equipment, PerformedService, ServiceType } from "../../../domain/records";
import type { SyncEngine } from "../../../offline/sync/engine";
import { track } from "../../../offline/analytics/track";

export interface PerformServiceInput {
  orgId: string;
  userId: string | null;
  equipment: Equipment;
  serviceType: ServiceType;
  /** The item's current record for this service, if any. */
  performed: PerformedService | undefined;
  /** When the service counts as done (ISO). */
  lastDate: string;
  /** The id of the history record; the checklist's route names it in advance. */
  historyId?: string;
  questionnaireAnswers?: QuestionnaireAnswer[];
  now?: Date;
}

/** A performed service as a screen hands it to the store, which stamps lastUpdated. */
export type PerformedServiceRecord = Partial<PerformedService> & Pick<PerformedService, "id" | "equipmentId" | "serviceTypeId" | "locationId">;

export function performedServiceRecords(input: PerformServiceInput): { performed: PerformedServiceRecord; history: HistoryRecord } {
  const { equipment, serviceType, orgId } = input;
  const locationId = equipment.locationId;
  const performed: PerformedServiceRecord = {
    ...input.performed,
    id: compositeId(equipment.id, serviceType.id),
    orgId,
    equipmentId: equipment.id,
    serviceTypeId: serviceType.id,
    locationId,
    lastDate: new Date(input.lastDate).toISOString(),
    overidedNextDate: "",
    // The readings when the service was done: metered 'every' conditions count from them (§9).
    equipmentFieldData: { ...(equipment.fieldData ?? {}) },
  };
  const history = historyRecord(
    {
      orgId,
      type: serviceType.unscheduled === true ? HistoryType.performedUnscheduledService : HistoryType.performedService,
      description: t("servicePerformedHistory", { service: serviceType.name }),
      equipmentId: equipment.id,
      locationId,
      userId: input.userId,
      relevantId: performed.id,
      questionnaireAnswers: input.questionnaireAnswers,
    },
    input.now,
  );
  if (input.historyId) history.id = input.historyId;
  return { performed, history };
}

/** What a perform wrote, and what it replaced: all Undo needs. */
export interface PerformedWork {
  /** The item's record for the service before (undefined: never performed). */
  before: PerformedService | undefined;
  performed: PerformedServiceRecord;
  history: HistoryRecord;
}

export async function performService(engine: Pick<SyncEngine, "put">, input: PerformServiceInput): Promise<PerformedWork> {
  const { performed, history } = performedServiceRecords(input);
  await engine.put("performedServices", performed);
  await engine.put("history", history);
  track("SERVICE", "perform");
  return { before: input.performed, performed, history };
}

/**
 * Undo of a Perform Now (the permission table's undoService): the performed service gets back
 * its last date, overriding next date and readings, and the history record the perform wrote is
 * deleted (only its `deleted` flag changes). Both are saved over the device's current copies, so
 * it works whether or not the perform has reached the server yet.
 */
export async function undoService(engine: Pick<SyncEngine, "get" | "put" | "remove">, work: PerformedWork): Promise<void> {
  const { before, performed, history } = work;
  const current = await engine.get<PerformedService>("performedServices", performed.id);
  await engine.put("performedServices", {
    ...(current ?? performed),
    lastDate: before?.lastDate ?? "",
    overidedNextDate: before?.overidedNextDate ?? "",
    equipmentFieldData: before?.equipmentFieldData ?? null,
  });
  const written = await engine.get<HistoryRecord>("history", history.id);
  if (written) await engine.remove("history", written);
  track("SERVICE", "undo");
}

export interface ServiceDates {
  orgId: string;
  equipment: Equipment;
  serviceType: ServiceType;
  performed: PerformedService | undefined;
  /** ISO, or empty. */
  lastDate: string;
  /** The overriding next date (ISO); empty clears it. */
  nextDate: string;
}

/** The performed-service date edit: the item's record for the service with the two dates. */
export async function editServiceDates(engine: Pick<SyncEngine, "put">, input: ServiceDates): Promise<void> {
  const { equipment, serviceType } = input;
  await engine.put("performedServices", {
    ...input.performed,
    id: compositeId(equipment.id, serviceType.id),
    orgId: input.orgId,
    equipmentId: equipment.id,
    serviceTypeId: serviceType.id,
    locationId: equipment.locationId,
    lastDate: input.lastDate,
    overidedNextDate: input.nextDate,
  });
}
