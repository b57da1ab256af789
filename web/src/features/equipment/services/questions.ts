/**
 * Checklist questions (spec §3 Question, Question option): a service type with live
 * questions is performed through the checklist screen.
 */
import type { Question, QuestionOption } from "../../../domain/records";

/** The service type's questions, in the order they are stored. */
export function questionsOf(questions: readonly Question[], serviceTypeId: string): Question[] {
  return questions.filter((q) => q.serviceTypeId === serviceTypeId && q.deleted !== true);
}

/** The options a technician can choose from. */
export function liveOptions(question: Question): QuestionOption[] {
  return (question.options ?? []).filter((o) => o.deleted !== true);
}
