/**
 * Performing a service (§4): the performed service record `{equipmentId}-{serviceTypeId}` gets
 * its lastDate (now, or the scheduled next date) and loses its overriding next date, and a
 * history record of type 2, or 3 for an unscheduled service, points at it. Perform Now, the
 * checklist and the updateOnScan services all write these same records; the date edit writes
 * the performed service alone.
 */
import { t } from "../../../app/strings";
import { type HistoryRecord, HistoryType, type QuestionnaireAnswer, historyRecord } from "../../../domain/history";
import { compositeId } from "../../../domain/ids";
import type { Equipment, PerformedService, ServiceType } from "../../../domain/records";
import type { SyncEngine } from "../../../offline/sync/engine";

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

export async function performService(engine: Pick<SyncEngine, "put">, input: PerformServiceInput): Promise<void> {
  const { performed, history } = performedServiceRecords(input);
  await engine.put("performedServices", performed);
  await engine.put("history", history);
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
