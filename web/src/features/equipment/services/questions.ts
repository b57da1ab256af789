/**
 * Checklist questions (spec §3 Question, Question option): a service type with live
 * questions is performed through the checklist screen.
 */
import type { SyncRecord } from "../../../offline/records";

export interface QuestionOption {
  id: string;
  description?: string | null;
  /** Text of the deficiency a choice opens; `true` opens one named after the question and choice. */
  deficiencyToAdd?: string | boolean | null;
  questionId?: string | null;
  orgId?: string | null;
  deleted?: boolean | null;
}

export interface Question extends SyncRecord {
  question: string;
  serviceTypeId?: string | null;
  allowComments?: boolean | null;
  /** The id of the equipment field the answer is written into. */
  fieldToSet?: string | null;
  options?: QuestionOption[] | null;
}

/** The service type's questions, in the order they are stored. */
export function questionsOf(questions: readonly Question[], serviceTypeId: string): Question[] {
  return questions.filter((q) => q.serviceTypeId === serviceTypeId && q.deleted !== true);
}

/** The options a technician can choose from. */
export function liveOptions(question: Question): QuestionOption[] {
  return (question.options ?? []).filter((o) => o.deleted !== true);
}
