/**
 * The checklist's rules (§5 Checklist) and what submitting it writes (§4): one history record
 * with the answers (the route's id, type 2 or 3), the performed service, a deficiency for each
 * chosen option with deficiencyToAdd (and its history 11), and the equipment fields set by
 * answers (with one data-change history record, 6, holding before and after).
 */
import type { StringKey } from "../../../../lib/strings";
import { t } from "../../../../lib/strings";
import { type HistoryRecord, HistoryType, type QuestionnaireAnswer, historyRecord } from "../../../../domain/history";
import type { Equipment, NamedField, PerformedService, Question, QuestionOption, ServiceType } from "../../../../domain/records";
import type { SyncEngine } from "../../../../offline/sync/engine";
import { type Actor, type DeficiencyRecord, openedDeficiency } from "../deficiencies/deficiencies";
import { type PerformedServiceRecord, performedServiceRecords } from "../performService";
import { liveOptions } from "../questions";
import { track } from "../../../../offline/analytics/track";

export interface Answer {
  /** The chosen option of a question with options. */
  optionId: string;
  /** The answer of a question without options; the comments of one with options. */
  text: string;
  /** Photos taken with the answer (file names). */
  photos?: string[];
}

export const NO_ANSWER: Answer = { optionId: "", text: "" };

/** §5: a question with options needs a choice, one without needs a text answer. */
export function answerError(question: Question, answer: Answer = NO_ANSWER): StringKey | undefined {
  const options = liveOptions(question);
  if (options.length > 0) return options.some((o) => o.id === answer.optionId) ? undefined : "checklistAnswerRequired";
  return answer.text.trim() === "" ? "checklistTextAnswerRequired" : undefined;
}

function chosenOption(question: Question, answer: Answer): QuestionOption | undefined {
  return liveOptions(question).find((o) => o.id === answer.optionId);
}

/** The deficiency a choice opens: its deficiencyToAdd text, or the question and choice when it is just `true`. */
export function deficiencyText(question: Question, option: QuestionOption): string | undefined {
  const add = option.deficiencyToAdd;
  if (typeof add === "string") return add.trim() === "" ? undefined : add.trim();
  return add === true ? `${question.question}: ${option.description ?? ""}`.trim() : undefined;
}

/** The value an answer writes into the question's fieldToSet: the text answer, or the chosen option's description. */
function fieldValue(question: Question, answer: Answer): string {
  const option = chosenOption(question, answer);
  return option ? (option.description ?? "") : answer.text.trim();
}

export interface ChecklistSubmission {
  actor: Actor;
  equipment: Equipment;
  serviceType: ServiceType;
  performed: PerformedService | undefined;
  questions: Question[];
  answers: Record<string, Answer>;
  historyId: string;
  /** When the service counts as done (ISO). */
  lastDate: string;
  equipmentFields: readonly NamedField[];
  now?: Date;
}

export interface ChecklistRecords {
  equipment: Equipment | undefined;
  dataChange: HistoryRecord | undefined;
  performed: PerformedServiceRecord;
  history: HistoryRecord;
  deficiencies: { deficiency: DeficiencyRecord; history: HistoryRecord }[];
}

export function checklistRecords(input: ChecklistSubmission): ChecklistRecords {
  const { actor, equipment, questions, answers, historyId } = input;
  const now = input.now ?? new Date();
  const questionnaireAnswers: QuestionnaireAnswer[] = questions.map((question) => {
    const answer = answers[question.id] ?? NO_ANSWER;
    const text = answer.text.trim();
    return {
      question: question.question,
      multipleChoiceAnswer: chosenOption(question, answer)?.description ?? null,
      textAnswer: text === "" ? null : text,
      questionId: question.id,
      historyRecordId: historyId,
      ...(answer.photos && answer.photos.length > 0 ? { photos: answer.photos } : {}),
    };
  });

  const fieldData: Record<string, string> = { ...(equipment.fieldData ?? {}) };
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const question of questions) {
    if (!question.fieldToSet) continue;
    const value = fieldValue(question, answers[question.id] ?? NO_ANSWER);
    const old = fieldData[question.fieldToSet] ?? "";
    if (value === old) continue;
    if (!(question.fieldToSet in before)) before[question.fieldToSet] = old;
    after[question.fieldToSet] = value;
    fieldData[question.fieldToSet] = value;
  }
  const changed = Object.keys(after).length > 0;
  const updated: Equipment = changed ? { ...equipment, fieldData } : equipment;
  const names = new Map(input.equipmentFields.map((f) => [f.id, f.name]));
  const dataChange = changed
    ? historyRecord(
        {
          orgId: actor.orgId,
          type: HistoryType.dataChange,
          description: Object.keys(after)
            .map((id) => t("historyFieldChanged", { field: names.get(id) ?? id, before: before[id] ?? "", after: after[id] ?? "" }))
            .join("; "),
          equipmentId: equipment.id,
          locationId: equipment.locationId,
          userId: actor.userId,
          relevantId: equipment.id,
          changes: { before: { fieldData: before }, after: { fieldData: after } },
        },
        now,
      )
    : undefined;

  // The performed service keeps the readings as they are after the answers set them.
  const { performed, history } = performedServiceRecords({
    orgId: actor.orgId,
    userId: actor.userId,
    equipment: updated,
    serviceType: input.serviceType,
    performed: input.performed,
    lastDate: input.lastDate,
    historyId,
    questionnaireAnswers,
    now,
  });

  // A deficiency a choice opens carries the answer's photos: they show what was found.
  const deficiencies = questions.flatMap((question) => {
    const answer = answers[question.id] ?? NO_ANSWER;
    const option = chosenOption(question, answer);
    const description = option && deficiencyText(question, option);
    if (!description) return [];
    return [
      openedDeficiency(
        { equipmentId: equipment.id, locationId: equipment.locationId, description, serviceTypeId: input.serviceType.id, photos: answer.photos },
        actor,
        now,
      ),
    ];
  });

  return { equipment: changed ? updated : undefined, dataChange, performed, history, deficiencies };
}

export async function submitChecklist(engine: Pick<SyncEngine, "put">, input: ChecklistSubmission): Promise<void> {
  const records = checklistRecords(input);
  if (records.equipment) await engine.put("equipment", records.equipment);
  if (records.dataChange) await engine.put("history", records.dataChange);
  await engine.put("performedServices", records.performed);
  track("SERVICE", "answer_checklist");
  await engine.put("history", records.history);
  for (const { deficiency, history } of records.deficiencies) {
    await engine.put("deficiencies", deficiency);
    await engine.put("history", history);
  }
}
