// History records (spec §3, §4): their numeric types and how a screen makes one. Every action
// on equipment leaves one, so the records are built in one place.

import { newId } from "./ids";

/** §4 History types. */
export const HistoryType = {
  performedService: 2,
  performedUnscheduledService: 3,
  couldNotService: 4,
  added: 5,
  dataChange: 6,
  custom: 7,
  deleted: 8,
  swap: 9,
  replaced: 10,
  deficiencyOpened: 11,
  deficiencyClosed: 12,
} as const;

export type HistoryTypeCode = (typeof HistoryType)[keyof typeof HistoryType];

export interface QuestionnaireAnswer {
  question: string;
  multipleChoiceAnswer?: string | null;
  textAnswer?: string | null;
  questionId: string;
  historyRecordId: string;
  /** Photos taken with the answer: `photos/{32 hex}.jpg`, at most 10. */
  photos?: string[];
}

export interface HistoryRecord {
  id: string;
  orgId?: string;
  lastUpdated?: string;
  deleted?: boolean;
  date: string;
  description: string;
  equipmentId: string;
  /** The site the record is stored under; moves with the equipment. */
  locationId: string;
  /** The site where it happened; stays when the equipment moves. */
  happenedAtLocationId?: string | null;
  userId?: string | null;
  /** The record the event is about: a performed service, deficiency or the other item. */
  relevantId?: string | null;
  type: HistoryTypeCode | number;
  changes?: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
  questionnaireAnswers?: QuestionnaireAnswer[] | null;
  /** Photos of what the record tells: `photos/{32 hex}.jpg`, at most 10. */
  photos?: string[];
}

export interface HistoryEvent {
  orgId: string;
  type: HistoryTypeCode;
  description: string;
  equipmentId: string;
  locationId: string;
  userId?: string | null;
  relevantId?: string | null;
  changes?: HistoryRecord["changes"];
  questionnaireAnswers?: QuestionnaireAnswer[];
  /** Defaults to now. */
  date?: string;
}

/** A new history record for an event at the equipment's current site. */
export function historyRecord(event: HistoryEvent, now: Date = new Date()): HistoryRecord {
  return {
    id: newId(),
    orgId: event.orgId,
    date: event.date ?? now.toISOString(),
    description: event.description,
    equipmentId: event.equipmentId,
    locationId: event.locationId,
    happenedAtLocationId: event.locationId,
    userId: event.userId ?? null,
    relevantId: event.relevantId ?? null,
    type: event.type,
    changes: event.changes ?? null,
    questionnaireAnswers: event.questionnaireAnswers ?? [],
  };
}
